// A file read block by block from its checked handle, hashed as it is read: the readers parse each block
// as it comes (their text is never one string), the call's time limit and cancellation are checked and
// the event loop gets a turn between blocks, so other requests are answered while a large file decodes.
import { createHash } from "node:crypto";
import type { FileHandle } from "node:fs/promises";
import { invalid } from "../../contract/guard.js";
import { throwIfCancelled } from "../../lib/progress.js";
import { MAX_FILE_BYTES } from "./access.js";
import { CHUNK_BYTES } from "./csv_fast.js";
import { PiecePace } from "./piece_pace.js";

/** Bytes read at a time (a few trips to the thread pool); parsers take them in pieces of at most CHUNK_BYTES,
 * paced by their time (piece_pace.ts). */
export const READ_BYTES = 4 * CHUNK_BYTES;

/** Test hook: runs after each block is parsed, with the file's bytes read so far. */
export const blockHooks: { afterBlock: ((bytes: number) => void) | null } = { afterBlock: null };

let total = 0;
/** Bytes read by the block readers so far in this process (tests use it to show a refusal read only a part). */
export function bytesReadSoFar(): number {
  return total;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads the file from its start, handing it piece by piece (PiecePace) to `use` (false: stop reading, the caller
 * takes another path); returns the bytes read and their `sha256:<hex>`, or null when `use` stopped.
 * `after` runs once per block and before a refusal `use` throws (the row cap). `at` names the reference's file
 * field in a refusal.
 */
export async function readBlocks(
  fh: FileHandle,
  at: string,
  name: string,
  use: (piece: Buffer) => boolean,
  after: () => void = () => undefined,
): Promise<{ bytes: number; content_hash: string } | null> {
  const hash = createHash("sha256");
  // a refusal met in a piece comes after the row cap's: a file over the cap is refused by it, whatever follows
  const usePiece = (piece: Buffer) => {
    try {
      return use(piece);
    } catch (e) {
      after();
      throw e;
    }
  };
  const block = Buffer.allocUnsafe(READ_BYTES);
  const pace = new PiecePace(CHUNK_BYTES);
  let bytes = 0;
  for (;;) {
    throwIfCancelled();
    const { bytesRead } = await fh.read(block, 0, READ_BYTES, bytes);
    if (bytesRead === 0) break;
    bytes += bytesRead;
    total += bytesRead;
    if (bytes > MAX_FILE_BYTES) throw invalid(at, `${name} changed while being opened`);
    hash.update(block.subarray(0, bytesRead));
    for (let from = 0; from < bytesRead; ) {
      const to = Math.min(from + pace.next, bytesRead);
      const t0 = performance.now();
      if (!usePiece(block.subarray(from, to))) return null;
      pace.took(to - from, performance.now() - t0);
      from = to;
      // each piece is a slice of main-thread work; a turn between them lets a light request in
      if (from < bytesRead) await turn();
    }
    after();
    blockHooks.afterBlock?.(bytes);
  }
  return { bytes, content_hash: `sha256:${hash.digest("hex")}` };
}
