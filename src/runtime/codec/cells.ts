// Cells of a series or a frame column (docs/contract.md §3.2, §3.5): dtypes and their aliases,
// decoding by dtype or inferred kind, the wording of a bad cell, and the wire form of a cell.
import { type BadInputError, type Cell, type Dtype, invalid } from "../../contract/guard.js";
import { isValidIsoLabel } from "./labels.js";
import { jsonList, jsonTypeName, showValue } from "./text.js";

export const DTYPES: readonly Dtype[] = ["float64", "int64", "bool", "string", "datetime"];
const DTYPE_ALIASES: Readonly<Record<string, Dtype>> = {
  float64: "float64",
  float: "float64",
  float32: "float64",
  int64: "int64",
  int: "int64",
  int32: "int64",
  bool: "bool",
  boolean: "bool",
  string: "string",
  object: "string",
  str: "string",
  datetime: "datetime",
  datetime64: "datetime",
};

/** The normalised dtype of a sent one (aliases of §3.2), or bad input at `field`. */
export function normaliseDtype(field: string, x: unknown): Dtype {
  if (typeof x === "string") {
    const d = Object.hasOwn(DTYPE_ALIASES, x)
      ? DTYPE_ALIASES[x]
      : /^datetime64\[[^\]]*\]$/.test(x)
        ? "datetime"
        : undefined;
    if (d !== undefined) return d;
    throw invalid(field, `unknown dtype ${showValue(x)}; allowed: ${jsonList(DTYPES)}`);
  }
  throw invalid(field, `a dtype must be a string, got ${jsonTypeName(x)}`);
}

export type Kind = "number" | "string" | "boolean";

function dtypeKind(d: Dtype): Kind {
  return d === "float64" || d === "int64" ? "number" : d === "bool" ? "boolean" : "string";
}

function isCellValue(v: unknown): boolean {
  return v === null || v === undefined || typeof v === "number" || typeof v === "string" || typeof v === "boolean";
}

/** Why a cell failed: not a cell at all, unlike the first value, or outside the given dtype. */
export type CellFailure = "cell" | "inferred" | "dtype";
export type CellFail = (i: number, value: unknown, how: CellFailure, kind: Kind) => BadInputError;

/** Kind of the first non-null value (numbers and "Infinity"/"-Infinity" are numeric); all-null is numeric. */
function inferKind(raw: readonly unknown[], fail: CellFail): Kind {
  for (let i = 0; i < raw.length; i++) {
    const v = raw[i];
    if (v === null || v === undefined) continue;
    if (typeof v === "number" || v === "Infinity" || v === "-Infinity") return "number";
    if (typeof v === "string") return "string";
    if (typeof v === "boolean") return "boolean";
    throw fail(i, v, "cell", "number");
  }
  return "number";
}

/**
 * Decodes a numeric column: null to NaN, "Infinity"/"-Infinity" to infinities; int64 needs integers.
 * A column that is all numbers already is returned as it is (shared, not copied: decoded values are
 * read-only); only a column with cells to convert is copied.
 */
function decodeNumbers(raw: readonly unknown[], integer: boolean, how: CellFailure, fail: CellFail): number[] {
  const n = raw.length;
  let first = 0;
  for (; first < n; first++) {
    const v = raw[first];
    if (typeof v !== "number") break;
    if (integer && !Number.isInteger(v) && !Number.isNaN(v)) throw fail(first, v, how, "number");
  }
  if (first === n) return raw as number[];
  const out = new Array<number>(n);
  for (let i = 0; i < first; i++) out[i] = raw[i] as number;
  for (let i = first; i < n; i++) {
    const v = raw[i];
    if (typeof v === "number") {
      if (integer && !Number.isInteger(v) && !Number.isNaN(v)) throw fail(i, v, how, "number");
      out[i] = v;
    } else if (v === null || v === undefined) {
      out[i] = NaN;
    } else if (!integer && v === "Infinity") {
      out[i] = Infinity;
    } else if (!integer && v === "-Infinity") {
      out[i] = -Infinity;
    } else {
      throw fail(i, v, isCellValue(v) ? how : "cell", "number");
    }
  }
  return out;
}

/** Decodes a string or boolean column (null stays null); datetime cells must be real ISO values. */
function decodeOthers(
  raw: readonly unknown[],
  kind: Kind,
  datetime: boolean,
  how: CellFailure,
  fail: CellFail,
): Cell[] {
  const n = raw.length;
  const want = kind === "boolean" ? "boolean" : "string";
  const out = new Array<Cell>(n);
  for (let i = 0; i < n; i++) {
    const v = raw[i];
    if (v === null || v === undefined) out[i] = null;
    else if (typeof v === want && (!datetime || isValidIsoLabel(v as string))) out[i] = v as Cell;
    else throw fail(i, v, isCellValue(v) ? how : "cell", kind);
  }
  return out;
}

/** Decodes one series' values or one frame column, by dtype when given, else by inferred kind. */
export function decodeCells(raw: readonly unknown[], dtype: Dtype | undefined, fail: CellFail): Cell[] {
  const how: CellFailure = dtype === undefined ? "inferred" : "dtype";
  const kind = dtype === undefined ? inferKind(raw, fail) : dtypeKind(dtype);
  if (kind === "number") return decodeNumbers(raw, dtype === "int64", how, fail);
  return decodeOthers(raw, kind, dtype === "datetime", how, fail);
}

const KIND_TEXT: Readonly<Record<Kind, string>> = { number: "a number", string: "a string", boolean: "a boolean" };

/** The detail of a cell failure at a cell's own position (`expected a number like the first value, got "abc"`). */
export function cellFailureText(value: unknown, how: CellFailure, kind: Kind, dtype: Dtype | undefined): string {
  if (how === "cell") return `expected a number, string, boolean or null, got ${jsonTypeName(value)}`;
  if (how === "inferred") return `expected ${KIND_TEXT[kind]} like the first value, got ${showValue(value)}`;
  if (dtype === "datetime" && typeof value === "string")
    return `${showValue(value)} is not a valid ISO-8601 date or date-time (dtype "datetime")`;
  const what = dtype === "int64" ? "an integer" : dtype === "datetime" ? "an ISO-8601 string" : KIND_TEXT[kind];
  return `expected ${what} (dtype "${dtype}"), got ${showValue(value)}`;
}

/** Encodes one cell or label for the wire (§3.5): NaN to null, infinities to strings, -0 to 0. */
export function encodeCell(v: unknown): Cell {
  if (typeof v === "number") {
    if (Number.isNaN(v)) return null;
    if (v === Infinity) return "Infinity";
    if (v === -Infinity) return "-Infinity";
    return v === 0 ? 0 : v;
  }
  if (v === undefined) return null;
  return v as Cell;
}
