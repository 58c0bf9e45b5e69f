// JSON and NDJSON files: the shapes pandas' to_json writes (records, columns, index, split,
// values, table; a Series as {label: value}) and {column: [values]}, read into columns.
import { invalid } from "../../contract/guard.js";
import { isObject } from "../codec/objects.js";
import { quoted, showValue } from "../codec/text.js";
import { StreamedRows } from "./json_rows.js";
import type { RawTable } from "./table.js";

export const ORIENTS = ["records", "columns", "index", "split", "values", "table", "lists", "series"] as const;
export type Orient = (typeof ORIENTS)[number];

const INDEX_COLUMN = "index";

/**
 * An object of a parsed document: a plain object (JSON.parse), or a Map (the file parser's, json_stream.ts:
 * a Map of a million members is built and read in order many times faster than such an object).
 */
type Obj = Record<string, unknown> | Map<string, unknown>;
const isObj = (x: unknown): x is Obj => x instanceof Map || (isObject(x) && !(x instanceof StreamedRows));
/** A list: an array, or rows the file parser took into columns as they were read. */
const isList = (x: unknown): x is unknown[] | StreamedRows => Array.isArray(x) || x instanceof StreamedRows;
const keysOf = (o: Obj): string[] => (o instanceof Map ? [...o.keys()] : Object.keys(o));
const valuesOf = (o: Obj): unknown[] => (o instanceof Map ? [...o.values()] : Object.values(o));
const has = (o: Obj, k: string): boolean => (o instanceof Map ? o.has(k) : Object.hasOwn(o, k));
const get = (o: Obj, k: string): unknown => (o instanceof Map ? o.get(k) : o[k]);

/** Record objects as columns (every key any record has); a record that is not an object is refused. */
export function fromRecords(
  records: readonly unknown[],
  field: string,
  name: string,
  lineOf?: (i: number) => number,
): RawTable {
  const columns: string[] = [];
  const seen = new Set<string>();
  records.forEach((r, i) => {
    if (!isObj(r)) {
      const at = lineOf ? `line ${lineOf(i)}` : `record ${i + 1}`;
      throw invalid(field, `${name} ${at}: expected an object of {column: value}, got ${showValue(r)}`);
    }
    for (const k of r instanceof Map ? r.keys() : Object.keys(r)) if (!seen.has(k)) seen.add(k) && columns.push(k);
  });
  const cells = columns.map((c) => records.map((r) => (has(r as Obj, c) ? get(r as Obj, c) : null)));
  const where = (i: number, j: number) =>
    `${name} ${lineOf ? `line ${lineOf(i)}` : `record ${i + 1}`}, column ${quoted(columns[j]!)}`;
  return { columns, cells, nrows: records.length, where };
}

function fromColumns(columns: string[], cells: unknown[][], name: string): RawTable {
  return {
    columns,
    cells,
    nrows: cells[0]?.length ?? 0,
    where: (i, j) => `${name} row ${i + 1}, column ${quoted(columns[j]!)}`,
  };
}

/** The member names the objects share, in order, when every one has the same (the usual `columns` file), else null. */
function sameKeys(objects: readonly Obj[]): string[] | null {
  const first = objects.length > 0 ? keysOf(objects[0]!) : null;
  if (first === null) return null;
  for (let k = 1; k < objects.length; k++) {
    const keys = keysOf(objects[k]!);
    if (keys.length !== first.length || keys.some((x, i) => x !== first[i])) return null;
  }
  return first;
}

/** `{label: {column: value}}` (orient "index") or `{column: {label: value}}` (orient "columns"). */
function fromNested(obj: Obj, byIndex: boolean, name: string): RawTable {
  const outer = keysOf(obj);
  const same = byIndex ? null : sameKeys(outer.map((k) => get(obj, k) as Obj));
  if (same !== null)
    return fromColumns([INDEX_COLUMN, ...outer], [same, ...outer.map((k) => valuesOf(get(obj, k) as Obj))], name);
  const inner: string[] = [];
  const seen = new Set<string>();
  for (const k of outer) for (const x of keysOf(get(obj, k) as Obj)) if (!seen.has(x)) seen.add(x) && inner.push(x);
  const labels = byIndex ? outer : inner;
  const cols = byIndex ? inner : outer;
  const cell = (label: string, col: string) => {
    const o = get(obj, byIndex ? label : col) as Obj;
    const k = byIndex ? col : label;
    return has(o, k) ? get(o, k) : null;
  };
  return fromColumns([INDEX_COLUMN, ...cols], [labels, ...cols.map((c) => labels.map((l) => cell(l, c)))], name);
}

/** Records read as they streamed in: refused at the first row that is not an object, as fromRecords refuses it. */
function fromStreamedRecords(rows: StreamedRows, field: string, name: string): RawTable {
  if (rows.firstNonObject >= 0)
    throw invalid(
      field,
      `${name} record ${rows.firstNonObject + 1}: expected an object of {column: value}, got ` +
        showValue(rows.firstNonObjectValue),
    );
  const columns = rows.recordColumns;
  const where = (i: number, j: number) => `${name} record ${i + 1}, column ${quoted(columns[j]!)}`;
  return { columns, cells: rows.recordCells, nrows: rows.length, where };
}

/** Cell j of every row (null where a row is shorter or not an array). */
function valueColumn(data: unknown[] | StreamedRows, j: number): unknown[] {
  if (!(data instanceof StreamedRows))
    return data.map((row: unknown) => (Array.isArray(row) ? (row[j] ?? null) : null));
  return data.valueCells[j] ?? new Array<unknown>(data.length).fill(null);
}

/** Records from a list, whole or streamed. */
function recordsOf(list: unknown[] | StreamedRows, field: string, name: string): RawTable {
  return list instanceof StreamedRows ? fromStreamedRecords(list, field, name) : fromRecords(list, field, name);
}

function fromSplit(obj: Obj, field: string, name: string): RawTable {
  const columns = get(obj, "columns");
  const data = get(obj, "data");
  if (!Array.isArray(columns) || !isList(data))
    throw invalid(field, `${name}: orient "split" needs "columns" and "data" lists`);
  const names = columns.map(String);
  const cells = names.map((_, j) => valueColumn(data, j));
  const index = get(obj, "index");
  if (Array.isArray(index)) return fromColumns([INDEX_COLUMN, ...names], [index as unknown[], ...cells], name);
  return fromColumns(names, cells, name);
}

/** The orient of a parsed JSON document when the reference names none. */
export function guessOrient(doc: unknown): Orient | null {
  if (doc instanceof StreamedRows) return doc.allArrays ? "values" : "records";
  if (Array.isArray(doc)) return doc.every(Array.isArray) ? "values" : "records";
  if (!isObj(doc)) return null;
  if (isList(get(doc, "data")) && Array.isArray(get(doc, "columns"))) return "split";
  if (isObj(get(doc, "schema")) && isList(get(doc, "data"))) return "table";
  const vals = valuesOf(doc);
  if (vals.length > 0 && vals.every(isList)) return "lists";
  if (vals.length > 0 && vals.every(isObj)) return "columns";
  if (vals.every((v) => !Array.isArray(v) && !isObj(v))) return "series";
  return null;
}

/** A parsed JSON document in the given (or guessed) orient as columns; an index becomes column "index". */
export function readJsonDoc(doc: unknown, orient: Orient | undefined, field: string, name: string): RawTable {
  const o = orient ?? guessOrient(doc);
  const want = (ok: boolean) => {
    if (!ok) throw invalid(field, `${name} does not have the shape of orient ${showValue(o)}`);
  };
  switch (o) {
    case "records":
      want(isList(doc));
      return recordsOf(doc as unknown[] | StreamedRows, field, name);
    case "values": {
      want(isList(doc));
      if (doc instanceof StreamedRows) {
        const columns = doc.valueCells.map((_, j) => String(j));
        return fromColumns(columns, doc.valueCells, name);
      }
      const rows = doc as unknown[][];
      // a loop, not Math.max(...rows): a million arguments overflow the stack
      let width = 0;
      for (const r of rows) if (Array.isArray(r) && r.length > width) width = r.length;
      const columns = Array.from({ length: width }, (_, j) => String(j));
      return fromColumns(
        columns,
        columns.map((_, j) => rows.map((r) => (Array.isArray(r) ? (r[j] ?? null) : null))),
        name,
      );
    }
    case "split":
      want(isObj(doc));
      return fromSplit(doc as Obj, field, name);
    case "table": {
      const data = isObj(doc) ? get(doc, "data") : undefined;
      want(isList(data));
      return recordsOf(data as unknown[] | StreamedRows, field, name);
    }
    case "lists": {
      want(isObj(doc));
      const columns = keysOf(doc as Obj);
      return fromColumns(
        columns,
        columns.map((c) => get(doc as Obj, c) as unknown[]),
        name,
      );
    }
    case "columns":
    case "index":
      want(isObj(doc) && valuesOf(doc).every(isObj));
      return fromNested(doc as Obj, o === "index", name);
    case "series": {
      want(isObj(doc));
      return fromColumns([INDEX_COLUMN, "value"], [keysOf(doc as Obj), valuesOf(doc as Obj)], name);
    }
    default:
      throw invalid(field, `${name}: cannot tell the JSON layout; give "orient", one of ${showValue(ORIENTS)}`);
  }
}
