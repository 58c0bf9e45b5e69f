// The portable profile of a tool's schemas: what every export ships and the MCP server serves.
// No $ref/$defs, no type arrays, a single `type` wherever the alternatives share one, and only
// keywords the major providers accept. The payload definitions are compact (input forms only, no
// item schemas for cells); the runtime still validates every call against the full table.
import { clone, type Json, type Schema } from "../schema.js";

/**
 * Keywords the portable profile keeps; anything else is dropped. additionalProperties is out
 * (Gemini rejects it); the runtime still refuses unknown keys with a message naming them.
 */
export const PORTABLE_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "properties",
  "required",
  "items",
  "enum",
  "anyOf",
  "description",
  "format",
  "pattern",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
]);

/** A series: a bare list of values, or an object with "values" (the rest of its shape is in the payload sentence). */
export const PORTABLE_SERIES: Schema = {
  anyOf: [{ type: "array" }, { type: "object", properties: { values: { type: "array" } } }],
};

/** A frame: an object (split or records form) or a list of records or OHLCV points. */
export const PORTABLE_FRAME: Schema = { anyOf: [{ type: "object" }, { type: "array" }] };

const PAYLOADS: Record<string, Schema> = { series: PORTABLE_SERIES, frame: PORTABLE_FRAME };

/** The one sentence of payload convention a tool's description gains, by the payload kinds it takes. */
export const PAYLOAD_SENTENCES: Record<"series" | "frame", string> = {
  series: 'Series: a list of values or {"values","index"}.',
  frame: 'Frame: {"index","columns","data"}, {"index","records"}, or a list of records or OHLCV points {t,o,h,l,c,v}.',
};
const PAYLOAD_COMMON = "Index: ISO-8601 dates or labels; null is missing.";

const isSchema = (x: Json | undefined): x is Schema => !!x && typeof x === "object" && !Array.isArray(x);

/** The local definition name of a `#/$defs/<name>` reference, or undefined. */
function refName(s: Schema): string | undefined {
  return typeof s.$ref === "string" && s.$ref.startsWith("#/$defs/") ? s.$ref.slice(8) : undefined;
}

const bareType = (b: Schema) => Object.keys(b).length === 1 && typeof b.type === "string";

/** Flattens nested anyOf branches; a bare `{type}` branch absorbs the other branches of its type; no duplicates. */
function tidyAnyOf(s: Schema): Schema {
  if (!Array.isArray(s.anyOf)) return s;
  const flat: Schema[] = [];
  for (const b of s.anyOf as Schema[]) {
    const keys = Object.keys(b);
    if (Array.isArray(b.anyOf) && keys.every((k) => k === "anyOf")) flat.push(...(b.anyOf as Schema[]));
    else flat.push(b);
  }
  const bare = new Set(flat.filter(bareType).map((b) => b.type));
  const kept = flat.filter((b) => bareType(b) || !bare.has(b.type as string));
  const branches = kept.filter((b, i) => kept.findIndex((o) => JSON.stringify(o) === JSON.stringify(b)) === i);
  const { anyOf: _drop, ...rest } = s;
  if (branches.length === 1) return { ...branches[0], ...rest };
  return { ...rest, anyOf: branches };
}

/** Splits a type array into an anyOf of single types. */
function splitTypes(s: Schema): Schema {
  if (!Array.isArray(s.type)) return s;
  const { type, ...rest } = s;
  const types = type as string[];
  if (types.length === 1) return { ...rest, type: types[0]! };
  return { ...rest, anyOf: types.map((t) => ({ type: t })) };
}

/**
 * One schema node in the portable profile; `$ref`s resolve to the given payload forms (the compact ones by default).
 */
export function portableNode(s: Schema, payloads: Record<string, Schema> = PAYLOADS): Schema {
  const ref = refName(s);
  if (ref) {
    const payload = payloads[ref];
    if (!payload) throw new Error(`portable profile: no compact form for $defs/${ref}`);
    const { $ref: _r, ...rest } = s;
    return portableNode({ ...clone(payload), ...rest }, payloads);
  }
  let out: Schema = {};
  for (const [k, v] of Object.entries(s)) if (PORTABLE_KEYWORDS.has(k)) out[k] = v;
  if (out.format !== undefined && out.format !== "date" && out.format !== "date-time") delete out.format;
  out = splitTypes(out);
  const node = (x: Schema) => portableNode(x, payloads);
  if (isSchema(out.items)) out.items = node(out.items);
  if (isSchema(out.additionalProperties)) out.additionalProperties = node(out.additionalProperties);
  if (isSchema(out.properties))
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([k, v]) => [k, node(v as Schema)]),
    ) as Schema;
  if (Array.isArray(out.anyOf)) out.anyOf = (out.anyOf as Schema[]).map(node);
  return tidyAnyOf(out);
}

/** The payload kinds (series, frame) an input schema references, in a fixed order. */
export function payloadKinds(input: Schema): ("series" | "frame")[] {
  const text = JSON.stringify(input);
  return (["series", "frame"] as const).filter((k) => text.includes(`"#/$defs/${k}"`));
}

/** A portable input schema: no $defs, the references inlined in their compact input forms. */
export function portableInput(input: Schema, payloads: Record<string, Schema> = PAYLOADS): Schema {
  const { $defs: _defs, ...root } = clone(input);
  return portableNode(root, payloads);
}

/**
 * The tool description in the portable profile: the compiler's "Required: ..." sentence goes when
 * it only repeats the schema's `required` list, the owning-skill pointer is shortened, and one
 * payload-convention sentence is added when the tool takes a series or a frame.
 */
export function portableDescription(description: string, input: Schema, skill?: string): string {
  const required = (input.required ?? []) as string[];
  let text = description.replace(` Required: ${required.length ? required.join(", ") : "nothing"}.`, "");
  if (skill)
    text = text.replace(`Owning skill: ${skill} - call read_skill('${skill}') for the text.`, `Skill: ${skill}.`);
  const kinds = payloadKinds(input);
  if (!kinds.length) return text;
  return `${text} ${kinds.map((k) => PAYLOAD_SENTENCES[k]).join(" ")} ${PAYLOAD_COMMON}`;
}

/** A single JSON type for a property, or undefined when it has several. */
function singleType(s: Schema): string | undefined {
  if (typeof s.type === "string") return s.type;
  if (Array.isArray(s.anyOf)) {
    const types = new Set((s.anyOf as Schema[]).map((b) => b.type));
    if (types.size === 1 && typeof [...types][0] === "string") return [...types][0] as string;
  }
  return undefined;
}

/**
 * A compact output schema: the top-level property names with their JSON type (no nested shapes,
 * nothing closed or required). A superset of the full output schema, so a client that validates
 * structured content against it accepts every result the runtime returns.
 */
export function compactOutput(output: Schema): Schema {
  const props = (output.properties ?? {}) as Record<string, Schema>;
  const properties: Schema = {};
  for (const [name, p] of Object.entries(props)) {
    const t = singleType(p);
    properties[name] = t ? { type: t } : { anyOf: nullableTypes(p) };
  }
  return { type: "object", properties };
}

/** The single-type branches of a property with a type array or anyOf. */
function nullableTypes(p: Schema): Schema[] {
  if (Array.isArray(p.type)) return (p.type as string[]).map((t) => ({ type: t }));
  if (Array.isArray(p.anyOf))
    return (p.anyOf as Schema[]).map((b): Schema => (typeof b.type === "string" ? { type: b.type } : {}));
  return [{}];
}
