// Schema forms json-schema-to-typescript reads otherwise than they mean. A tuple (prefixItems, always
// of fixed length here) is given in the draft-07 form it reads (`items` as a list, `additionalItems`), so
// `[IsoDate, number]` is typed `[string, number]`, not `never[]`. An array that must be empty (a
// self-reference past its depth bound) is `never[]`, not `unknown[]`.
import type { Json, Schema } from "../schema.js";

/** One prefixItems node in the draft-07 tuple form. */
function draft07(s: Schema): Schema {
  const { prefixItems, items: _i, ...rest } = s;
  return { ...rest, items: prefixItems as Json, additionalItems: false };
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
