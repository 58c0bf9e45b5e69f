// The one shaping pass (docs/contract.md §3.1, §4.2 step 5), over the raw JSON before the
// validator and the decoder see it: a top-level null is an absent argument; inside objects whose
// schema lists properties, a null member that is not required is dropped (payload keys, OHLCV
// point fields and plain-data members included); a bare string becomes a one-element list where
// the schema says array of strings. Free-form objects, frame records and series values keep their
// nulls. Positions resolve through codec/fragment.ts, as the decoder's do. Unchanged values are
// returned as they are (no copy of a long series).
import {
  type Defs,
  type Fragment,
  deref,
  isStringList,
  itemsOf,
  memberOf,
  payloadOf,
  resolveAt,
} from "./codec/fragment.js";
import { isObject, setOwn } from "./codec/objects.js";

/** True when an array's items can change under shaping (objects, lists or alternatives). */
function shapeableItems(items: Fragment): boolean {
  return Boolean(
    items["$ref"] ||
      items["anyOf"] ||
      items["properties"] ||
      items["additionalProperties"] ||
      items["type"] === "array" ||
      items["type"] === "object",
  );
}

function shapeObject(v: Record<string, unknown>, f: Fragment, defs: Defs): Record<string, unknown> {
  const props = isObject(f["properties"]) ? f["properties"] : null;
  if (props === null && !isObject(f["additionalProperties"])) return v;
  const required = Array.isArray(f["required"]) ? (f["required"] as string[]) : [];
  let out: Record<string, unknown> | null = null;
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    // An undefined member is absent, as JSON would send it; a null one is absent unless required.
    const drop = v[k] === undefined || (props !== null && v[k] === null && !required.includes(k));
    const sub = drop ? null : memberOf(f, k);
    const next = sub === null ? v[k] : shapeValue(v[k], sub, defs);
    if (out === null && (drop || next !== v[k])) {
      out = {};
      for (const prior of keys.slice(0, i)) setOwn(out, prior, v[prior]);
    }
    if (out !== null && !drop) setOwn(out, k, next);
  }
  return out ?? v;
}

/** Shapes `v` against `fragment`; `defs` resolves `$ref`s. Returns `v` itself when nothing changes. */
export function shapeValue(v: unknown, fragment: Fragment, defs: Defs): unknown {
  let f = resolveAt(fragment, v, defs);
  if (f !== null && payloadOf(f) !== null) f = resolveAt(deref(f, defs), v, defs); // into the payload's definition
  if (f === null) return v; // fits no branch: the decoder names the mismatch
  if (typeof v === "string") return isStringList(f, defs) ? [v] : v;
  if (Array.isArray(v)) {
    const items = itemsOf(f);
    if (items === null || !shapeableItems(items)) return v;
    let out: unknown[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const y = shapeValue(v[i], items, defs);
      if (out === null && y !== v[i]) out = v.slice(0, i);
      if (out !== null) out.push(y);
    }
    return out ?? v;
  }
  return isObject(v) ? shapeObject(v, f, defs) : v;
}

/** Shapes a call's arguments against the tool's input schema; unknown names are kept for the name check. */
export function shapeArguments(args: Record<string, unknown>, inputSchema: object): Record<string, unknown> {
  const schema = inputSchema as Fragment;
  const defs = (isObject(schema["$defs"]) ? schema["$defs"] : {}) as Defs;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(args)) {
    const v = args[key];
    if (v === null || v === undefined) continue;
    const f = memberOf(schema, key);
    setOwn(out, key, f === null ? v : shapeValue(v, f, defs));
  }
  return out;
}
