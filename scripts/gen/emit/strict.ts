// The openai-strict form of an input schema (docs/contract.md §8.2).
import { clone, type Json, type Schema } from "../schema.js";
import { samePositions } from "./positions.js";

const ALLOWED = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "$ref",
  "description",
  "format",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
]);

const NULL: Schema = { type: "null" };
const nullable = (s: Schema): Schema => ({ anyOf: [s, NULL] });
const CELL: Schema = { anyOf: [{ type: "number" }, { type: "string" }, { type: "boolean" }, NULL] };
const LABEL: Schema = { anyOf: [{ type: "string" }, { type: "number" }] };
const IDX: Schema = { type: "array", items: LABEL };
const str: Schema = { type: "string" };

const closed = (properties: Schema): Schema => ({
  type: "object",
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

export const STRICT_DEFS: Record<"series" | "frame", Schema> = {
  series: {
    description:
      'A series: {"index", "values", "name", "dtype", "freq"} (null where unused) or a bare list of values. ' +
      "null is missing.",
    anyOf: [
      closed({
        index: nullable(IDX),
        values: { type: "array", items: CELL },
        name: nullable(str),
        dtype: nullable(str),
        freq: nullable(str),
      }),
      { type: "array", items: CELL },
    ],
  },
  frame: {
    description:
      'A table in split form {"index", "index_name", "columns", "data"} (null where unused), or a list of ' +
      "OHLCV points {t, o, h, l, c, v, vw, n}. null is a missing cell.",
    anyOf: [
      closed({
        index: nullable(IDX),
        index_name: nullable(str),
        columns: { type: "array", items: str },
        data: { type: "array", items: { type: "array", items: CELL } },
        freq: nullable(str),
      }),
      {
        type: "array",
        items: closed({
          t: LABEL,
          o: nullable({ type: "number" }),
          h: nullable({ type: "number" }),
          l: nullable({ type: "number" }),
          c: nullable({ type: "number" }),
          v: nullable({ type: "number" }),
          vw: nullable({ type: "number" }),
          n: nullable({ type: "number" }),
        }),
      },
    ],
  },
};

/** Splits a type array into an anyOf of single types. */
function splitTypes(s: Schema): Schema {
  if (!Array.isArray(s.type)) return s;
  const { type, ...rest } = s;
  return { ...rest, anyOf: (type as string[]).map((t) => ({ type: t })) };
}

/** Keywords strict mode rejects whose information moves into the description instead. */
const MOVED: Record<string, (v: Json) => string> = {
  minLength: (v) => `At least ${v} characters.`,
  maxLength: (v) => `At most ${v} characters.`,
  examples: (v) => `Example: ${(v as Json[]).map((x) => JSON.stringify(x)).join(", ")}.`,
};

function strictNode(given: Schema): Schema {
  const s = samePositions(given);
  let out: Schema = {};
  for (const [k, v] of Object.entries(s)) {
    if (!ALLOWED.has(k)) continue;
    if (k === "format" && v !== "date" && v !== "date-time") continue;
    out[k] = v;
  }
  const moved = Object.keys(s)
    .filter((k) => MOVED[k])
    .map((k) => MOVED[k]!(s[k]!));
  if (moved.length) out.description = [out.description, ...moved].filter(Boolean).join(" ");
  out = splitTypes(out);
  if (out.items && typeof out.items === "object") out.items = strictNode(out.items as Schema);
  if (Array.isArray(out.anyOf)) out.anyOf = (out.anyOf as Schema[]).map(strictNode);
  if (out.properties) out = strictObject(out);
  if (typeof out.$ref === "string" && Object.keys(out).length > 1) {
    const { $ref, ...rest } = out;
    out = { ...rest, anyOf: [{ $ref }] };
  }
  return out;
}

function strictObject(s: Schema): Schema {
  const props = s.properties as Record<string, Schema>;
  const required = new Set((s.required ?? []) as string[]);
  const properties: Schema = {};
  for (const [name, p] of Object.entries(props)) {
    const sp = strictNode(p);
    if (required.has(name)) properties[name] = sp;
    else {
      const { description, ...rest } = sp;
      properties[name] = description === undefined ? { anyOf: [rest, NULL] } : { anyOf: [rest, NULL], description };
    }
  }
  return { ...s, properties, required: Object.keys(props), additionalProperties: false };
}

/**
 * True when the schema has a free-form position: `{}`, an object without properties, or an additionalProperties schema.
 */
export function hasFreeForm(s: Json): boolean {
  if (Array.isArray(s)) return s.some(hasFreeForm);
  if (!s || typeof s !== "object") return false;
  const o = s as Schema;
  if (Object.keys(o).filter((k) => k !== "description").length === 0) return true;
  if (o.type === "object" && !o.properties) return true;
  if (o.additionalProperties !== undefined && o.additionalProperties !== false) return true;
  return Object.entries(o).some(([k, v]) => {
    if (k === "$defs" || !v || typeof v !== "object") return false;
    return k === "properties" ? Object.values(v).some(hasFreeForm) : hasFreeForm(v);
  });
}

/** Replaces each `#/$defs/<name>` reference with the strict payload definition, inline (no $defs shipped). */
function inlineDefs(s: Json): Json {
  if (Array.isArray(s)) return s.map(inlineDefs);
  if (!s || typeof s !== "object") return s;
  const o = s as Schema;
  if (typeof o.$ref === "string" && o.$ref.startsWith("#/$defs/")) {
    const { $ref, ...rest } = o;
    const def = STRICT_DEFS[$ref.slice(8) as "series" | "frame"];
    if (!def) throw new Error(`openai-strict: no strict form for ${$ref}`);
    const { description: _d, ...body } = clone(def);
    return { ...body, ...(inlineDefs(rest) as Schema) };
  }
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, k === "enum" || k === "const" ? v : inlineDefs(v)]));
}

/** Splices anyOf branches that are themselves only an anyOf into their parent, everywhere. */
function flattenAnyOf(s: Json): Json {
  if (Array.isArray(s)) return s.map(flattenAnyOf);
  if (!s || typeof s !== "object") return s;
  const o = Object.fromEntries(
    Object.entries(s).map(([k, v]) => [k, k === "enum" || k === "const" ? v : flattenAnyOf(v)]),
  ) as Schema;
  if (Array.isArray(o.anyOf))
    o.anyOf = mergeArrays(
      (o.anyOf as Schema[]).flatMap((b) =>
        Array.isArray(b.anyOf) && Object.keys(b).length === 1 ? (b.anyOf as Schema[]) : [b],
      ),
    );
  return o;
}

/** Several plain array branches become one array whose items are any of theirs (one branch per type). */
function mergeArrays(branches: Schema[]): Schema[] {
  const plain = (b: Schema) => b.type === "array" && Object.keys(b).every((k) => k === "type" || k === "items");
  const arrays = branches.filter(plain);
  if (arrays.length < 2) return branches;
  const items = arrays.flatMap((b) => {
    const it = (b.items ?? {}) as Schema;
    return Array.isArray(it.anyOf) && Object.keys(it).length === 1 ? (it.anyOf as Schema[]) : [it];
  });
  const merged: Schema = { type: "array", items: { anyOf: items } };
  return [...branches.filter((b) => !plain(b)), merged];
}

/** True when every positional array under `s` has one item type (strict mode states no positions). */
function strictPositions(s: Json): boolean {
  if (Array.isArray(s)) return s.every(strictPositions);
  if (!s || typeof s !== "object") return true;
  if (Array.isArray(s.prefixItems) && Array.isArray(samePositions(s as Schema).prefixItems)) return false;
  return Object.entries(s).every(([k, v]) => k === "enum" || k === "const" || strictPositions(v));
}

/** The strict parameters for an input schema (no $defs: payloads inline), or null when the tool cannot be strict
 * (a free-form position, or a tuple's positions). */
export function strictParameters(input: Schema): Schema | null {
  const { $defs: _defs, ...root } = clone(input);
  if (JSON.stringify(root).includes('"prefixItems"') && !strictPositions(root)) return null;
  const strict = flattenAnyOf(inlineDefs(strictNode(root))) as Schema;
  if (hasFreeForm(strict)) return null;
  return strict;
}
