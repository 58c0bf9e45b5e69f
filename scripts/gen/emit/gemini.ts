// The gemini export: Gemini API function declarations, whose `parameters` use the Schema object
// Google documents as "a select subset of an OpenAPI 3.0 schema object"
// (https://ai.google.dev/api/caching#Schema): upper-case types (STRING, NUMBER, INTEGER, BOOLEAN,
// ARRAY, OBJECT, NULL), `nullable` instead of a null type, no additionalProperties/$ref/$defs/const,
// string formats "enum" and "date-time" only, enum values as strings.
import type { Json, Schema } from "../schema.js";
import { FORMAT_PROSE, portableInput } from "./portable.js";

/** The Schema fields Google documents for function-declaration parameters. */
export const GEMINI_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
]);
export const GEMINI_TYPES: ReadonlySet<string> = new Set([
  "STRING",
  "NUMBER",
  "INTEGER",
  "BOOLEAN",
  "ARRAY",
  "OBJECT",
  "NULL",
]);
export const GEMINI_STRING_FORMATS: ReadonlySet<string> = new Set(["enum", "date-time"]);

const CELL: Schema = { anyOf: [{ type: "number" }, { type: "string" }, { type: "boolean" }, { type: "null" }] };
const LABELS: Schema = { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } };

/** Gemini's payload forms: every array has an item schema and every object named properties, so a
 * frame is declared in its split form only (the runtime accepts every form). */
export const GEMINI_PAYLOADS: Record<string, Schema> = {
  series: {
    anyOf: [
      { type: "array", items: CELL },
      { type: "object", properties: { values: { type: "array", items: CELL }, index: LABELS }, required: ["values"] },
    ],
  },
  frame: {
    type: "object",
    properties: {
      columns: { type: "array", items: { type: "string" } },
      data: { type: "array", items: { type: "array", items: CELL } },
      index: LABELS,
    },
    required: ["columns", "data"],
  },
};

const isSchema = (x: Json | undefined): x is Schema => !!x && typeof x === "object" && !Array.isArray(x);

/** Drops the null branch of an anyOf into `nullable: true`; a single remaining branch is merged. */
function nullableAnyOf(s: Schema): Schema {
  if (!Array.isArray(s.anyOf)) return s;
  const branches = s.anyOf as Schema[];
  const rest = branches.filter((b) => b.type !== "null");
  if (rest.length === branches.length) return s;
  const { anyOf: _a, ...outer } = s;
  const base = rest.length === 1 ? { ...rest[0], ...outer } : { ...outer, anyOf: rest };
  return { ...base, nullable: true };
}

/** What a node's keywords say that Gemini's subset cannot carry (a format other than date-time, an enum
 * of numbers), as sentences for its description. */
function uncarried(n: Schema): string[] {
  const notes: string[] = [];
  const format = typeof n.format === "string" ? n.format : undefined;
  if (format && !GEMINI_STRING_FORMATS.has(format))
    notes.push(FORMAT_PROSE.get(format)?.trim() ?? `Format: ${format}.`);
  if (Array.isArray(n.enum) && n.type !== "string")
    notes.push(`One of: ${(n.enum as Json[]).map((v) => JSON.stringify(v)).join(", ")}.`);
  return notes;
}

/** One portable schema node in Gemini's subset; what the subset cannot carry moves into the description. */
export function geminiNode(s: Schema): Schema {
  const bare = nullableAnyOf(s);
  const notes = uncarried(bare);
  const said = [bare.description, ...notes].filter((x) => typeof x === "string").join(" ");
  const n = notes.length ? { ...bare, description: said } : bare;
  const out: Schema = {};
  for (const [k, v] of Object.entries(n)) {
    if (!GEMINI_KEYWORDS.has(k)) continue;
    if (k === "type") out.type = String(v).toUpperCase();
    else if (k === "format") {
      if (GEMINI_STRING_FORMATS.has(String(v))) out.format = v;
    } else if (k === "enum") out.enum = (v as Json[]).map(String);
    else if (k === "items" && isSchema(v)) out.items = geminiNode(v);
    else if (k === "anyOf") out.anyOf = (v as Schema[]).map(geminiNode);
    else if (k === "properties" && isSchema(v))
      out.properties = Object.fromEntries(Object.entries(v).map(([p, ps]) => [p, geminiNode(ps as Schema)])) as Schema;
    else out[k] = v;
  }
  if (out.enum && out.type !== "STRING") delete out.enum;
  return out;
}

/** A Gemini function declaration for a tool of the full table. */
export function geminiDeclaration(name: string, description: string, fullInput: Schema): object {
  return { name, description, parameters: geminiNode(portableInput(fullInput, GEMINI_PAYLOADS)) };
}
