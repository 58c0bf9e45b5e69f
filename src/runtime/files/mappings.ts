// The shapes agents send where a series or frame is expected, read like JSON files: a {label:
// value} mapping (pandas Series.to_dict()), {column: [values]}, {column: {label: value}} (pandas
// DataFrame.to_dict()), and a pandas Series orient="split" ({name, index, data}). Anything else is
// left to the codec, which explains what is wrong.
import { invalid } from "../../contract/guard.js";
import { isObject } from "../codec/objects.js";
import { FRAME_KEYS, SERIES_KEYS } from "../codec/payload_keys.js";
import { clippedList, jsonList } from "../codec/text.js";
import { closeMatches } from "../codec/similarity.js";
import { guessOrient, readJsonDoc } from "./json.js";
import { selectFrom } from "./load.js";
import { DATE_COLUMN_NAMES } from "./table.js";
import { framePayload, seriesPayload } from "./payload.js";

type Kind = "series" | "frame";
const PAYLOAD_KEYS = [...new Set([...SERIES_KEYS, ...FRAME_KEYS, "truncated", "file"])];
const SPLIT_SERIES_KEYS = ["name", "index", "data"];

const isPayloadish = (k: string) =>
  PAYLOAD_KEYS.includes(k) ||
  (!DATE_COLUMN_NAMES.includes(k.toLowerCase()) && closeMatches(k, PAYLOAD_KEYS, 1, 0.75).length > 0);
const isScalar = (x: unknown) => x === null || ["number", "string", "boolean"].includes(typeof x);

/** pandas writes datetime keys as `2024-01-02 00:00:00`; an ISO label has a `T` (midnight: the date). */
function isoLabel(k: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)$/.exec(k);
  if (m === null) return k;
  return /^00:00:00(?:\.0+)?$/.test(m[2]!) ? m[1]! : `${m[1]}T${m[2]}`;
}

function seriesSplit(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (v["index"] !== undefined && v["index"] !== null) out["index"] = v["index"];
  out["values"] = v["data"];
  if (typeof v["name"] === "string") out["name"] = v["name"];
  return out;
}

/** `v` as a payload the codec reads, when it is one of the agent shapes; else `v` itself. */
export function agentShape(v: unknown, kinds: readonly Kind[], field: string): unknown {
  if (!isObject(v)) return v;
  const keys = Object.keys(v);
  if (keys.length === 0) return v;
  const series = kinds.includes("series");
  const frame = kinds.includes("frame");
  if (series && keys.includes("data") && keys.every((k) => SPLIT_SERIES_KEYS.includes(k))) {
    const data = v["data"];
    if (Array.isArray(data) && data.every(isScalar)) return seriesSplit(v);
  }
  if (keys.some(isPayloadish)) return v;
  const orient = guessOrient(v);
  if (orient === null) return v;
  const doc = orient === "series" ? Object.fromEntries(keys.map((k) => [isoLabel(k), v[k]])) : v;
  if (orient === "lists") {
    const lengths = new Set(keys.map((k) => (v[k] as unknown[]).length));
    if (lengths.size > 1)
      throw invalid(
        field,
        `a {column: [values]} mapping needs columns of one length; got lengths ${jsonList([...lengths])}`,
      );
  }
  const table = readJsonDoc(doc, orient, field, "the mapping");
  const labels =
    orient === "columns"
      ? { ...table, cells: [table.cells[0]!.map((k) => isoLabel(String(k))), ...table.cells.slice(1)] }
      : table;
  const kind: Kind = series && (!frame || orient === "series") ? "series" : "frame";
  if (!frame && kind === "series") {
    const ref = { file: "the mapping" };
    const ix = labels.columns.findIndex((c) => ["index", ...DATE_COLUMN_NAMES].includes(c.toLowerCase()));
    const dataCols = labels.columns.filter((_, j) => j !== ix);
    if (dataCols.length !== 1)
      throw invalid(
        field,
        `expected a series, got a mapping of ${dataCols.length} columns ${clippedList(dataCols)}; ` +
          'send one column as {"index": [...dates], "values": [...], "name": ' +
          `${JSON.stringify(dataCols[0] ?? "x")}} or a file reference {"file": ..., "column": ...}`,
      );
    return seriesPayload(selectFrom(labels, ref, "series", field, false));
  }
  return framePayload(selectFrom(labels, { file: "the mapping" }, "frame", field, false));
}
