// The §3.1 shaping rules applied to the raw JSON that the generated validator checks: inside
// objects whose schema lists properties, a null member that is not required is dropped
// (payload keys, OHLCV point fields and plain-data members included), and a bare string
// becomes a one-element list where the schema says array of strings. Free-form objects,
// frame records and series values keep their nulls. Returns the input itself when unchanged.
import { chooseBranch } from "./codec/index.js";

type Schema = Record<string, unknown>;

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === "object" && !Array.isArray(x);

function resolve(f: Schema, defs: Schema): Schema {
  const ref = f.$ref;
  return typeof ref === "string" && ref.startsWith("#/$defs/") ? ((defs[ref.slice(8)] as Schema | undefined) ?? f) : f;
}

function shapeObject(v: Record<string, unknown>, f: Schema, defs: Schema): Record<string, unknown> {
  const props = isObject(f.properties) ? (f.properties as Record<string, Schema>) : null;
  const extra = isObject(f.additionalProperties) ? (f.additionalProperties as Schema) : null;
  if (!props && !extra) return v;
  const required = Array.isArray(f.required) ? (f.required as string[]) : [];
  let out: Record<string, unknown> | null = null;
  const keys = Object.keys(v);
  for (const [i, k] of keys.entries()) {
    const sub = props && Object.hasOwn(props, k) ? props[k]! : extra;
    const drop = props !== null && v[k] === null && !required.includes(k);
    const next = drop || !sub ? v[k] : shapeValue(v[k], sub, defs);
    if (out === null && (drop || next !== v[k])) {
      out = Object.create(null) as Record<string, unknown>;
      for (const prior of keys.slice(0, i)) out[prior] = v[prior];
    }
    if (out !== null && !drop) out[k] = next;
  }
  return out === null ? v : Object.assign({}, out);
}

/** Shapes `v` against fragment `f`; `defs` resolves local `$ref`s. */
export function shapeValue(v: unknown, fragment: Schema, defs: Schema): unknown {
  const f = resolve(fragment, defs);
  if (Array.isArray(f.anyOf)) {
    const branch = chooseBranch(
      v,
      (f.anyOf as Schema[]).map((b) => resolve(b, defs)),
    );
    return branch ? shapeValue(v, branch, defs) : v;
  }
  const items = isObject(f.items) ? resolve(f.items as Schema, defs) : null;
  if (typeof v === "string" && f.type === "array" && items?.type === "string") return [v];
  if (
    Array.isArray(v) &&
    items &&
    (items.anyOf || items.properties || items.additionalProperties || items.type === "array" || items.type === "object")
  ) {
    let changed = false;
    const out = v.map((x) => {
      const y = shapeValue(x, items, defs);
      changed ||= y !== x;
      return y;
    });
    return changed ? out : v;
  }
  return isObject(v) ? shapeObject(v, f, defs) : v;
}
