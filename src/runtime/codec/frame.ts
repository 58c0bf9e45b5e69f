// Frame payloads (docs/contract.md §3.3): records form (canonical), split form, bare list of
// records and OHLCV points. Decoded frames are column-major; `data` has no prototype.
import { isoUtc } from "../../lib/iso_utc.js";
import { fieldPath, invalid, type Cell, type Dtype, type Frame, type Label } from "../../contract/guard.js";
import { checkPoints } from "./caps.js";
import { type CellFail, cellFailureText, decodeCells, encodeCell, normaliseDtype } from "./cells.js";
import { badDateText, type CheckedLabels, dateShape, decodeIndex, isValidIsoLabel } from "./labels.js";
import { type ProvenRows, columnsOf } from "./number_rows.js";
import { keepNumericColumns } from "../../lib/numeric_columns.js";
import { isObject, own, setOwn } from "./objects.js";
import { SERIES_ONLY_KEYS, checkPayloadKeys, decodeText, presentKeys } from "./payload_keys.js";
import { describeValue, jsonList, jsonTypeName, quoted, showValue } from "./text.js";

const FRAME_FORMS =
  'a frame payload {"index": [...], "records": [...]} or {"columns": [...], "data": [...]}, a list of records ' +
  "or a list of OHLCV points";

/** OHLCV point keys and the columns they become, in column order. */
const POINT_COLUMNS: readonly [string, string][] = [
  ["o", "open"],
  ["h", "high"],
  ["l", "low"],
  ["c", "close"],
  ["v", "volume"],
  ["vw", "vwap"],
  ["n", "trades"],
];
const POINT_KEYS = new Set(["t", "o", "h", "l", "c", "v", "vw", "n"]);

interface Parts {
  columns: string[];
  /** Each column's cells as sent (empty when `typed` holds them). */
  raw: unknown[][];
  /** Each column of a proven matrix (number_rows.ts), as Float64Arrays. */
  typed?: Float64Array[];
  nrows: number;
  /** Field of the cell of row i, column j (`bars/records/i/<col>` or `bars/data/i/j`). */
  cellField: (i: number, j: number) => string;
  /** Every cell is a finite number (proven rows): a column decodes to itself unless a dtype asks more. */
  numbers?: true;
}

type MutableFrame = { -readonly [K in keyof Frame]: Frame[K] };

/**
 * Decodes a frame payload in any of its four forms at `field` (`checked`: see decodeIndex; `proven`: split
 * rows already proven finite numbers, number_rows.ts).
 */
export function decodeFrame(value: unknown, field: string, checked?: CheckedLabels, proven?: ProvenRows): Frame {
  if (Array.isArray(value)) return decodeList(value, field);
  if (!isObject(value)) throw invalid(field, `must be ${FRAME_FORMS}, got ${describeValue(value)}`);
  const keys = presentKeys(value);
  const seriesKey = keys.find((k) => SERIES_ONLY_KEYS.includes(k));
  if (seriesKey !== undefined) throw invalid(field, `expected a frame, got a series payload (key '${seriesKey}')`);
  checkPayloadKeys(field, keys, "frame");
  const has = (k: string) => keys.includes(k);
  if (has("records") && has("data")) throw invalid(field, "send 'records' or 'data', not both");
  if (!has("records") && !has("data"))
    throw invalid(field, 'missing key(s) ["records"]; a frame payload has "records", or "columns" and "data"');
  const parts = has("records") ? recordsParts(value, field) : splitParts(value, field, proven);
  const dtypes = has("dtypes") ? decodeDtypes(value["dtypes"], fieldPath(field, "dtypes"), parts.columns) : undefined;
  const frame = buildFrame(parts, dtypes, field);
  if (has("index")) frame.index = decodeIndex(value["index"], field, parts.nrows, "row", checked);
  if (has("index_name")) frame.indexName = decodeText(value["index_name"], fieldPath(field, "index_name"));
  if (dtypes !== undefined) frame.dtypes = dtypes;
  if (has("freq")) frame.freq = decodeText(value["freq"], fieldPath(field, "freq"), true);
  return frame;
}

/** Column names: strings, no duplicates. */
function decodeColumns(raw: unknown, field: string): string[] {
  if (!Array.isArray(raw)) throw invalid(field, `must be a list of column names, got ${jsonTypeName(raw)}`);
  const seen = new Set<string>();
  raw.forEach((c: unknown, i) => {
    if (typeof c !== "string")
      throw invalid(fieldPath(field, i), `a column name must be a string, got ${jsonTypeName(c)}`);
    if (seen.has(c)) throw invalid(field, `duplicate column ${quoted(c)}`);
    seen.add(c);
  });
  return raw as string[];
}

/** Records (object form or bare list): columns default to the first record's keys, in order. */
function recordsFromList(records: readonly unknown[], columnsRaw: unknown, field: string, base: string): Parts {
  const nrows = records.length;
  const recordAt = (i: number): Record<string, unknown> => {
    const r = records[i];
    if (!isObject(r))
      throw invalid(fieldPath(base, i), `expected an object of {column: value}, got ${jsonTypeName(r)}`);
    return r;
  };
  const columns =
    columnsRaw !== undefined
      ? decodeColumns(columnsRaw, fieldPath(field, "columns"))
      : nrows > 0
        ? Object.keys(recordAt(0))
        : [];
  checkPoints(field, nrows * Math.max(columns.length, 1), "frame");
  const raw = columns.map(() => new Array<unknown>(nrows));
  for (let i = 0; i < nrows; i++) {
    const r = recordAt(i);
    for (let j = 0; j < columns.length; j++) raw[j]![i] = own(r, columns[j]!) ?? null;
  }
  return { columns, raw, nrows, cellField: (i, j) => fieldPath(base, i, columns[j]!) };
}

function recordsParts(value: Record<string, unknown>, field: string): Parts {
  const records = value["records"];
  const base = fieldPath(field, "records");
  if (!Array.isArray(records)) throw invalid(base, `must be a list of records, got ${jsonTypeName(records)}`);
  const columns = value["columns"] === null ? undefined : own(value, "columns");
  return recordsFromList(records, columns, field, base);
}

function splitParts(value: Record<string, unknown>, field: string, proven?: ProvenRows): Parts {
  const columnsRaw = own(value, "columns");
  if (columnsRaw === undefined || columnsRaw === null)
    throw invalid(field, 'missing key(s) ["columns"]; the split form needs "columns" with "data"');
  const columns = decodeColumns(columnsRaw, fieldPath(field, "columns"));
  const rows = value["data"];
  const base = fieldPath(field, "data");
  if (!Array.isArray(rows)) throw invalid(base, `must be a list of rows, got ${jsonTypeName(rows)}`);
  const nrows = rows.length;
  checkPoints(field, nrows * Math.max(columns.length, 1), "frame");
  const cellField = (i: number, j: number) => fieldPath(base, i, j);
  // Proven rows, every one as long as the columns: no row can fail, the columns come from the proof.
  const proof = proven?.get(rows);
  if (proof !== undefined && proof.width === columns.length)
    return { columns, raw: [], typed: columnsOf(proof), nrows, cellField, numbers: true };
  const raw = columns.map(() => new Array<unknown>(nrows));
  for (let i = 0; i < nrows; i++) {
    const row: unknown = rows[i];
    if (!Array.isArray(row)) throw invalid(fieldPath(base, i), `expected a list of cells, got ${jsonTypeName(row)}`);
    if (row.length !== columns.length)
      throw invalid(fieldPath(base, i), `row has ${row.length} cell(s) but there are ${columns.length} column(s)`);
    for (let j = 0; j < columns.length; j++) raw[j]![i] = row[j];
  }
  return { columns, raw, nrows, cellField };
}

/** `dtypes`: an object from column to dtype (aliases normalised); every key must be a column. */
function decodeDtypes(raw: unknown, field: string, columns: readonly string[]): Record<string, Dtype> {
  if (!isObject(raw)) throw invalid(field, `must be an object of {column: dtype}, got ${jsonTypeName(raw)}`);
  const out: Record<string, Dtype> = Object.create(null);
  for (const key of Object.keys(raw)) {
    const at = fieldPath(field, key);
    if (raw[key] === null) continue;
    if (!columns.includes(key)) throw invalid(at, `no column ${quoted(key)}; columns: ${jsonList(columns)}`);
    out[key] = normaliseDtype(at, raw[key]);
  }
  return out;
}

/** Decodes every column by its dtype, or by the kind of its first non-null cell. */
function buildFrame(parts: Parts, dtypes: Record<string, Dtype> | undefined, field: string): MutableFrame {
  const data: Record<string, Cell[]> = Object.create(null);
  const frame: MutableFrame = { columns: parts.columns, data, nrows: parts.nrows };
  // All finite numbers: no dtype or float64 decodes them to themselves (as decodeCells would, after a pass).
  const same = (col: string) => parts.numbers === true && (dtypes?.[col] === undefined || dtypes[col] === "float64");
  const { typed } = parts;
  if (typed !== undefined && parts.columns.every(same)) {
    parts.columns.forEach((col, j) => lazyColumn(data, col, typed[j]!));
    keepNumericColumns(frame, typed);
    return frame;
  }
  parts.columns.forEach((col, j) => {
    const dtype = dtypes?.[col];
    const fail: CellFail = (i, v, how, kind) =>
      how === "dtype"
        ? invalid(
            fieldPath(field, "dtypes", col),
            `column ${quoted(col)} does not fit dtype "${dtype}" - row ${i} has ${showValue(v)}`,
          )
        : invalid(parts.cellField(i, j), cellFailureText(v, how, kind, dtype));
    const raw = typed === undefined ? parts.raw[j]! : Array.from(typed[j]!);
    data[col] = same(col) ? (raw as number[]) : decodeCells(raw, dtype, fail);
  });
  return frame;
}

/**
 * data[col] as a plain array of `cells`, made when first read (a guard reading numericColumnsOf never reads
 * it); an assignment replaces it.
 */
function lazyColumn(data: Record<string, Cell[]>, col: string, cells: Float64Array): void {
  const settle = (value: Cell[]) => {
    Object.defineProperty(data, col, { value, writable: true, enumerable: true, configurable: true });
    return value;
  };
  Object.defineProperty(data, col, {
    get: () => settle(Array.from(cells)),
    set: settle,
    enumerable: true,
    configurable: true,
  });
}

/** An array: OHLCV points when every element qualifies (§3.3), else a bare list of records. */
function decodeList(list: readonly unknown[], field: string): Frame {
  if (list.length > 0 && list.every(isPoint)) return decodePoints(list as Record<string, unknown>[], field);
  return buildFrame(recordsFromList(list, undefined, field, field), undefined, field);
}

function isPoint(x: unknown): boolean {
  if (!isObject(x) || !Object.hasOwn(x, "t")) return false;
  if (!Object.hasOwn(x, "o") && !Object.hasOwn(x, "h") && !Object.hasOwn(x, "l") && !Object.hasOwn(x, "c"))
    return false;
  for (const k in x) if (!POINT_KEYS.has(k)) return false;
  return true;
}

/** `t` as an index label: an ISO string kept as sent, or epoch milliseconds as an ISO string (UTC). */
function pointLabel(t: unknown, base: string, i: number): Label {
  if (typeof t === "string") {
    if (isValidIsoLabel(t)) return t;
    throw invalid(
      fieldPath(base, i, "t"),
      dateShape(t) === 0 ? `${showValue(t)} is not a valid ISO-8601 date or date-time` : badDateText(t),
    );
  }
  if (typeof t === "number" && Number.isFinite(t) && Math.abs(t) <= 8.64e15) return isoFromEpochMs(t);
  throw invalid(
    fieldPath(base, i, "t"),
    "must be an ISO-8601 string or Unix epoch milliseconds, got " +
      `${typeof t === "number" ? showValue(t) : jsonTypeName(t)}`,
  );
}

/** `YYYY-MM-DDTHH:MM:SS.sssZ` of epoch milliseconds, as Date#toISOString (which is slow per call). */
export function isoFromEpochMs(ms: number): string {
  const t = Math.trunc(ms);
  return isoUtc(t, false) ?? new Date(t).toISOString();
}

function decodePoints(points: readonly Record<string, unknown>[], field: string): Frame {
  const nrows = points.length;
  const present = POINT_COLUMNS.filter(([k]) => points.some((p) => p[k] !== null && p[k] !== undefined));
  checkPoints(field, nrows * Math.max(present.length, 1), "frame");
  const index = new Array<Label>(nrows);
  const data: Record<string, Cell[]> = Object.create(null);
  const keys = present.map(([k]) => k);
  const cols = present.map(() => new Array<number>(nrows));
  present.forEach(([, col], j) => (data[col] = cols[j]!));
  for (let i = 0; i < nrows; i++) {
    const p = points[i]!;
    index[i] = pointLabel(p["t"], field, i);
    for (let j = 0; j < keys.length; j++) {
      const v = own(p, keys[j]!);
      if (v === null || v === undefined) cols[j]![i] = NaN;
      else if (typeof v === "number") cols[j]![i] = v;
      else throw invalid(fieldPath(field, i, keys[j]!), `must be a number, got ${showValue(v)}`);
    }
  }
  return { columns: present.map(([, col]) => col), data, nrows, index, indexName: "t" };
}

/** The canonical records form of a frame (§3.3): index, index_name, columns, records, dtypes, freq. */
export function encodeFrame(f: Frame): { [k: string]: unknown } {
  return encodeFrameHead(f, Infinity);
}

/** The records form of at most `limit` rows; a cut adds `truncated: {kept, of}`. */
export function encodeFrameHead(
  f: Frame,
  limit: number,
  cell: (v: unknown) => unknown = encodeCell,
): { [k: string]: unknown } {
  const kept = Math.min(f.nrows, limit);
  const out: { [k: string]: unknown } = {};
  if (f.index !== undefined) out["index"] = f.index.slice(0, kept).map(encodeCell);
  if (f.indexName !== undefined) out["index_name"] = f.indexName;
  out["columns"] = [...f.columns];
  const cols = f.columns.map((c) => (Object.hasOwn(f.data, c) ? f.data[c] : undefined) ?? []);
  const records = new Array<Record<string, unknown>>(kept);
  for (let i = 0; i < kept; i++) {
    const r: Record<string, unknown> = {};
    for (let j = 0; j < f.columns.length; j++) setOwn(r, f.columns[j]!, cell(cols[j]![i]));
    records[i] = r;
  }
  out["records"] = records;
  if (f.dtypes !== undefined) {
    const dtypes: Record<string, unknown> = {};
    for (const c of f.columns) if (Object.hasOwn(f.dtypes, c)) setOwn(dtypes, c, f.dtypes[c]);
    for (const c of Object.keys(f.dtypes)) if (!f.columns.includes(c)) setOwn(dtypes, c, f.dtypes[c]);
    out["dtypes"] = dtypes;
  }
  if (f.freq !== undefined) out["freq"] = f.freq;
  if (kept < f.nrows) out["truncated"] = { kept, of: f.nrows };
  return out;
}
