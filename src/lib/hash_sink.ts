// A SHA-256 fed with text through one reused buffer: pieces are UTF-8 encoded into it and hashed a
// buffer at a time (thousands of short pieces, such as the rows of a matrix, cost one update per
// buffer, not one each), and their UTF-8 bytes counted.
import { createHash, type Hash } from "node:crypto";

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

  /**
   * For a writer of raw bytes: makes room for `bytes` more and returns the offset in `out` to write them at;
   * `wrote(end)` then records what was written up to `end` (the buffer may be hashed and reused by the next
   * `room`, so write only between the two).
   */
  room(bytes: number): number {
    this.reserve(bytes);
    return this.used;
  }

  /** The shared buffer the last `room` made room in. */
  get out(): Buffer {
    return buffer;
  }

  /** Records the bytes written at the offset `room` gave, up to `end`. */
  wrote(end: number): void {
    this.bytes += end - this.used;
    this.used = end;
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
