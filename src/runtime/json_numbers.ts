// Arrays of numbers written into the input hash (canonical_digest.ts) byte by byte, each number's text as
// JSON.stringify writes it (the canonical text's numbers), without a string per number or per piece.
import type { HashSink } from "../lib/hash_sink.js";

/** Bytes of a number's JSON text at most (JSON.stringify of a double writes at most 25 characters). */
const MAX_NUMBER_BYTES = 25;
/** Numbers written per check of the buffer's room. */
const NUMBERS_PER_BATCH = 1024;
/** Numbers below this (2^25) with at most 8 decimals have their shortest text written here (see numberAt). */
const FAST_BELOW = 33554432;

/** Numbers whose text decides how an array is written (putNumbers): its first SAMPLE. */
const SAMPLE = 16;
/** Numbers per piece of text of an array written by V8 (putNumberTexts). */
const PIECE = 2048;

/**
 * Appends to `sink` the JSON array of the numbers `xs` (finite), each as JSON.stringify writes it: byte by byte
 * when its first numbers have a short text (numberAt), else as V8's text of pieces of it (putNumberTexts).
 */
export function putNumbers(sink: HashSink, xs: ArrayLike<number>): void {
  if (shortTexts(xs)) putShortNumbers(sink, xs);
  else putNumberTexts(sink, xs);
}

/** Whether the first SAMPLE numbers of `xs` (every one if fewer) take numberAt's own path. */
function shortTexts(xs: ArrayLike<number>): boolean {
  for (let k = 0; k < Math.min(xs.length, SAMPLE); k++) {
    const x = xs[k]!;
    const a = x < 0 ? -x : x;
    if (x !== 0 && !(a >= 1e-6 && a < FAST_BELOW && Math.round(a * 1e8) / 1e8 === a)) return false;
  }
  return true;
}

/**
 * `xs` as the text V8 writes of a piece of PIECE numbers at a time (JSON.stringify of a plain array's piece, a
 * Float64Array's piece joined: the same text for finite numbers): for numbers of 17 digits that is about 90 ns
 * a number, where numberAt's fallback (JSON.stringify of each) takes about 130.
 */
function putNumberTexts(sink: HashSink, xs: ArrayLike<number>): void {
  if (xs.length === 0) sink.put("[");
  for (let start = 0; start < xs.length; start += PIECE) {
    const end = Math.min(xs.length, start + PIECE);
    const open = start === 0 ? "[" : ",";
    if (xs instanceof Float64Array) sink.put(open + xs.subarray(start, end).join(","));
    else sink.putOpenArray(JSON.stringify(Array.prototype.slice.call(xs, start, end)), open);
  }
  sink.put("]");
}

/** putNumbers byte by byte, each number by numberAt. */
function putShortNumbers(sink: HashSink, xs: ArrayLike<number>): void {
  const n = xs.length;
  let at = sink.room(2);
  let buffer = sink.out;
  buffer[at++] = 0x5b; // [
  for (let k = 0; k < n; ) {
    // Room for a batch of numbers with their commas and the closing bracket, then no check per number.
    const end = Math.min(n, k + NUMBERS_PER_BATCH);
    sink.wrote(at);
    at = sink.room((end - k) * (MAX_NUMBER_BYTES + 1) + 1);
    buffer = sink.out;
    for (; k < end; k++) {
      if (k > 0) buffer[at++] = 0x2c; // ,
      at = numberAt(buffer, xs[k]!, at);
    }
  }
  buffer[at++] = 0x5d; // ]
  sink.wrote(at);
}

/**
 * Writes x's JSON text at `at` in `buffer`; returns the end. A number d / 10^8 (d an integer) with
 * 1e-6 <= |x| < 2^25 is written as that decimal, its trailing zeros dropped: it is JSON.stringify's text, the
 * shortest decimal that reads back as x (another decimal as short differs from it by 10^-8 or more, more
 * than the spacing of doubles below 2^25, so it reads back as another double), written without exponent
 * from 1e-6 up. 0 and -0 are "0"; any other number is JSON.stringify's text.
 */
function numberAt(buffer: Buffer, x: number, at: number): number {
  const a = x < 0 ? -x : x;
  if (a >= 1e-6 && a < FAST_BELOW) {
    const d = Math.round(a * 1e8);
    if (d / 1e8 === a) {
      if (x < 0) buffer[at++] = 0x2d; // -
      // floor(a) is floor(d / 10^8): a is within 2^-29 of d / 10^8, and an integer is 10^-8 or more from it.
      const whole = a | 0;
      if (whole === 0) buffer[at++] = 0x30;
      else at = digitsAt(buffer, whole, at);
      const frac = d - whole * 1e8;
      return frac === 0 ? at : fractionAt(buffer, frac, at);
    }
  }
  if (x === 0) {
    buffer[at] = 0x30; // 0
    return at + 1;
  }
  const s = JSON.stringify(x);
  for (let i = 0; i < s.length; i++) buffer[at++] = s.charCodeAt(i);
  return at;
}

/** The decimal digits of the integer 0 <= v < 2^31 at `at`; returns the end. */
function digitsAt(buffer: Buffer, v: number, at: number): number {
  let n = v | 0;
  let len = 1;
  for (let p = 10; p <= n; p *= 10) len++;
  for (let i = len - 1; i >= 0; i--) {
    const q = (n / 10) | 0;
    buffer[at + i] = 0x30 + n - 10 * q;
    n = q;
  }
  return at + len;
}

/** The four ASCII digits of 0 <= v < 10^4 as one little-endian 32-bit word ("0123" is 0x33323130). */
const QUADS = Uint32Array.from({ length: 10_000 }, (_, v) => {
  const digit = (p: number) => 0x30 + (Math.floor(v / p) % 10);
  return (digit(1000) | (digit(100) << 8) | (digit(10) << 16) | (digit(1) << 24)) >>> 0;
});
/** Trailing zeros of 0 <= v < 10^4 written as four digits (4 for 0). */
const TRAILING_ZEROS = Uint8Array.from({ length: 10_000 }, (_, v) => {
  let z = 0;
  for (let w = v; z < 4 && w % 10 === 0; w /= 10) z++;
  return z;
});

let words: DataView | null = null;
let wordsFor: Buffer | null = null;
/** A DataView of `buffer` (kept while the sink's buffer stays the same). */
function wordsOf(buffer: Buffer): DataView {
  if (wordsFor !== buffer) {
    words = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    wordsFor = buffer;
  }
  return words!;
}

/**
 * "." and the eight decimals of 0 < f < 10^8 (f / 10^8), trailing zeros dropped, at `at`; returns the end. The
 * eight are written as two words of four digits, then the trailing zeros taken back.
 */
function fractionAt(buffer: Buffer, f: number, at: number): number {
  const n = f | 0;
  const hi = (n / 10000) | 0;
  const lo = n - 10000 * hi;
  const view = wordsOf(buffer);
  buffer[at] = 0x2e; // .
  view.setUint32(at + 1, QUADS[hi]!, true);
  view.setUint32(at + 5, QUADS[lo]!, true);
  return lo !== 0 ? at + 9 - TRAILING_ZEROS[lo]! : at + 5 - TRAILING_ZEROS[hi]!;
}
