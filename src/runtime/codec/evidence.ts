// Evidence encoding (docs/contract.md §3.8): any in-process value to JSON. Never throws; every cut
// is declared next to what was cut (`truncated: {kept, of}`); the guard's key order is kept.
import type { Cell, Frame, Series } from "../../contract/guard.js";
import { MAX_EVIDENCE_CHARS, MAX_EVIDENCE_ITEMS, MAX_EVIDENCE_ROWS } from "./caps.js";
import { encodeFrameHead } from "./frame.js";
import { encodeCell } from "./cells.js";
import { setOwn } from "./objects.js";
import { SERIES_KEYS } from "./payload_keys.js";

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const MAX_DEPTH = 8;
const CIRCULAR = "[circular]";
const TOO_DEEP = "[nested too deep]";

/** A decoded Frame, recognised by shape: `columns` array, `data` object of column arrays, `nrows` number. */
function isFrameLike(x: object): x is Frame {
  const f = x as Partial<Frame>;
  if (
    !Array.isArray(f.columns) ||
    typeof f.nrows !== "number" ||
    typeof f.data !== "object" ||
    f.data === null ||
    Array.isArray(f.data)
  )
    return false;
  const data = f.data;
  return f.columns.every(
    (c) => typeof c === "string" && Object.hasOwn(data, c) && (Array.isArray(data[c]) || ArrayBuffer.isView(data[c])),
  );
}

/** A Series, recognised by shape: a `values` array (or typed array) and only series keys. */
function isSeriesLike(x: object): x is Series<Cell> {
  const values = (x as { values?: unknown }).values;
  if (!Array.isArray(values) && !(ArrayBuffer.isView(values) && !(values instanceof DataView))) return false;
  return Object.keys(x).every((k) => SERIES_KEYS.includes(k));
}

function truncation(kept: number, of: number): Json {
  return { kept, of };
}

function encodeString(s: string): Json {
  if (s.length <= MAX_EVIDENCE_CHARS) return s;
  const points = Array.from(s);
  if (points.length <= MAX_EVIDENCE_CHARS) return s;
  return {
    text: points.slice(0, MAX_EVIDENCE_CHARS).join(""),
    truncated: truncation(MAX_EVIDENCE_CHARS, points.length),
  };
}

function encodeScalar(x: unknown): Json | undefined {
  switch (typeof x) {
    case "number":
      return encodeCell(x);
    case "string":
      return encodeString(x);
    case "boolean":
      return x;
    case "bigint":
      return Number.isSafeInteger(Number(x)) ? Number(x) : x.toString();
    case "function":
      return `[function ${x.name || "anonymous"}]`;
    case "symbol":
      return String(x);
    case "undefined":
      return undefined;
    default:
      return x === null ? null : undefined;
  }
}

class Encoder {
  private readonly ancestors = new Set<object>();

  value(x: unknown, depth: number): Json | undefined {
    if (x === null || (typeof x !== "object" && typeof x !== "function")) return encodeScalar(x);
    if (typeof x === "function") return encodeScalar(x);
    const obj = x as object;
    if (this.ancestors.has(obj)) return CIRCULAR;
    if (depth > MAX_DEPTH) return TOO_DEEP;
    this.ancestors.add(obj);
    try {
      return this.container(obj, depth);
    } catch (e) {
      return `[unencodable: ${e instanceof Error ? e.name : typeof e}]`;
    } finally {
      this.ancestors.delete(obj);
    }
  }

  /** An element of an array: undefined (and anything omitted) becomes null. */
  private item(x: unknown, depth: number): Json {
    return this.value(x, depth) ?? null;
  }

  private container(x: object, depth: number): Json | undefined {
    if (x instanceof Date) return Number.isNaN(x.getTime()) ? null : x.toISOString();
    if (Array.isArray(x)) return this.list(x, x.length, depth);
    if (ArrayBuffer.isView(x) && !(x instanceof DataView))
      return this.list(x as unknown as ArrayLike<unknown>, (x as unknown as ArrayLike<unknown>).length, depth);
    if (x instanceof Set) return this.list([...x], x.size, depth);
    if (x instanceof Map)
      return this.entries(
        [...x].map(([k, v]) => [String(k), v] as [string, unknown]),
        depth,
      );
    if (isFrameLike(x)) return this.frame(x, depth);
    if (isSeriesLike(x)) return this.series(x, depth);
    const toJSON = (x as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") {
      const out: unknown = toJSON.call(x, "");
      return out === x ? this.entries(dataEntries(x), depth) : this.value(out, depth);
    }
    return this.entries(dataEntries(x), depth);
  }

  private list(xs: ArrayLike<unknown>, n: number, depth: number): Json {
    const kept = Math.min(n, MAX_EVIDENCE_ITEMS);
    const items = new Array<Json>(kept);
    for (let i = 0; i < kept; i++) items[i] = this.item(xs[i], depth + 1);
    return kept < n ? { items, truncated: truncation(kept, n) } : items;
  }

  private entries(pairs: readonly [string, unknown][], depth: number): Json {
    const out: { [k: string]: Json } = {};
    const kept = Math.min(pairs.length, MAX_EVIDENCE_ITEMS);
    for (let i = 0; i < kept; i++) {
      const [k, v] = pairs[i]!;
      const enc = this.value(v, depth + 1);
      if (enc !== undefined) setOwn(out, k, enc);
    }
    return kept < pairs.length ? { entries: out, truncated: truncation(kept, pairs.length) } : out;
  }

  private series(s: Series<Cell>, depth: number): Json {
    const values = ArrayBuffer.isView(s.values) ? { ...s, values: Array.from(s.values as ArrayLike<Cell>) } : s;
    const payload = this.cellsOf(values as Series<Cell>, depth);
    return payload;
  }

  /** Series payload with cells that are not scalars encoded recursively. */
  private cellsOf(s: Series<Cell>, depth: number): Json {
    const out = encodeSeriesEvidence(s);
    const values = out["values"] as unknown[];
    for (let i = 0; i < values.length; i++) values[i] = this.cell(values[i], depth);
    if (Array.isArray(out["index"])) {
      const index = out["index"] as unknown[];
      for (let i = 0; i < index.length; i++) index[i] = this.cell(index[i], depth);
    }
    if (out["name"] !== undefined) out["name"] = this.item(out["name"], depth + 1);
    return out as Json;
  }

  private cell(v: unknown, depth: number): Json {
    return v === null || typeof v === "number" || typeof v === "boolean" ? encodeCell(v) : this.item(v, depth + 2);
  }

  private frame(f: Frame, depth: number): Json {
    const out = encodeFrameHead(f, MAX_EVIDENCE_ROWS, (v) => this.cell(v, depth + 1));
    if (Array.isArray(out["index"])) out["index"] = (out["index"] as unknown[]).map((v) => this.cell(v, depth));
    return out as Json;
  }
}

function encodeSeriesEvidence(s: Series<Cell>): Record<string, unknown> {
  const n = s.values.length;
  const kept = Math.min(n, MAX_EVIDENCE_ITEMS);
  const out: Record<string, unknown> = {};
  if (s.index !== undefined) out["index"] = s.index.slice(0, kept);
  out["values"] = s.values.slice(0, kept);
  if (s.name !== undefined) out["name"] = s.name;
  if (s.dtype !== undefined) out["dtype"] = s.dtype;
  if (s.freq !== undefined) out["freq"] = s.freq;
  if (kept < n) out["truncated"] = { kept, of: n };
  return out;
}

/** Own enumerable data properties (accessors are skipped, so no getter runs). */
function dataEntries(x: object): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const k of Object.keys(x)) {
    const d = Object.getOwnPropertyDescriptor(x, k);
    if (d !== undefined && "value" in d) out.push([k, d.value]);
  }
  return out;
}

/** Encodes guard evidence (or any value) into JSON that survives a JSON round trip unchanged. */
export function encodeEvidence(value: unknown): Json {
  try {
    return new Encoder().value(value, 0) ?? null;
  } catch (e) {
    return `[unencodable: ${e instanceof Error ? e.name : typeof e}]`;
  }
}
