// The portability rules of docs/contract.md §1.3 (input schemas) and §1.4 (output schemas).
import { DEFS_PREFIX, PAYLOAD_DEF_NAMES } from "../../src/contract/artefacts.js";
import { referencedDefs, type Json, type Schema } from "./schema.js";
import { schemaProblem } from "./ajv.js";

const SUBSCHEMA_KEYS = new Set([
  "items",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
]);
const SUBSCHEMA_LIST_KEYS = new Set(["anyOf", "allOf", "oneOf", "prefixItems"]);
const SUBSCHEMA_MAP_KEYS = new Set(["properties", "$defs", "patternProperties", "dependentSchemas"]);

/** `false` closes an object (additionalProperties) or a positional array (items beside prefixItems). */
const closes = (path: string, parent: Json) =>
  path.endsWith("/additionalProperties") ||
  (path.endsWith("/items") && !!parent && typeof parent === "object" && "prefixItems" in parent);

function walk(s: Json, path: string, problems: string[], output: boolean, parent: Json = null): void {
  if (typeof s === "boolean") {
    if (!(s === false && closes(path, parent))) problems.push(`${path}: boolean subschema ${s}`);
    return;
  }
  if (!s || typeof s !== "object" || Array.isArray(s)) {
    problems.push(`${path}: not a schema`);
    return;
  }
  for (const [k, v] of Object.entries(s)) {
    if (k === "$schema") problems.push(`${path}: has $schema`);
    if (k === "oneOf" || (k === "prefixItems" && output)) problems.push(`${path}: uses ${k}`);
    if (k === "prefixItems" && !tupleBounded(s)) problems.push(`${path}: prefixItems without items and minItems`);
    if (output && (k === "$ref" || k === "$defs")) problems.push(`${path}: output schemas must be inline (found ${k})`);
    if (k === "additionalProperties" && v === true) problems.push(`${path}: additionalProperties true`);
    if (SUBSCHEMA_KEYS.has(k)) walk(v, `${path}/${k}`, problems, output, s);
    else if (SUBSCHEMA_LIST_KEYS.has(k) && Array.isArray(v))
      v.forEach((x, i) => walk(x, `${path}/${k}/${i}`, problems, output, s));
    else if (SUBSCHEMA_MAP_KEYS.has(k) && v && typeof v === "object" && !Array.isArray(v)) {
      for (const [name, sub] of Object.entries(v)) walk(sub, `${path}/${k}/${name}`, problems, output, s);
    }
  }
}

/** A positional array states what follows the positions (`items`) and how many must be there. */
function tupleBounded(s: Schema): boolean {
  return s.items !== undefined && typeof s.minItems === "number";
}

function rootShape(s: Schema, problems: string[]): void {
  const keys = Object.keys(s);
  const expected = ["type", "properties", "required", "additionalProperties", ...(s.$defs ? ["$defs"] : [])];
  if (JSON.stringify(keys) !== JSON.stringify(expected))
    problems.push(`root keys must be ${JSON.stringify(expected)}, got ${JSON.stringify(keys)}`);
  if (s.type !== "object" || s.additionalProperties !== false) problems.push("root must be a closed object");
  const props = Object.keys((s.properties ?? {}) as object);
  for (const r of (s.required ?? []) as string[])
    if (!props.includes(r)) problems.push(`required '${r}' is not a property`);
}

function defsUse(s: Schema, problems: string[]): void {
  const defs = Object.keys((s.$defs ?? {}) as object);
  const { $defs: _omit, ...rest } = s;
  const used = referencedDefs(rest as Json);
  for (const d of defs)
    if (!(PAYLOAD_DEF_NAMES as readonly string[]).includes(d))
      problems.push(`$defs.${d} is not one of ${PAYLOAD_DEF_NAMES.join(", ")}`);
  for (const d of defs) if (!used.has(d)) problems.push(`$defs.${d} is unused`);
  for (const u of used) if (!defs.includes(u)) problems.push(`$ref ${DEFS_PREFIX}${u} does not resolve`);
  if (JSON.stringify(defs) !== JSON.stringify([...defs].sort())) problems.push("$defs keys must be sorted");
}

/** The JSON pointer of the first key or string that is not ASCII (a key: its own pointer plus " (key)"), or null. */
function nonAsciiAt(v: Json, at: string): string | null {
  if (typeof v === "string") return /[^\x00-\x7f]/.test(v) ? `${at || "/"} ('${v}')` : null;
  if (!v || typeof v !== "object") return null;
  for (const [k, x] of Object.entries(v)) {
    if (/[^\x00-\x7f]/.test(k)) return `${at}/${k} (key)`;
    const found = nonAsciiAt(x as Json, `${at}/${k}`);
    if (found) return found;
  }
  return null;
}

/** Every problem of a tool's input or output schema; empty when it is portable. */
export function lintSchema(s: Schema, kind: "input" | "output"): string[] {
  const problems: string[] = [];
  walk(s, "", problems, kind === "output");
  rootShape(s, problems);
  if (kind === "input") defsUse(s, problems);
  const text = JSON.stringify(s);
  const where = nonAsciiAt(s, "");
  if (where) problems.push(`schema is not ASCII at ${where}; write that key or text in ASCII`);
  if (JSON.stringify(JSON.parse(text)) !== text) problems.push("schema does not survive a JSON round trip");
  const compiled = schemaProblem(s);
  if (compiled) problems.push(compiled);
  return problems;
}
