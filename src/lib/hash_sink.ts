// A SHA-256 fed with text through one reused buffer: pieces are UTF-8 encoded into it and hashed a
// buffer at a time (thousands of short pieces, such as the rows of a matrix, cost one update per
// buffer, not one each), and their UTF-8 bytes counted.
import { createHash, type Hash } from "node:crypto";

/** Bytes of a number's JSON text at most (JSON.stringify of a double writes at most 25 characters). */
const MAX_NUMBER_BYTES = 25;
/** Numbers written per check of the buffer's room. */
const NUMBERS_PER_BATCH = 1024;
/** Numbers below this (2^25) with at most 8 decimals have their shortest text written here (see numberAt). */
const FAST_BELOW = 33554432;

/** UTF-8 bytes a UTF-16 code unit can take. */
const MAX_UTF8_PER_UNIT = 3;
/** The buffer, shared by the thread's sinks (a digest runs start to end without yielding). */
let buffer = Buffer.allocUnsafe(256 * 1024);

export class HashSink {
  private used = 0;
  /** UTF-8 bytes written so far. */
  bytes = 0;
  /** `hash`: a hash already started, updated with the text after what it holds (SHA-256 from scratch by default). */
  constructor(private readonly hash: Hash = createHash("sha256")) {}

  /** Appends `text`. */
  put(text: string): void {
    this.append(text, -1, 0);
  }

  /** Appends a JSON array's text without its closing bracket, its opening one written as `open` ("[" or ","). */
  putOpenArray(text: string, open: "[" | ","): void {
    this.append(text, open.charCodeAt(0), 1);
  }

  /**
   * Appends the JSON array of `xs` when every element is a string of printable ASCII other than `"` and
   * `\` (so its JSON text is the string in quotes), written byte by byte with no text built; false,
   * with nothing written, otherwise.
   */
  putPlainStrings(xs: readonly unknown[]): boolean {
    let size = 2 + Math.max(0, xs.length - 1);
    for (let k = 0; k < xs.length; k++) {
      const s = xs[k];
      if (typeof s !== "string" || !isPlain(s)) return false;
      size += s.length + 2;
    }
    this.reserve(size);
    let at = this.used;
    buffer[at++] = 0x5b; // [
    for (let k = 0; k < xs.length; k++) {
      if (k > 0) buffer[at++] = 0x2c; // ,
      const s = xs[k] as string;
      buffer[at++] = 0x22; // "
      for (let i = 0; i < s.length; i++) buffer[at++] = s.charCodeAt(i);
      buffer[at++] = 0x22;
    }
    buffer[at++] = 0x5d; // ]
    this.bytes += at - this.used;
    this.used = at;
    return true;
  }

  /** Appends the JSON array of the numbers `xs`, each as JSON.stringify writes it, byte by byte. */
  putNumbers(xs: ArrayLike<number>): void {
    const n = xs.length;
    this.reserve(2);
    let at = this.used;
    buffer[at++] = 0x5b; // [
    for (let k = 0; k < n; ) {
      // Room for a batch of numbers with their commas, then the batch written with no check per number.
      const end = Math.min(n, k + NUMBERS_PER_BATCH);
      this.bytes += at - this.used;
      this.used = at;
      this.reserve((end - k) * (MAX_NUMBER_BYTES + 1) + 1);
      at = this.used;
      for (; k < end; k++) {
        if (k > 0) buffer[at++] = 0x2c; // ,
        at = numberAt(xs[k]!, at);
      }
    }
    buffer[at++] = 0x5d; // ]
    this.bytes += at - this.used;
    this.used = at;
  }

  /** The hex digest (the sink is finished). */
  digest(): string {
    this.flush();
    return this.hash.digest("hex");
  }

  /** Encodes `text` at the buffer's end, its first byte replaced by `first` (unless -1), `dropLast` bytes off. */
  private append(text: string, first: number, dropLast: number): void {
    this.reserve(MAX_UTF8_PER_UNIT * text.length);
    const n = buffer.write(text, this.used, "utf8");
    if (first >= 0 && n > 0) buffer[this.used] = first;
    this.used += n - dropLast;
    this.bytes += n - dropLast;
  }

  /** Makes room for `bytes` more at the buffer's end: hashes what it holds first, grows it if still short. */
  private reserve(bytes: number): void {
    if (bytes > buffer.length - this.used) this.flush();
    if (bytes > buffer.length) buffer = Buffer.allocUnsafe(bytes);
  }

  /** Hashes what the buffer holds (before the hash is updated directly, or digested by its owner). */
  flush(): void {
    if (this.used > 0) this.hash.update(buffer.subarray(0, this.used));
    this.used = 0;
  }
}

/** Printable ASCII without `"` or `\`: JSON writes such a string as it is, in quotes. */
function isPlain(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}

/**
 * Writes x's JSON text at `at` in the buffer; returns the end. A number d / 10^8 (d an integer) with
 * 1e-6 <= |x| < 2^25 is written as that decimal, its trailing zeros dropped: it is JSON.stringify's text, the
 * shortest decimal that reads back as x (another decimal as short differs from it by 10^-8 or more, more
 * than the spacing of doubles below 2^25, so it reads back as another double), written without exponent
 * from 1e-6 up. 0 and -0 are "0"; any other number is JSON.stringify's text.
 */
function numberAt(x: number, at: number): number {
  const a = x < 0 ? -x : x;
  if (a >= 1e-6 && a < FAST_BELOW) {
    const d = Math.round(a * 1e8);
    if (d / 1e8 === a) {
      if (x < 0) buffer[at++] = 0x2d; // -
      const whole = Math.floor(d / 1e8);
      at = digitsAt(whole, at);
      const frac = d - whole * 1e8;
      return frac === 0 ? at : fractionAt(frac, at);
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
function digitsAt(v: number, at: number): number {
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
function fractionAt(f: number, at: number): number {
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
