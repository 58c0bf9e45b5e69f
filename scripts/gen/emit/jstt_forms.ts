// Schema forms json-schema-to-typescript reads otherwise than they mean. It reads the draft-07 tuple
// form (`items` as a list, `additionalItems`) and, with min/max items ignored, would make optional
// positions required: each allowed length becomes its own tuple, so `[A, B?]` is typed `[A] | [A, B]`.
// An array that must be empty (a self-reference past its depth bound) is `never[]`, not `unknown[]`.
import type { Json, Schema } from "../schema.js";

/** One prefixItems node as the union of its fixed-length draft-07 tuples. */
function draft07(s: Schema): Schema {
  const { prefixItems, items, minItems, maxItems: _max, ...rest } = s;
  const positions = prefixItems as Schema[];
  const variants: Schema[] = [];
  for (let n = (minItems as number | undefined) ?? 0; n <= positions.length; n++) {
    const more = n === positions.length && items !== undefined ? items : false;
    variants.push({ type: "array", items: positions.slice(0, n), additionalItems: more as Json });
  }
  if (variants.length === 1) return { ...rest, ...variants[0] };
  const { type: _t, ...outer } = rest;
  return { ...outer, anyOf: variants };
}

/** An array with no items allowed, as its TypeScript type. */
function emptyArray(s: Schema): Schema {
  const { type: _t, maxItems: _m, ...rest } = s;
  return { ...rest, tsType: "never[]" };
}

/** `s` with every positional array in the draft-07 tuple form and every must-be-empty array typed, everywhere. */
export function jsttForms(s: Json): Json {
  if (Array.isArray(s)) return s.map(jsttForms);
  if (!s || typeof s !== "object") return s;
  const o = Object.fromEntries(
    Object.entries(s).map(([k, v]) => [k, k === "enum" || k === "const" ? v : jsttForms(v)]),
  ) as Schema;
  if (o.type === "array" && o.maxItems === 0 && o.items === undefined) return emptyArray(o);
  return Array.isArray(o.prefixItems) ? draft07(o) : o;
}
