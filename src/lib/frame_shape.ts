// Frame inputs received in-process: shape checks before column access (validate, never coerce).
import { invalid, fieldPath, type Cell, type Frame } from "../contract/guard.js";

/** True when `x` has the decoded Frame shape: `columns` array, `data` record, `nrows`. */
export function isFrame(x: unknown): x is Frame {
  if (typeof x !== "object" || x === null || Array.isArray(x)) return false;
  const f = x as Frame;
  return Array.isArray(f.columns) && typeof f.data === "object" && f.data !== null && typeof f.nrows === "number";
}

/** Requires a frame whose every listed column has `nrows` cells; bad input at `field`. */
export function requireFrame(field: string, x: unknown): Frame {
  if (!isFrame(x))
    throw invalid(
      field,
      `must be a frame (records), got ${x === null ? "null" : Array.isArray(x) ? "an array" : typeof x}`,
    );
  for (const c of x.columns) {
    const cells = x.data[c];
    if (!Array.isArray(cells) || cells.length !== x.nrows)
      throw invalid(field, `column '${c}' must hold ${x.nrows} cell(s)`);
  }
  return x;
}

/** True for a missing cell: null, undefined or NaN. */
export function isMissing(c: unknown): boolean {
  return c === null || c === undefined || (typeof c === "number" && Number.isNaN(c));
}

/** The cells of `name` with no missing cell; bad input names the frame, column and row. */
export function requireCompleteColumn(field: string, frame: Frame, name: string): readonly Cell[] {
  if (!frame.columns.includes(name) || frame.data[name] === undefined) {
    throw invalid(field, `has no column '${name}'; columns: ${JSON.stringify(frame.columns)}`);
  }
  const cells = frame.data[name]!;
  cells.forEach((c, i) => {
    if (isMissing(c))
      throw invalid(fieldPath(field, "records", i, name), `${field} column '${name}' is null at row ${i}`);
  });
  return cells;
}
