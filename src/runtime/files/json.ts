// JSON and NDJSON files: the shapes pandas' to_json writes (records, columns, index, split,
// values, table; a Series as {label: value}) and {column: [values]}, read into columns.
import { invalid } from "../../contract/guard.js";
import { isObject } from "../codec/objects.js";
import { quoted, showValue } from "../codec/text.js";
import type { RawTable } from "./table.js";

export const ORIENTS = ["records", "columns", "index", "split", "values", "table", "lists", "series"] as const;
export type Orient = (typeof ORIENTS)[number];

const INDEX_COLUMN = "index";

function fromRecords(
  records: readonly unknown[],
  field: string,
  name: string,
  lineOf?: (i: number) => number,
): RawTable {
  const columns: string[] = [];
  const seen = new Set<string>();
  records.forEach((r, i) => {
    if (!isObject(r)) {
      const at = lineOf ? `line ${lineOf(i)}` : `record ${i + 1}`;
      throw invalid(field, `${name} ${at}: expected an object of {column: value}, got ${showValue(r)}`);
    }
    for (const k of Object.keys(r)) if (!seen.has(k)) seen.add(k) && columns.push(k);
  });
  const cells = columns.map((c) =>
    records.map((r) => (Object.hasOwn(r as object, c) ? (r as Record<string, unknown>)[c] : null)),
  );
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

/** `{label: {column: value}}` (orient "index") or `{column: {label: value}}` (orient "columns"). */
function fromNested(obj: Record<string, unknown>, byIndex: boolean, name: string): RawTable {
  const outer = Object.keys(obj);
  const inner: string[] = [];
  const seen = new Set<string>();
  for (const k of outer) for (const x of Object.keys(obj[k] as object)) if (!seen.has(x)) seen.add(x) && inner.push(x);
  const labels = byIndex ? outer : inner;
  const cols = byIndex ? inner : outer;
  const get = (label: string, col: string) => {
    const o = (byIndex ? obj[label] : obj[col]) as Record<string, unknown>;
    const k = byIndex ? col : label;
    return Object.hasOwn(o, k) ? o[k] : null;
  };
  return fromColumns([INDEX_COLUMN, ...cols], [labels, ...cols.map((c) => labels.map((l) => get(l, c)))], name);
}

function fromSplit(obj: Record<string, unknown>, field: string, name: string): RawTable {
  const columns = obj["columns"];
  const data = obj["data"];
  if (!Array.isArray(columns) || !Array.isArray(data))
    throw invalid(field, `${name}: orient "split" needs "columns" and "data" lists`);
  const names = columns.map(String);
  const cells = names.map((_, j) => data.map((row: unknown) => (Array.isArray(row) ? (row[j] ?? null) : null)));
  if (Array.isArray(obj["index"]))
    return fromColumns([INDEX_COLUMN, ...names], [obj["index"] as unknown[], ...cells], name);
  return fromColumns(names, cells, name);
}

/** The orient of a parsed JSON document when the reference names none. */
export function guessOrient(doc: unknown): Orient | null {
  if (Array.isArray(doc)) return doc.every(Array.isArray) ? "values" : "records";
  if (!isObject(doc)) return null;
  if (Array.isArray(doc["data"]) && Array.isArray(doc["columns"])) return "split";
  if (isObject(doc["schema"]) && Array.isArray(doc["data"])) return "table";
  const vals = Object.values(doc);
  if (vals.length > 0 && vals.every(Array.isArray)) return "lists";
  if (vals.length > 0 && vals.every(isObject)) return "columns";
  if (vals.every((v) => !Array.isArray(v) && !isObject(v))) return "series";
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
      want(Array.isArray(doc));
      return fromRecords(doc as unknown[], field, name);
    case "values": {
      want(Array.isArray(doc));
      const rows = doc as unknown[][];
      const width = Math.max(0, ...rows.map((r) => (Array.isArray(r) ? r.length : 0)));
      const columns = Array.from({ length: width }, (_, j) => String(j));
      return fromColumns(
        columns,
        columns.map((_, j) => rows.map((r) => (Array.isArray(r) ? (r[j] ?? null) : null))),
        name,
      );
    }
    case "split":
      want(isObject(doc));
      return fromSplit(doc as Record<string, unknown>, field, name);
    case "table": {
      want(isObject(doc) && Array.isArray(doc["data"]));
      return fromRecords((doc as Record<string, unknown[]>)["data"]!, field, name);
    }
    case "lists": {
      want(isObject(doc));
      const d = doc as Record<string, unknown[]>;
      const columns = Object.keys(d);
      return fromColumns(
        columns,
        columns.map((c) => d[c]!),
        name,
      );
    }
    case "columns":
    case "index":
      want(isObject(doc) && Object.values(doc).every(isObject));
      return fromNested(doc as Record<string, unknown>, o === "index", name);
    case "series": {
      want(isObject(doc));
      const d = doc as Record<string, unknown>;
      return fromColumns([INDEX_COLUMN, "value"], [Object.keys(d), Object.values(d)], name);
    }
    default:
      throw invalid(field, `${name}: cannot tell the JSON layout; give "orient", one of ${showValue(ORIENTS)}`);
  }
}

/** NDJSON (JSON lines): one record object per non-blank line; a bad line names its number. */
export function readNdjson(text: string, field: string, name: string): RawTable {
  const records: unknown[] = [];
  const lines: number[] = [];
  text.split(/\r?\n/).forEach((line, k) => {
    if (line.trim() === "") return;
    try {
      records.push(JSON.parse(line));
    } catch (e) {
      throw invalid(field, `${name} line ${k + 1} is not JSON: ${(e as Error).message}`);
    }
    lines.push(k + 1);
  });
  return fromRecords(records, field, name, (i) => lines[i]!);
}
