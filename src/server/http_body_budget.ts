// The bytes of request bodies the HTTP server holds at once, in total: a body is counted from its headers
// (its declared Content-Length, or the per-body cap when it is chunked) until its reply is done, and a body
// that would pass the total is answered 503 with Retry-After before any of it is read.
import type { ServerResponse } from "node:http";

/** Seconds a client told 503 is asked to wait before it retries. */
export const RETRY_AFTER_S = 1;

export class BodyBudget {
  private held = 0;

  /** `total`: bytes of bodies held at once at most (at least one maximal body is always admitted). */
  constructor(private readonly total: number) {}

  /** Counts `bytes` for this request until `res` is done; false (nothing counted) when it would pass the total. */
  admit(bytes: number, res: ServerResponse): boolean {
    if (this.held > 0 && this.held + bytes > this.total) return false;
    this.held += bytes;
    let counted = bytes;
    const release = () => {
      this.held -= counted;
      counted = 0;
    };
    res.once("close", release);
    res.once("finish", release);
    return true;
  }

  /** The refusal's message: what is held, the total, when to retry. */
  busyMessage(bytes: number): string {
    return (
      `server busy: ${this.held} bytes of request bodies are held and this body's ${bytes} would pass the ` +
      `${this.total}-byte total (--max-body-bytes-in-flight); retry after ${RETRY_AFTER_S} s`
    );
  }
}
