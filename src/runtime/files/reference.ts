// The file reference object that any series or frame input accepts instead of inline data:
// {"file": "results/bt.csv", "column": "strategy", "index": "date"} for a series,
// {"file": ..., "columns": [...], "index": ...} for a frame. Keys are checked like payload keys.
import { fieldPath, invalid } from "../../contract/guard.js";
import { isObject } from "../codec/objects.js";
import { jsonList, quoted, showValue } from "../codec/text.js";
import { closeMatches } from "../codec/similarity.js";
import { ORIENTS, type Orient } from "./json.js";

export const FORMATS = ["csv", "tsv", "parquet", "json", "ndjson"] as const;
export type FileFormat = (typeof FORMATS)[number];
export const REFERENCE_KEYS = ["file", "format", "column", "columns", "index", "orient", "rows"] as const;

export interface FileReference {
  readonly file: string;
  readonly format?: FileFormat;
  readonly column?: string;
  readonly columns?: readonly string[];
  readonly index?: string;
  readonly orient?: Orient;
  /** Rows [start, end): 0-based, end exclusive, after the header. */
  readonly rows?: readonly [number, number];
}

/** True when a series or frame position holds a reference rather than inline data. */
export function isFileReference(v: unknown): v is Record<string, unknown> {
  return isObject(v) && Object.hasOwn(v, "file");
}

const EXTENSIONS: Readonly<Record<string, FileFormat>> = {
  csv: "csv",
  tsv: "tsv",
  tab: "tsv",
  parquet: "parquet",
  pq: "parquet",
  json: "json",
  ndjson: "ndjson",
  jsonl: "ndjson",
};

/** The format of a reference: its `format` key, else the file's extension. */
export function formatOf(ref: FileReference, field: string): FileFormat {
  if (ref.format !== undefined) return ref.format;
  const ext = /\.([a-z0-9]+)$/i.exec(ref.file)?.[1]?.toLowerCase() ?? "";
  const f = EXTENSIONS[ext];
  if (f === undefined)
    throw invalid(
      fieldPath(field, "format"),
      `cannot tell the format of ${showValue(ref.file)} from its extension; give "format", one of ${jsonList(FORMATS)}`,
    );
  return f;
}

function str(v: Record<string, unknown>, key: string, field: string): string | undefined {
  const x = v[key];
  if (x === undefined || x === null) return undefined;
  if (typeof x !== "string" || x === "")
    throw invalid(fieldPath(field, key), `must be a non-empty string, got ${showValue(x)}`);
  return x;
}

function oneOf<T extends string>(
  v: Record<string, unknown>,
  key: string,
  field: string,
  allowed: readonly T[],
): T | undefined {
  const x = str(v, key, field);
  if (x !== undefined && !allowed.includes(x as T))
    throw invalid(fieldPath(field, key), `must be one of ${jsonList(allowed)}, got ${showValue(x)}`);
  return x as T | undefined;
}

function rowsOf(v: unknown, field: string): readonly [number, number] | undefined {
  if (v === undefined || v === null) return undefined;
  const ok = Array.isArray(v) && v.length === 2 && v.every((x) => Number.isInteger(x) && x >= 0) && v[0] <= v[1];
  if (!ok)
    throw invalid(
      fieldPath(field, "rows"),
      `must be [start, end] (0-based, end exclusive, start <= end), got ${showValue(v)}`,
    );
  return [v[0], v[1]];
}

/** Checks a reference's keys and types; `kind` says whether `column` or `columns` applies. */
export function parseReference(v: Record<string, unknown>, field: string, kind: "series" | "frame"): FileReference {
  const keys = Object.keys(v).filter((k) => v[k] !== null);
  for (const k of keys) {
    if ((REFERENCE_KEYS as readonly string[]).includes(k)) continue;
    const [near] = closeMatches(k, REFERENCE_KEYS, 1, 0.75);
    const dym = near === undefined ? "" : ` - did you mean '${near}'?`;
    throw invalid(
      field,
      `unknown key ${quoted(k)} in a file reference${dym}; allowed: ${jsonList(REFERENCE_KEYS)}`,
      near === undefined ? null : `did you mean '${near}' for ${quoted(k)}?`,
    );
  }
  if (kind === "series" && keys.includes("columns"))
    throw invalid(fieldPath(field, "columns"), `a series reads one column: use "column": "<name>", not "columns"`);
  if (kind === "frame" && keys.includes("column"))
    throw invalid(fieldPath(field, "column"), `a frame reads columns: use "columns": ["<name>", ...], not "column"`);
  const cols = v["columns"];
  if (cols !== undefined && cols !== null && (!Array.isArray(cols) || !cols.every((c) => typeof c === "string")))
    throw invalid(fieldPath(field, "columns"), `must be a list of column names, got ${showValue(cols)}`);
  const out: { -readonly [K in keyof FileReference]: FileReference[K] } = { file: v["file"] as string };
  const format = oneOf(v, "format", field, FORMATS);
  if (format !== undefined) out.format = format;
  const column = str(v, "column", field);
  if (column !== undefined) out.column = column;
  if (Array.isArray(cols)) out.columns = cols as string[];
  const index = str(v, "index", field);
  if (index !== undefined) out.index = index;
  const orient = oneOf(v, "orient", field, ORIENTS);
  if (orient !== undefined) out.orient = orient;
  const rows = rowsOf(v["rows"], field);
  if (rows !== undefined) out.rows = rows;
  return out;
}
