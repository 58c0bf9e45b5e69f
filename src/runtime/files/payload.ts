// Selected file columns as the inline payloads the codec decodes: a series object, or a frame in
// the split form (columns + data rows).
import type { Selected } from "./load.js";

export function seriesPayload(s: Selected): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (s.labels !== null) out["index"] = s.labels;
  out["values"] = s.cells[0]!;
  out["name"] = s.columns[0]!;
  return out;
}

export function framePayload(s: Selected): Record<string, unknown> {
  const data = new Array<unknown[]>(s.nrows);
  for (let i = 0; i < s.nrows; i++) data[i] = s.cells.map((c) => c[i]);
  const out: Record<string, unknown> = {};
  if (s.labels !== null) {
    out["index"] = s.labels;
    out["index_name"] = s.index;
  }
  out["columns"] = [...s.columns];
  out["data"] = data;
  return out;
}
