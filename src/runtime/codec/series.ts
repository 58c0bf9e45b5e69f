// Series payloads (docs/contract.md §3.2): decoding the object and bare-list forms, and the wire
// form with an optional cut. Cells, labels and payload keys live in their own modules.
import { fieldPath, invalid, type Cell, type Dtype, type Label, type Series } from "../../contract/guard.js";
import { checkPoints } from "./caps.js";
import { type CellFail, cellFailureText, decodeCells, encodeCell, normaliseDtype } from "./cells.js";
import { type CheckedLabels, decodeIndex } from "./labels.js";
import { isObject, own } from "./objects.js";
import { FRAME_ONLY_KEYS, checkPayloadKeys, decodeText, presentKeys } from "./payload_keys.js";
import { describeValue, jsonTypeName } from "./text.js";

const SERIES_FORMS = 'a series payload {"index": [...], "values": [...]} or a list of values';

function valuesFail(base: string, dtype: Dtype | undefined): CellFail {
  return (i, value, how, kind) => invalid(fieldPath(base, i), cellFailureText(value, how, kind, dtype));
}

/** Decodes a series payload (object or bare array form) at `field` (`checked`: see decodeIndex). */
export function decodeSeries(value: unknown, field: string, checked?: CheckedLabels): Series<Cell> {
  if (Array.isArray(value)) {
    checkPoints(field, value.length, "series");
    return { values: decodeCells(value, undefined, valuesFail(field, undefined)) };
  }
  if (!isObject(value)) throw invalid(field, `must be ${SERIES_FORMS}, got ${describeValue(value)}`);
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
  if (keys.includes("index")) out.index = decodeIndex(value["index"], field, values.length, "value", checked);
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
