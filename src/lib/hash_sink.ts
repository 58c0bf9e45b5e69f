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

  /** The hex digest (the sink is finished). */
  digest(): string {
    this.flush();
    return this.hash.digest("hex");
  }

  /** Encodes `text` at the buffer's end, its first byte replaced by `first` (unless -1), `dropLast` bytes off. */
  private append(text: string, first: number, dropLast: number): void {
    const room = MAX_UTF8_PER_UNIT * text.length;
    if (room > buffer.length - this.used) this.flush();
    if (room > buffer.length) buffer = Buffer.allocUnsafe(room);
    const n = buffer.write(text, this.used, "utf8");
    if (first >= 0 && n > 0) buffer[this.used] = first;
    this.used += n - dropLast;
    this.bytes += n - dropLast;
  }

  /** Hashes what the buffer holds (before the hash is updated directly, or digested by its owner). */
  flush(): void {
    if (this.used > 0) this.hash.update(buffer.subarray(0, this.used));
    this.used = 0;
  }
}
