// Column access on decoded frames, with bad input naming the field and column.
import { invalid, fieldPath, type Cell, type Frame } from "../contract/guard.js";

/** The cells of `column`, or bad input at `field` listing the columns there are. */
export function column(field: string, frame: Frame, name: string): readonly Cell[] {
  const cells = frame.data[name];
  if (!frame.columns.includes(name) || cells === undefined) {
    throw invalid(field, `has no column '${name}'; columns: ${JSON.stringify(frame.columns)}`);
  }
  return cells;
}

/** A column whose every cell is a finite number (NaN allowed with `allowMissing`). */
export function numericColumn(field: string, frame: Frame, name: string, allowMissing = false): readonly number[] {
  return numericCells(field, name, column(field, frame, name), allowMissing);
}

/** `cells` of column `name` when every one is a finite number (NaN allowed with `allowMissing`). */
export function numericCells(
  field: string,
  name: string,
  cells: readonly Cell[],
  allowMissing = false,
): readonly number[] {
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    // c - c is 0 exactly for a finite number (NaN for NaN and the infinities): Number.isFinite read arrays
    // built by index (holey) three times slower.
    const ok = typeof c === "number" && (c - c === 0 || (allowMissing && Number.isNaN(c)));
    if (!ok)
      throw invalid(
        fieldPath(field, "records", i, name),
        `column '${name}' must hold finite numbers, row ${i} has ${JSON.stringify(c) ?? "null"}` +
          (typeof c === "string" && /^\d{4}-\d{2}-\d{2}/.test(c)
            ? `; it holds dates - move it to the index: {"index": [...dates], "records": [...]} without '${name}'` +
              ` (in a file reference: "index": "${name}")`
            : ""),
      );
  }
  return cells as readonly number[];
}

/** A column whose every cell is a non-empty string. */
export function stringColumn(field: string, frame: Frame, name: string): readonly string[] {
  const cells = column(field, frame, name);
  cells.forEach((c, i) => {
    if (typeof c !== "string" || c === "")
      throw invalid(
        fieldPath(field, "records", i, name),
        `column '${name}' must hold non-empty strings, row ${i} has ${JSON.stringify(c)}`,
      );
  });
  return cells as readonly string[];
}

/** Builds a frame from column arrays (for guards and tests); `index` optional. */
export function makeFrame(data: Record<string, readonly Cell[]>, index?: readonly (string | number)[]): Frame {
  const columns = Object.keys(data);
  const nrows = columns.length === 0 ? (index?.length ?? 0) : data[columns[0]!]!.length;
  return index === undefined ? { columns, data, nrows } : { columns, data, nrows, index };
}

/** Row `i` as a {column: cell} record. */
export function row(frame: Frame, i: number): Record<string, Cell> {
  const out: Record<string, Cell> = {};
  for (const c of frame.columns) out[c] = frame.data[c]![i] ?? null;
  return out;
}

/** Builds a frame from row records; columns default to the first record's keys, in order. */
export function frameFromRecords(records: readonly Record<string, Cell>[], columns?: readonly string[]): Frame {
  const cols = columns ?? (records.length > 0 ? Object.keys(records[0]!) : []);
  const data: Record<string, Cell[]> = {};
  for (const c of cols) data[c] = records.map((r) => (r[c] === undefined ? null : r[c]!));
  return { columns: cols, data, nrows: records.length };
}
