// Long arrays of numbers cross to a pool worker as Float64Arrays moved with the task, not cloned: a
// structured clone of a JS array of doubles arrives as one heap object per number (about three times
// the bytes, and slower to read). The worker turns each back into an array before the guard sees it.
import type { ProvenRows } from "../codec/number_rows.js";

/** Arrays shorter than this are cloned as they are (packing them saves nothing worth the walk). */
export const PACK_MIN_LENGTH = 1024;
/** How deep the walk looks: input -> series/frame -> values/data -> column. */
const MAX_DEPTH = 4;

/** Where a packed array sat: input name, then member names. */
export type PackedPath = readonly string[];

export interface Packed {
  /** The inputs with each packed array replaced by its Float64Array (the caller's objects are not changed). */
  readonly inputs: Record<string, unknown>;
  readonly paths: PackedPath[];
  /** The packed arrays' buffers, to move with the task. */
  readonly buffers: ArrayBuffer[];
  /** The matrices packed from rows (with the `rows` option). */
  readonly rows: PackedRows[];
}

function allNumbers(a: readonly unknown[]): boolean {
  for (let i = 0; i < a.length; i++) if (typeof a[i] !== "number") return false;
  return true;
}

const isPlainObject = (x: object) => Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null;

/** Every element an all-number array (the rows of a matrix as JSON sends them). */
function allNumberRows(a: readonly unknown[]): a is readonly (readonly number[])[] {
  for (let i = 0; i < a.length; i++) {
    const row = a[i];
    if (!Array.isArray(row) || !allNumbers(row)) return false;
  }
  return true;
}

/** A matrix sent as rows, packed: its cells row after row at `path`, and each row's length. */
export interface PackedRows {
  readonly path: PackedPath;
  readonly lengths: Int32Array;
}

/** The rows' cells in one Float64Array and their lengths, or null when they hold too few cells. */
function packRows(
  rows: readonly (readonly number[])[],
): { cells: Float64Array<ArrayBuffer>; lengths: Int32Array<ArrayBuffer> } | null {
  let total = 0;
  for (const row of rows) total += row.length;
  if (total < PACK_MIN_LENGTH) return null;
  const cells = new Float64Array(total);
  const lengths = new Int32Array(rows.length);
  let at = 0;
  rows.forEach((row, r) => {
    for (let i = 0; i < row.length; i++) cells[at++] = row[i]!;
    lengths[r] = row.length;
  });
  return { cells, lengths };
}

export interface PackOptions {
  /**
   * Also pack an array of all-number rows into one moved Float64Array, listed in `rows` (for the hash
   * thread, which turns it into a Float64Array per row, each read as the array of numbers it stands for).
   */
  readonly rows?: boolean;
  /** Matrices already proven and packed (codec/number_rows.ts): their shared cells are sent, not read again. */
  readonly proven?: ProvenRows;
}

/** Replaces long all-number arrays in `inputs` by Float64Arrays (copies, so nothing of the caller's is detached). */
export function packNumberArrays(inputs: Readonly<Record<string, unknown>>, options: PackOptions = {}): Packed {
  const paths: PackedPath[] = [];
  const buffers: ArrayBuffer[] = [];
  const rows: PackedRows[] = [];
  const matrix = (x: readonly unknown[], path: PackedPath): unknown => {
    // A proven matrix's cells are in shared memory: sent as they are (shared, not moved or copied).
    const proof = options.rows ? options.proven?.get(x) : undefined;
    if (proof !== undefined) {
      rows.push({ path, lengths: proof.lengths });
      return proof.cells;
    }
    const packed = options.rows && x.length > 0 && allNumberRows(x) ? packRows(x) : null;
    if (packed === null) return x;
    rows.push({ path, lengths: packed.lengths });
    buffers.push(packed.cells.buffer, packed.lengths.buffer);
    return packed.cells;
  };
  const walk = (x: unknown, path: string[]): unknown => {
    if (x === null || typeof x !== "object" || path.length > MAX_DEPTH) return x;
    if (Array.isArray(x)) {
      if (!(x.length >= PACK_MIN_LENGTH && allNumbers(x))) return matrix(x, path);
      const packed = Float64Array.from(x as number[]);
      paths.push(path);
      buffers.push(packed.buffer);
      return packed;
    }
    if (!isPlainObject(x)) return x;
    let copy: Record<string, unknown> | null = null;
    for (const [k, v] of Object.entries(x)) {
      const w = walk(v, [...path, k]);
      if (w !== v) (copy ??= { ...(x as Record<string, unknown>) })[k] = w;
    }
    return copy ?? x;
  };
  const out = walk(inputs, []) as Record<string, unknown>;
  return { inputs: out, paths, buffers, rows };
}

/** An array of the Float64Array's numbers (one allocation, elements stored unboxed). */
function toNumbers(f: Float64Array): number[] {
  const a = new Array<number>(f.length);
  for (let i = 0; i < f.length; i++) a[i] = f[i]!;
  return a;
}

/** The object holding the value at `path`, and that value's key. */
function slot(inputs: Record<string, unknown>, path: PackedPath): [Record<string, unknown>, string] {
  let parent = inputs;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string, unknown>;
  return [parent, path[path.length - 1]!];
}

/** Undoes packNumberArrays in the worker, in place (the inputs are the worker's own clone). */
export function unpackNumberArrays(inputs: Record<string, unknown>, paths: readonly PackedPath[]): void {
  for (const path of paths) {
    const [parent, last] = slot(inputs, path);
    parent[last] = toNumbers(parent[last] as Float64Array);
  }
}

/** Turns each packed matrix back into its rows, a Float64Array view per row (in the receiving thread). */
export function unpackRows(inputs: Record<string, unknown>, rows: readonly PackedRows[]): void {
  for (const { path, lengths } of rows) {
    const [parent, last] = slot(inputs, path);
    const cells = parent[last] as Float64Array;
    const views: Float64Array[] = [];
    let at = 0;
    for (const n of lengths) views.push(cells.subarray(at, (at += n)));
    parent[last] = views;
  }
}
