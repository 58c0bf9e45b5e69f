// Series payloads (docs/contract.md §3.2, §3.4, §3.5), plus the cell, label and payload-key rules
// that frames share (§3.3, §3.6).
import { BadInputError, fieldPath, invalid, type Cell, type Dtype, type Label, type Series } from "../contract.js";
import { asciiText } from "../../lib/ascii_text.js";
import { MAX_POINTS } from "./caps.js";
import { closeMatches } from "./similarity.js";

// ---------------------------------------------------------------- JSON helpers (shared)

/** The JSON type of `x` with an article, for `got <type>` messages: `a string`, `an array`, `null`. */
export function jsonTypeName(x: unknown): string {
  if (x === null || x === undefined) return "null";
  if (Array.isArray(x)) return "an array";
  switch (typeof x) {
    case "number":
      return "a number";
    case "string":
      return "a string";
    case "boolean":
      return "a boolean";
    case "object":
      return "an object";
    default:
      return typeof x;
  }
}

/** Compact JSON of `x`, ASCII-safe, cut to 80 characters; NaN and infinities by name. */
export function showValue(x: unknown): string {
  if (typeof x === "number" && !Number.isFinite(x)) return String(x);
  let text: string;
  try {
    text = JSON.stringify(x) ?? typeof x;
  } catch {
    text = typeof x;
  }
  text = asciiText(text);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** A list in messages: compact JSON, ASCII-safe (non-ASCII as \uXXXX escapes, still valid JSON). */
export function jsonList(items: readonly unknown[]): string {
  return asciiText(JSON.stringify(items));
}

/** At most 10 items of a list in messages, then `... and 1,294 more`. */
export function clippedList(items: readonly unknown[], max = 10): string {
  const shown = jsonList(items.slice(0, max));
  const rest = items.length - max;
  return rest > 0 ? `${shown} ... and ${rest.toLocaleString("en-US")} more` : shown;
}

/** A name in messages: single-quoted, ASCII-safe. */
export function quoted(name: string): string {
  return `'${asciiText(name)}'`;
}

/** A non-null, non-array object. */
export function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** Own property read that never reaches the prototype (`constructor`, `__proto__`, ...). */
export function own(obj: object, key: string): unknown {
  return Object.hasOwn(obj, key) ? (obj as Record<string, unknown>)[key] : undefined;
}

/** Sets an own data property; `__proto__` becomes a plain key instead of a prototype change. */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

// ---------------------------------------------------------------- payload keys (§3.6)

export const SERIES_KEYS: readonly string[] = ["index", "values", "name", "dtype", "freq"];
export const FRAME_KEYS: readonly string[] = ["index", "columns", "records", "data", "dtypes", "freq", "index_name"];
/** Keys that only a frame payload has, and only a series payload has. */
export const FRAME_ONLY_KEYS: readonly string[] = ["records", "data", "columns", "index_name", "dtypes"];
export const SERIES_ONLY_KEYS: readonly string[] = ["values", "name", "dtype"];
const NEAR_MISS_CUTOFF = 0.75;
const SHAPES_TEXT =
  'A series is {"index": [...], "values": [...]} and a frame is {"index": [...], "records": [{column: value}, ...]}';

/** The near-miss error for `key` when it looks like one of `allowed`, else null. */
export function nearMissError(
  field: string,
  key: string,
  keys: readonly string[],
  allowed: readonly string[],
): BadInputError | null {
  const [match] = closeMatches(key, allowed, 1, NEAR_MISS_CUTOFF);
  if (match === undefined) return null;
  return invalid(
    field,
    `key ${quoted(key)} looks like a mistyped '${match}'. ${SHAPES_TEXT}; got keys ${clippedList(keys)}`,
    `did you mean '${match}' for ${quoted(key)}?`,
  );
}

/**
 * Payload keys must be allowed: the first unknown key that is a near miss of an allowed one
 * gives the near-miss error, otherwise all unknown keys are listed. `truncated` is tolerated.
 */
export function checkPayloadKeys(field: string, keys: readonly string[], shape: "series" | "frame"): void {
  const allowed = shape === "series" ? SERIES_KEYS : FRAME_KEYS;
  const unknown = keys.filter((k) => k !== "truncated" && !allowed.includes(k));
  if (unknown.length === 0) return;
  for (const k of unknown) {
    const err = nearMissError(field, k, keys, [...allowed, "truncated"]);
    if (err) throw err;
  }
  throw invalid(field, `unknown key(s) ${clippedList(unknown)} in the ${shape} payload; allowed: ${jsonList(allowed)}`);
}

/** The own keys of a payload object whose values are not null (null means absent, §3.1). */
export function presentKeys(obj: Record<string, unknown>): string[] {
  return Object.keys(obj).filter((k) => obj[k] !== null && obj[k] !== undefined);
}

// ---------------------------------------------------------------- dtypes and cells

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

/** Decodes a numeric column: null to NaN, "Infinity"/"-Infinity" to infinities; int64 needs integers. */
function decodeNumbers(raw: readonly unknown[], integer: boolean, how: CellFailure, fail: CellFail): number[] {
  const n = raw.length;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
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

// ---------------------------------------------------------------- index labels and dates (§3.4)

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Two digits at `i` as a number, or -1. */
function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The time part of a date-time from position 10 (`THH:MM[:SS[.f{1,9}]][Z|±HH:MM]`):
 * 0 when it is not of that shape, 1 when it is a real time, 2 when shaped but out of range.
 */
function timePart(s: string): 0 | 1 | 2 {
  const n = s.length;
  if (n < 16 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58) return 0;
  const h = twoDigits(s, 11);
  const mi = twoDigits(s, 14);
  if (h < 0 || mi < 0) return 0;
  let ok = h <= 23 && mi <= 59;
  let i = 16;
  if (i < n && s.charCodeAt(i) === 58) {
    const sec = twoDigits(s, i + 1);
    if (sec < 0 || i + 3 > n) return 0;
    ok = ok && sec <= 59;
    i += 3;
    if (i < n && s.charCodeAt(i) === 46) {
      let j = i + 1;
      while (j < n && isDigit(s.charCodeAt(j))) j++;
      if (j === i + 1 || j - i - 1 > 9) return 0;
      i = j;
    }
  }
  if (i === n) return ok ? 1 : 2;
  const z = s.charCodeAt(i);
  if (z === 90) return i + 1 === n ? (ok ? 1 : 2) : 0;
  if ((z !== 43 && z !== 45) || i + 6 !== n || s.charCodeAt(i + 3) !== 58) return 0;
  const oh = twoDigits(s, i + 1);
  const om = twoDigits(s, i + 4);
  if (oh < 0 || om < 0) return 0;
  return ok && oh <= 23 && om <= 59 ? 1 : 2;
}

/** 0: not date-shaped; 1: `YYYY-MM-DD`; 2: a date-time of the §3.4 grammar. No regex or closure on this path. */
export function dateShape(s: string): 0 | 1 | 2 {
  if (s.length < 10) return 0;
  if (
    !isDigit(s.charCodeAt(0)) ||
    !isDigit(s.charCodeAt(1)) ||
    !isDigit(s.charCodeAt(2)) ||
    !isDigit(s.charCodeAt(3)) ||
    s.charCodeAt(4) !== 45 ||
    !isDigit(s.charCodeAt(5)) ||
    !isDigit(s.charCodeAt(6)) ||
    s.charCodeAt(7) !== 45 ||
    !isDigit(s.charCodeAt(8)) ||
    !isDigit(s.charCodeAt(9))
  )
    return 0;
  if (s.length === 10) return 1;
  return timePart(s) === 0 ? 0 : 2;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when a `YYYY-MM-DD`-shaped string is a real calendar date. */
function validDateDigits(s: string): boolean {
  const y =
    (s.charCodeAt(0) - 48) * 1000 + (s.charCodeAt(1) - 48) * 100 + (s.charCodeAt(2) - 48) * 10 + (s.charCodeAt(3) - 48);
  const m = (s.charCodeAt(5) - 48) * 10 + (s.charCodeAt(6) - 48);
  const day = (s.charCodeAt(8) - 48) * 10 + (s.charCodeAt(9) - 48);
  if (m < 1 || m > 12 || day < 1) return false;
  const leap = m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return day <= MONTH_DAYS[m - 1]! + (leap ? 1 : 0);
}

/** True when `s` is a real ISO-8601 date or date-time. */
export function isValidIsoLabel(s: string): boolean {
  const shape = dateShape(s);
  return shape === 1 ? validDateDigits(s) : shape === 2 ? validDateDigits(s) && timePart(s) === 1 : false;
}

/** The bad-date detail for a date-shaped label: `"2024-13-01" is not a valid ISO-8601 date`. */
export function badDateText(s: string): string {
  return `${showValue(s)} is not a valid ISO-8601 ${dateShape(s) === 2 ? "date-time" : "date"}`;
}

/**
 * Checks an index against `n` values or rows and returns its labels, kept exactly as sent.
 * When every label is date-shaped, each must be a real calendar value (error at `index/i`).
 */
export function decodeIndex(raw: unknown, field: string, n: number, unit: "value" | "row"): Label[] {
  const at = fieldPath(field, "index");
  if (!Array.isArray(raw)) throw invalid(at, `must be a list of labels, got ${jsonTypeName(raw)}`);
  if (raw.length !== n) throw invalid(at, `index has ${raw.length} label(s) but there are ${n} ${unit}(s)`);
  let allDates = true;
  for (let i = 0; i < raw.length; i++) {
    const v: unknown = raw[i];
    if (typeof v === "string") {
      if (allDates && dateShape(v) === 0) allDates = false;
    } else if (typeof v === "number" && Number.isFinite(v)) {
      allDates = false;
    } else {
      throw invalid(fieldPath(at, i), `a label must be a string or a number, got ${jsonTypeName(v)}`);
    }
  }
  if (allDates) {
    for (let i = 0; i < raw.length; i++) {
      const s = raw[i] as string;
      if (!validDateDigits(s) || (s.length > 10 && timePart(s) !== 1)) throw invalid(fieldPath(at, i), badDateText(s));
    }
  }
  return raw as Label[];
}

/** An optional string member (`name`, `index_name`); `freq` must also be non-empty. */
export function decodeText(raw: unknown, field: string, nonEmpty = false): string {
  if (typeof raw !== "string") throw invalid(field, `must be a string, got ${jsonTypeName(raw)}`);
  if (nonEmpty && raw === "") throw invalid(field, "must be a non-empty string");
  return raw;
}

/** The MAX_POINTS cap (§3.7) for a series or a frame of `cells` cells. */
export function checkPoints(field: string, cells: number, what: "series" | "frame"): void {
  if (cells <= MAX_POINTS) return;
  const detail =
    `${what} has ${cells} cell(s); the limit is ${MAX_POINTS} (MAX_POINTS). Aggregate or slice the window before ` +
    "sending it";
  throw new BadInputError("too_large", field, field === "" ? detail : `${field}: ${detail}`);
}

// ---------------------------------------------------------------- series

const SERIES_FORMS = 'a series payload {"index": [...], "values": [...]} or a list of values';

function valuesFail(base: string, dtype: Dtype | undefined): CellFail {
  return (i, value, how, kind) => invalid(fieldPath(base, i), cellFailureText(value, how, kind, dtype));
}

/** Decodes a series payload (object or bare array form) at `field`. */
export function decodeSeries(value: unknown, field: string): Series<Cell> {
  if (Array.isArray(value)) {
    checkPoints(field, value.length, "series");
    return { values: decodeCells(value, undefined, valuesFail(field, undefined)) };
  }
  if (!isObject(value)) throw invalid(field, `must be ${SERIES_FORMS}, got ${jsonTypeName(value)}`);
  const keys = presentKeys(value);
  const frameKey = keys.find((k) => FRAME_ONLY_KEYS.includes(k));
  if (frameKey !== undefined) throw invalid(field, `expected a series, got a frame payload (key '${frameKey}')`);
  checkPayloadKeys(field, keys, "series");
  const raw = own(value, "values");
  if (raw === undefined) throw invalid(field, 'missing key(s) ["values"]');
  if (!Array.isArray(raw))
    throw invalid(fieldPath(field, "values"), `must be a list of values, got ${jsonTypeName(raw)}`);
  checkPoints(field, raw.length, "series");
  const dtype = keys.includes("dtype") ? normaliseDtype(fieldPath(field, "dtype"), value["dtype"]) : undefined;
  const values = decodeCells(raw, dtype, valuesFail(fieldPath(field, "values"), dtype));
  const out: { values: Cell[]; index?: Label[]; name?: string; dtype?: Dtype; freq?: string } = { values };
  if (keys.includes("index")) out.index = decodeIndex(value["index"], field, values.length, "value");
  if (keys.includes("name")) out.name = decodeText(value["name"], fieldPath(field, "name"));
  if (dtype !== undefined) out.dtype = dtype;
  if (keys.includes("freq")) out.freq = decodeText(value["freq"], fieldPath(field, "freq"), true);
  return out;
}

/** The wire payload of a series: keys in the order index, values, name, dtype, freq. */
export function encodeSeries(s: Series<Cell>): { [k: string]: unknown } {
  return encodeSeriesHead(s, Infinity);
}

/** The wire payload of at most `limit` points; a cut adds `truncated: {kept, of}`. */
export function encodeSeriesHead(s: Series<Cell>, limit: number): { [k: string]: unknown } {
  const n = s.values.length;
  const kept = Math.min(n, limit);
  const out: { [k: string]: unknown } = {};
  if (s.index !== undefined) out["index"] = headMap(s.index, kept, encodeCell);
  out["values"] = headMap(s.values, kept, encodeCell);
  if (s.name !== undefined) out["name"] = s.name;
  if (s.dtype !== undefined) out["dtype"] = s.dtype;
  if (s.freq !== undefined) out["freq"] = s.freq;
  if (kept < n) out["truncated"] = { kept, of: n };
  return out;
}

function headMap<T, U>(xs: ArrayLike<T>, n: number, f: (x: T) => U): U[] {
  const m = Math.min(n, xs.length);
  const out = new Array<U>(m);
  for (let i = 0; i < m; i++) out[i] = f(xs[i]!);
  return out;
}
