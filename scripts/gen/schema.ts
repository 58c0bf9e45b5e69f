// JSON Schema value types and the fixed fragments of docs/contract.md §3.4 and §3.9.

import type { Json, Schema } from "../../src/catalogue/json.js";
import { DATE_FORMATS, DEFS_PREFIX, type PayloadDefName } from "../../src/contract/artefacts.js";

export { FRAME_REF, SERIES_REF } from "../../src/contract/artefacts.js";
export type { Json, Schema } from "../../src/catalogue/json.js";

export const DATE_FRAGMENTS: Record<string, Schema> = {
  IsoDate: { type: "string", format: DATE_FORMATS.IsoDate, description: "ISO-8601 date, e.g. 2024-01-02." },
  IsoDateTime: {
    type: "string",
    format: DATE_FORMATS.IsoDateTime,
    description: "ISO-8601 date-time, e.g. 2024-01-02T15:30:00Z.",
  },
  IsoTimestamp: { type: "string", format: DATE_FORMATS.IsoTimestamp, description: "ISO-8601 date or date-time." },
};

const IDX: Schema = {
  type: "array",
  items: { type: ["string", "number"] },
  description: "One label per value or row: ISO-8601 dates or date-times, or plain labels.",
};
const CELL: Schema = { type: ["number", "string", "boolean", "null"] };
const TRUNC: Schema = {
  type: "object",
  properties: { kept: { type: "integer" }, of: { type: "integer" } },
  required: ["kept", "of"],
  additionalProperties: false,
  description: "Present on evidence that was cut; ignored on input.",
};

/** A file reference (read under the user's allowed directories) instead of inline data. */
const fileRef = (kind: "series" | "frame"): Schema => ({
  type: "object",
  properties: {
    file: { type: "string", description: "Path relative to an allowed directory (MCP roots or --data-dir)." },
    format: { type: "string", enum: ["csv", "tsv", "parquet", "json", "ndjson"] },
    ...(kind === "series"
      ? { column: { type: "string", description: "The column to read; optional when the file has one." } }
      : { columns: { type: "array", items: { type: "string" }, description: "Columns to read; default all." } }),
    index: { type: "string", description: "Index column (labels/dates); default a date/datetime/timestamp column." },
    orient: { type: "string", enum: ["records", "columns", "index", "split", "values", "table", "lists", "series"] },
    rows: { type: "array", items: { type: "integer" }, description: "[start, end): 0-based data rows, end exclusive." },
  },
  required: ["file"],
  additionalProperties: false,
});

/**
 * The sentence every tool with a series or frame input carries about file references and size
 * limits. The compiler imports no runtime code, so the caps are spelled here; a runtime test checks
 * them against MAX_ARGUMENT_BYTES, MAX_POINTS and the stdio line cap.
 */
export const FILE_REFERENCE_SENTENCE =
  'Series/frame inputs also take {"file","column"|"columns","index"} (CSV, TSV, Parquet, JSON, NDJSON in the ' +
  "allowed directories); limits: 1,000,000 points per input, 26 MB of arguments, 32 MiB per stdio line.";

export const SERIES_DEF: Schema = {
  description:
    'A series: {"index": [...], "values": [...], "name": ..., "freq": ...} or a bare list of values. null is ' +
    'missing; "Infinity" and "-Infinity" are infinities.',
  anyOf: [
    {
      type: "object",
      properties: {
        index: IDX,
        values: { type: "array", items: CELL },
        name: { type: "string" },
        dtype: { type: "string" },
        freq: { type: "string" },
        truncated: TRUNC,
      },
      required: ["values"],
      additionalProperties: false,
    },
    { type: "array", items: CELL },
    fileRef("series"),
  ],
};

const FRAME_COMMON = (body: Schema): Schema => ({
  index: IDX,
  index_name: { type: "string" },
  columns: { type: "array", items: { type: "string" } },
  ...body,
  dtypes: { type: "object", additionalProperties: { type: "string" } },
  freq: { type: "string" },
  truncated: TRUNC,
});

export const POINT: Schema = {
  type: "object",
  properties: {
    t: { type: ["string", "number"] },
    o: { type: "number" },
    h: { type: "number" },
    l: { type: "number" },
    c: { type: "number" },
    v: { type: "number" },
    vw: { type: "number" },
    n: { type: "number" },
  },
  required: ["t"],
  additionalProperties: false,
};

export const FRAME_DEF: Schema = {
  description:
    'A table: {"index": [...], "records": [{column: value}, ...]}, or {"index": [...], "columns": [...], ' +
    '"data": [[...], ...]}, or a bare list of records, or a list of OHLCV points {t, o, h, l, c, v}. null is a ' +
    "missing cell.",
  anyOf: [
    {
      type: "object",
      properties: FRAME_COMMON({ records: { type: "array", items: { type: "object" } } }),
      required: ["records"],
      additionalProperties: false,
    },
    {
      type: "object",
      properties: FRAME_COMMON({ data: { type: "array", items: { type: "array", items: CELL } } }),
      required: ["columns", "data"],
      additionalProperties: false,
    },
    { type: "array", items: POINT },
    { type: "array", items: { type: "object" } },
    fileRef("frame"),
  ],
};

export const PAYLOAD_DEFS: Record<PayloadDefName, Schema> = { series: SERIES_DEF, frame: FRAME_DEF };

/** Deep copy through JSON (schemas are JSON by construction). */
export function clone<T extends Json>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}

/** Collects the local `$defs` names a schema references. */
export function referencedDefs(s: Json, out = new Set<string>()): Set<string> {
  if (Array.isArray(s)) s.forEach((x) => referencedDefs(x, out));
  else if (s && typeof s === "object") {
    for (const [k, v] of Object.entries(s)) {
      if (k === "$ref" && typeof v === "string" && v.startsWith(DEFS_PREFIX)) out.add(v.slice(DEFS_PREFIX.length));
      else referencedDefs(v, out);
    }
  }
  return out;
}
