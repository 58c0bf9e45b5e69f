// The portable profile of a tool's schemas: what every export ships and the MCP server serves.
// No $ref/$defs, no type arrays, a single `type` wherever the alternatives share one, and only
// keywords the major providers accept. The payload definitions are compact (input forms only, no
// item schemas for cells); the runtime still validates every call against the full table.
import { clone, DATE_FRAGMENTS, type Json, type Schema } from "../schema.js";
import { positionsInProse } from "./positions.js";

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

/** A series: a bare list of values, or an object (its keys, "values" and "index", are in the payload sentence). */
export const PORTABLE_SERIES: Schema = { anyOf: [{ type: "array" }, { type: "object" }] };

/** A frame: an object (split or records form) or a list of records or OHLCV points. */
export const PORTABLE_FRAME: Schema = { anyOf: [{ type: "object" }, { type: "array" }] };

const PAYLOADS: Record<string, Schema> = { series: PORTABLE_SERIES, frame: PORTABLE_FRAME };

/** The payload conventions a tool's compact description gains, by the payload kinds it takes. */
export const PAYLOAD_SENTENCES: Record<"series" | "frame", string> = {
  series: "Series: [values] or {values, index}.",
  frame: "Frame: {columns, data, index}, {records, index} or [records].",
};
/** Said once per tool that takes a series or a frame: the index, missing values and file references. */
export const PAYLOAD_COMMON = "Index: ISO dates or labels; null is missing; or {file, column|columns}.";

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

/** An optional property documented as `Alias of <sibling>.`: the compact schema lists only the sibling
 * (the parent's description names the aliases; the runtime accepts both). */
function aliasOf(p: Schema, siblings: Schema): boolean {
  const m = typeof p.description === "string" ? /^Alias of (\w+)\.$/.exec(p.description) : null;
  return m !== null && m[1] !== undefined && Object.hasOwn(siblings, m[1]);
}

/** The date fragments' prose ("ISO-8601 date, e.g. ..."), by the format keyword that states it. */
export const FORMAT_PROSE = new Map(
  Object.values(DATE_FRAGMENTS).map((f) => [f.format as string, ` ${f.description as string}`] as const),
);

/** A node whose format keyword is kept says its date format once: the fragment's prose goes. */
function withoutFormatProse(s: Schema): Schema {
  const prose = FORMAT_PROSE.get(s.format as string);
  if (!prose || typeof s.description !== "string" || !` ${s.description}`.endsWith(prose)) return s;
  const description = ` ${s.description}`.slice(0, -prose.length).trim();
  const { description: _d, ...rest } = s;
  return description ? { ...rest, description } : rest;
}

/**
 * One schema node in the portable profile; `$ref`s resolve to the given payload forms (the compact ones by default).
 */
export function portableNode(given: Schema, payloads: Record<string, Schema> = PAYLOADS): Schema {
  const s = positionsInProse(given);
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
  if (out.format !== undefined) out = withoutFormatProse(out);
  if (Array.isArray(out.required) && out.required.length === 0) delete out.required;
  out = splitTypes(out);
  const node = (x: Schema) => portableNode(x, payloads);
  if (isSchema(out.items)) out.items = node(out.items);
  if (isSchema(out.additionalProperties)) out.additionalProperties = node(out.additionalProperties);
  if (isSchema(out.properties)) {
    const props = out.properties;
    const kept = Object.entries(props).filter(([, v]) => !aliasOf(v as Schema, props));
    const properties = Object.fromEntries(kept.map(([k, v]) => [k, node(v as Schema)])) as Schema;
    out.properties = properties;
    if (Array.isArray(out.required)) out.required = (out.required as string[]).filter((r) => r in properties);
  }
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
 * The tool description in the portable profile, from the compact description (the guard's summary and
 * cost; a catalogue tool's own): the compiler's "Required: ..." sentence goes when it only repeats the
 * schema's `required` list, and one payload-convention sentence is added when the tool takes a series or a frame.
 */
export function portableDescription(description: string, input: Schema): string {
  const required = (input.required ?? []) as string[];
  const text = description.replace(` Required: ${required.length ? required.join(", ") : "nothing"}.`, "");
  const kinds = payloadKinds(input);
  if (!kinds.length) return text;
  return `${text} ${kinds.map((k) => PAYLOAD_SENTENCES[k]).join(" ")} ${PAYLOAD_COMMON}`;
}
