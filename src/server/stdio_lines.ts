// A stdin filter for the stdio transport. Lines are cut on bytes (a multi-byte character split
// across chunks stays whole); a line that is not JSON gets a JSON-RPC parse error (-32700),
// a line over the cap gets -32600; both carry id null and are dropped, so no malformed
// message goes unanswered and no oversized one is buffered twice.
import { Transform, type TransformCallback } from "node:stream";

/** The SDK's stdio ReadBuffer drops anything over 10 MiB silently; answer such lines instead. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024 - 1;

const NEWLINE = 0x0a;

export function rejectMalformedLines(reply: (line: string) => void, maxBytes = MAX_LINE_BYTES): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  let oversized = false;
  const error = (code: number, message: string) =>
    reply(`${JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } })}\n`);

  function finishLine(push: (b: Buffer) => void): void {
    const line = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
    const wasOversized = oversized;
    parts = [];
    size = 0;
    oversized = false;
    if (wasOversized) {
      error(-32600, `Invalid request: the message is over ${maxBytes} bytes`);
      return;
    }
    const text = line.toString("utf8");
    if (text.trim() === "") return;
    try {
      JSON.parse(text);
    } catch {
      error(-32700, "Parse error: the line is not JSON");
      return;
    }
    push(Buffer.concat([line, Buffer.from("\n")]));
  }

  function take(piece: Buffer): void {
    if (oversized) return;
    size += piece.length;
    if (size > maxBytes) {
      oversized = true;
      parts = [];
    } else parts.push(piece);
  }

  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      let start = 0;
      for (let nl = chunk.indexOf(NEWLINE); nl >= 0; nl = chunk.indexOf(NEWLINE, start)) {
        take(chunk.subarray(start, nl));
        finishLine((b) => this.push(b));
        start = nl + 1;
      }
      if (start < chunk.length) take(chunk.subarray(start));
      done();
    },
    flush(done: TransformCallback) {
      if (size > 0 || oversized) finishLine((b) => this.push(b));
      done();
    },
  });
}
