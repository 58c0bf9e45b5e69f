// Shared memory for proven rows' cells (number_rows.ts), kept for the next call: a fresh buffer of a 945,000-cell
// matrix costs about 3 ms of page faults when first written. A buffer is given back only once nothing reads it
// (the call's hash settled and its inputs decoded, call.ts); one never given back is simply collected.

/** Buffers kept for reuse at most (a call at a time takes one per matrix). */
const MAX_SPARE = 2;
const spare: SharedArrayBuffer[] = [];
let reused = 0;

/** `total` cells in shared memory: a kept buffer between 1 and 2 times that size, else a new one. */
export function takeCells(total: number): Float64Array<SharedArrayBuffer> {
  const bytes = total * Float64Array.BYTES_PER_ELEMENT;
  const at = spare.findIndex((b) => b.byteLength >= bytes && b.byteLength <= 2 * bytes);
  if (at < 0) return new Float64Array(new SharedArrayBuffer(bytes));
  reused++;
  return new Float64Array(spare.splice(at, 1)[0]!, 0, total);
}

/**
 * Keeps `cells`' buffer for a later takeCells, the oldest kept one dropped past MAX_SPARE (the sizes of recent
 * calls are the likely next ones); the caller no longer reads or writes it, nor does any thread.
 */
export function giveBackCells(cells: Float64Array<SharedArrayBuffer>): void {
  const buffer = cells.buffer;
  if (spare.includes(buffer)) return;
  spare.push(buffer);
  if (spare.length > MAX_SPARE) spare.shift();
}

/** Cells taken from a kept buffer so far in this process (tests count them). */
export function cellsReused(): number {
  return reused;
}
