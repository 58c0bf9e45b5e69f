// A file read into columns, before it becomes a series or frame payload: column names, the raw
// cells column by column, and how to name a cell's place in the file for messages.

export interface RawTable {
  readonly columns: readonly string[];
  /** Column-major cells: `cells[j][i]` is row i of column j. */
  readonly cells: readonly (readonly unknown[])[];
  readonly nrows: number;
  /** The place of row i (0-based data row), column j in the file: `data row 17, column 'strategy'`. */
  readonly where: (i: number, j: number) => string;
  /** How each column was kept (CSV/TSV read with a plan); absent: every column as the reader gives it. */
  readonly modes?: readonly ColumnMode[];
  /**
   * Columns whose text the reader wrote itself from typed values (Parquet dates and timestamps): as
   * index labels they are real ISO-8601 dates by construction. Absent: none.
   */
  readonly typedColumns?: readonly boolean[];
  /** Text columns (CSV/TSV) whose every cell was checked, as read, to be a real ISO-8601 date or date-time. */
  readonly dateColumns?: readonly boolean[];
}

const NO_CELLS: readonly unknown[] = [];
/**
 * A new empty list for cells. Not a literal: an array literal's allocation site remembers the most
 * general element kind any list made there reached, so one text column would box every number that
 * later lists made there hold.
 */
export const newCells = (): unknown[] => NO_CELLS.slice();

/** How a reader keeps a column: raw text (index labels), payload cells (data), or not at all (null). */
export type ColumnMode = "text" | "cells" | null;
/** The mode of each column, decided from the header before the rows are read. */
export type ColumnPlan = (columns: readonly string[]) => readonly ColumnMode[];

/** Text that means a missing cell in CSV/TSV files (pandas' default NA strings, the common ones). */
const MISSING = new Set(["", "NA", "N/A", "NaN", "nan", "NAN", "null", "NULL", "None", "#N/A", "-nan"]);
const POS_INF = new Set(["inf", "Inf", "INF", "+inf", "Infinity", "+Infinity", "infinity"]);
const NEG_INF = new Set(["-inf", "-Inf", "-INF", "-Infinity", "-infinity"]);
const isDigit = (c: number) => c >= 48 && c <= 57;

/** 10^k for k = 0..22: every one a double exactly. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * The value of `[+-]?digits[.digits]` with at most 15 digits in all, else NaN (the caller then asks
 * Number). Such a text is m / 10^k with m and 10^k doubles exactly, so the one division, rounded as
 * IEEE 754 rounds, is the correctly rounded decimal value: what Number() gives.
 */
function shortDecimal(s: string): number {
  const n = s.length;
  let i = 0;
  let neg = false;
  const a = s.charCodeAt(0);
  if (a === 45 || a === 43) {
    neg = a === 45;
    i = 1;
  }
  let m = 0;
  let digits = 0;
  let scale = -1;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits += 1;
      if (scale >= 0) scale += 1;
    } else if (c === 46 && scale < 0) scale = 0;
    else return Number.NaN;
  }
  if (digits === 0 || digits > 15) return Number.NaN;
  const v = scale > 0 ? m / POW10[scale]! : m;
  return neg ? -v : v;
}

/**
 * The value of a decimal number as JSON and Python write it, else NaN: `[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?`.
 * Short plain decimals are read digit by digit (shortDecimal); for the rest, Number() reads exactly
 * that grammar once blanks (first and last character), words (Infinity) and radix prefixes (0x, 0o,
 * 0b) are ruled out.
 */
export function decimalValue(s: string): number {
  const short = s.length <= 17 ? shortDecimal(s) : Number.NaN;
  if (!Number.isNaN(short)) return short;
  const n = s.length;
  if (n === 0) return Number.NaN;
  const a = s.charCodeAt(0);
  const z = s.charCodeAt(n - 1);
  if (!(isDigit(a) || a === 43 || a === 45 || a === 46) || !(isDigit(z) || z === 46)) return Number.NaN;
  if (a === 48 && n > 2) {
    const b = s.charCodeAt(1) | 32;
    if (b === 120 || b === 111 || b === 98) return Number.NaN;
  }
  return Number(s);
}

/** A text cell as a payload cell: null, a finite number, "Infinity"/"-Infinity", or the text itself. */
export function textCell(s: string): number | string | null {
  const v = decimalValue(s);
  if (!Number.isNaN(v)) return v;
  if (MISSING.has(s)) return null;
  if (POS_INF.has(s)) return "Infinity";
  if (NEG_INF.has(s)) return "-Infinity";
  return s;
}

/** True for the cells a numeric column may hold. */
export function isNumericCell(v: unknown): boolean {
  return v === null || typeof v === "number" || v === "Infinity" || v === "-Infinity";
}

/** Index of `name` among `columns` (exact, then case-insensitive), or -1. */
export function findColumn(columns: readonly string[], name: string): number {
  const exact = columns.indexOf(name);
  if (exact >= 0) return exact;
  const lower = name.toLowerCase();
  const hits = columns.flatMap((c, j) => (c.toLowerCase() === lower ? [j] : []));
  return hits.length === 1 ? hits[0]! : -1;
}

/** Column names that are taken as the index when a reference names none. */
export const DATE_COLUMN_NAMES = ["date", "datetime", "timestamp", "time", "dt"];

/** The index a reference that names none gets: the first column called date/datetime/.../dt or index, or -1. */
export function defaultIndex(columns: readonly string[]): number {
  for (const n of [...DATE_COLUMN_NAMES, "index"]) {
    const j = findColumn(columns, n);
    if (j >= 0) return j;
  }
  return -1;
}
