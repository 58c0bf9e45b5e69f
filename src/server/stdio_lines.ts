// Cuts a byte stream into lines (a multi-byte character split across chunks stays whole). A line
// over the cap is never buffered whole: only its first ID_PREFIX_BYTES are kept, to find its id.
import { ID_PREFIX_BYTES, MAX_LINE_BYTES } from "./limits.js";

export type Line = { kind: "line"; bytes: Buffer } | { kind: "oversized"; prefix: Buffer; bytes: number };

const NEWLINE = 0x0a;

/** A push-style splitter: feed chunks, get whole lines (or oversized markers) through `emit`. */
export function lineSplitter(emit: (line: Line) => void, maxBytes = MAX_LINE_BYTES) {
  let parts: Buffer[] = [];
  let size = 0;
  let prefix: Buffer | null = null;

  function take(piece: Buffer): void {
    size += piece.length;
    if (prefix !== null) return;
    if (size <= maxBytes) return void parts.push(piece);
    prefix = Buffer.concat(parts.concat(piece)).subarray(0, ID_PREFIX_BYTES);
    parts = [];
  }

  function finish(): void {
    if (prefix !== null) emit({ kind: "oversized", prefix, bytes: size });
    else if (size > 0) emit({ kind: "line", bytes: parts.length === 1 ? parts[0]! : Buffer.concat(parts, size) });
    parts = [];
    size = 0;
    prefix = null;
  }

  return {
    write(chunk: Buffer): void {
      let start = 0;
      for (let nl = chunk.indexOf(NEWLINE); nl >= 0; nl = chunk.indexOf(NEWLINE, start)) {
        take(chunk.subarray(start, nl));
        finish();
        start = nl + 1;
      }
      if (start < chunk.length) take(chunk.subarray(start));
    },
    end(): void {
      finish();
    },
  };
}
