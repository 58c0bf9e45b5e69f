// MAX_POINTS checked before a file's cells are decoded (#33): from a Parquet file's metadata, and
// while a CSV/TSV file streams in, the cells a reference will select are counted from the rows seen.
import { checkPoints } from "../codec/caps.js";
import type { FileReference } from "./reference.js";

/** Refuses once `nrows` rows of a table with these columns give the reference more than MAX_POINTS cells. */
export type PointLimit = (nrows: number, columns: readonly string[]) => void;

/**
 * The limit of one reference: its rows (within `rows` when it slices) times its data columns (1 for a
 * series; the columns it names, else all but one, the index), never more than the reference selects.
 */
export function pointLimit(ref: Pick<FileReference, "rows" | "columns">, kind: "series" | "frame", field: string) {
  return ((nrows, columns) => {
    const [lo, hi] = ref.rows ?? [0, Number.POSITIVE_INFINITY];
    const rows = Math.max(0, Math.min(nrows, hi) - Math.min(lo, nrows));
    const cols = kind === "series" ? 1 : (ref.columns?.length ?? Math.max(1, columns.length - 1));
    checkPoints(field, rows * cols, kind);
  }) satisfies PointLimit;
}
