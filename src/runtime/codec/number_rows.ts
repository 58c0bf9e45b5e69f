// Proven number rows: a matrix sent as rows (a frame's split `data`, any array of arrays) checked in one
// pass to hold only finite numbers, its cells copied row after row into a Float64Array. The JSON check
// (caps.ts) proves it once per call; the hash thread's packing, the validator's skeleton and the frame
// decoder then use the proof instead of walking the same values again. No proof: each takes its own path.
import { giveBackCells, takeCells } from "./shared_cells.js";

/** Matrices with fewer cells than this are walked as before (a proof saves nothing worth the copy). */
export const PROVE_MIN_CELLS = 1024;

export interface NumberRows {
  /**
   * Every cell, row after row (the values as read when proven), in shared memory: the hash thread reads the
   * same cells (never written after the proof), so they cross to it without a copy.
   */
  readonly cells: Float64Array<SharedArrayBuffer>;
  /** Each row's length. */
  readonly lengths: Int32Array<ArrayBuffer>;
  /** The common row length, or -1 when rows differ. */
  readonly width: number;
  /** What caps.ts's bound adds for the rows: every row's text, brackets and separators (not the outer brackets). */
  readonly bytesBound: number;
}

/** The proofs of one call, keyed by the array of rows as sent. */
export type ProvenRows = WeakMap<readonly unknown[], NumberRows>;

/** A call's proofs, also listed in the order made (to give their shared cells back once the call is done). */
export class CallProofs extends WeakMap<readonly unknown[], NumberRows> {
  readonly made: NumberRows[] = [];
  override set(rows: readonly unknown[], proof: NumberRows): this {
    this.made.push(proof);
    return super.set(rows, proof);
  }
  /** Gives every proof's cells back for reuse (shared_cells.ts): call only once nothing reads them. */
  giveBack(): void {
    for (const proof of this.made.splice(0)) giveBackCells(proof.cells);
  }
}

/** Bytes caps.ts budgets for a finite double's JSON text (25 only in (-1e-5, -1e-6]). */
const numberBound = (v: number): number => (v <= -1e-6 && v > -1e-5 ? 25 : 24);

/**
 * The proof of `rows` when every element is a plain array (no toJSON) of finite numbers and they hold at least
 * PROVE_MIN_CELLS cells; null otherwise (the caller then walks them as any other value, with its errors).
 */
export function proveNumberRows(rows: readonly unknown[]): NumberRows | null {
  const n = rows.length;
  const lengths = new Int32Array(n);
  let total = 0;
  let width = n > 0 && Array.isArray(rows[0]) ? (rows[0] as unknown[]).length : -1;
  for (let r = 0; r < n; r++) {
    const row = rows[r];
    if (!Array.isArray(row) || (row as { toJSON?: unknown }).toJSON !== undefined) return null;
    lengths[r] = row.length;
    total += row.length;
    if (row.length !== width) width = -1;
  }
  // Rows of text or of objects: known before any cells are allocated (the first cell sent is not a number).
  if (total < PROVE_MIN_CELLS || typeof firstCell(rows as readonly (readonly unknown[])[]) !== "number") return null;
  const cells = takeCells(total);
  const long = fillCells(rows as readonly (readonly unknown[])[], cells);
  if (long < 0) {
    giveBackCells(cells);
    return null;
  }
  // Each number's bound (24 bytes, 25 for the long ones), a separator per row, each row's brackets and separators.
  return { cells, lengths, width, bytesBound: 24 * total + long + 3 * n + total };
}

/** The first row's first cell, or the first cell of the first row that has one. */
function firstCell(rows: readonly (readonly unknown[])[]): unknown {
  for (const row of rows) if (row.length > 0) return row[0];
  return undefined;
}

/**
 * Copies the cells into `cells`; returns how many take 25 bytes by caps.ts's bound (those in (-1e-5, -1e-6]),
 * or -1 at the first cell not a finite number. The range is tested behind a wider test that is almost never
 * true, so the sign of the values does not steer a branch.
 */
function fillCells(rows: readonly (readonly unknown[])[], cells: Float64Array): number {
  let at = 0;
  let long = 0;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (typeof v !== "number" || v - v !== 0) return -1;
      cells[at++] = v;
      if (Math.abs(v + 5.5e-6) < 5e-6 && numberBound(v) === 25) long++;
    }
  }
  return long;
}

/**
 * The proven matrix's columns as Float64Arrays (views of one buffer, one after the other); `width` rows only.
 * Transposed tile by tile: TILE rows of TILE cells are read a row at a time and written a cell into each of
 * TILE columns, so every cache line read or written is used whole while it is in the cache.
 */
export function columnsOf(rows: NumberRows): Float64Array[] {
  const { cells, width } = rows;
  const nrows = rows.lengths.length;
  const all = new Float64Array(width * nrows);
  for (let first = 0; first < nrows; first += TILE) {
    const last = Math.min(nrows, first + TILE);
    for (let left = 0; left < width; left += TILE) {
      const right = Math.min(width, left + TILE);
      for (let i = first; i < last; i++) {
        const row = i * width;
        for (let j = left, at = left * nrows + i; j < right; j++, at += nrows) all[at] = cells[row + j]!;
      }
    }
  }
  return Array.from({ length: width }, (_, j) => all.subarray(j * nrows, (j + 1) * nrows));
}

/** Rows and columns of a tile of columnsOf (64 x 64 doubles, 32 KiB). */
const TILE = 64;
