// Arrays of numbers written into the input hash (canonical_digest.ts) byte by byte, each number's text as
// JSON.stringify writes it (the canonical text's numbers), without a string per number or per piece.
import type { HashSink } from "../lib/hash_sink.js";

/** Bytes of a number's JSON text at most (JSON.stringify of a double writes at most 25 characters). */
const MAX_NUMBER_BYTES = 25;
/** Numbers written per check of the buffer's room. */
const NUMBERS_PER_BATCH = 1024;
/** Numbers below this (2^25) with at most 8 decimals have their shortest text written here (see numberAt). */
const FAST_BELOW = 33554432;

/** Appends to `sink` the JSON array of the numbers `xs`, each as JSON.stringify writes it. */
export function putNumbers(sink: HashSink, xs: ArrayLike<number>): void {
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
      const whole = Math.floor(d / 1e8);
      at = digitsAt(buffer, whole, at);
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

/** ASCII digit pairs: PAIRS[2 v] and PAIRS[2 v + 1] are the two digits of 0 <= v < 100. */
const PAIRS = Uint8Array.from({ length: 200 }, (_, i) => 0x30 + (i & 1 ? (i >> 1) % 10 : Math.floor(i / 20)));

/** "." and the eight decimals of 0 < f < 10^8 (f / 10^8), trailing zeros dropped, at `at`; returns the end. */
function fractionAt(buffer: Buffer, f: number, at: number): number {
  let n = f | 0;
  let len = 8;
  while (n - 10 * ((n / 10) | 0) === 0) {
    n = (n / 10) | 0;
    len--;
  }
  buffer[at] = 0x2e; // .
  // Digits len..1 of the decimals, two at a time from the last.
  let i = len;
  for (; i >= 2; i -= 2) {
    const q = (n / 100) | 0;
    const r = 2 * (n - 100 * q);
    buffer[at + i - 1] = PAIRS[r]!;
    buffer[at + i] = PAIRS[r + 1]!;
    n = q;
  }
  if (i === 1) buffer[at + 1] = 0x30 + n;
  return at + 1 + len;
}
