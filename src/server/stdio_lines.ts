// A stdin filter for the stdio transport: a line that is not JSON gets a JSON-RPC parse error
// (-32700, id null) on stdout and is dropped, so a malformed message never goes unanswered.
import { Transform, type TransformCallback } from "node:stream";

export function rejectMalformedLines(reply: (line: string) => void): Transform {
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      const kept = lines.filter((line) => {
        if (line.trim() === "") return false;
        try {
          JSON.parse(line);
          return true;
        } catch {
          reply(`${JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the line is not JSON" } })}\n`);
          return false;
        }
      });
      done(null, kept.length ? `${kept.join("\n")}\n` : undefined);
    },
    flush(done: TransformCallback) {
      done(null, pending.trim() ? `${pending}\n` : undefined);
    },
  });
}
