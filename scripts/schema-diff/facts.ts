// The facts of one input that the rules compare: accepted branches, bounds, default, prose.
import { bounds, compactType, defaultOf, proseOf } from "../gen/emit/compact.js";
import type { Schema, SchemaTool } from "./table.js";

export interface InputFacts {
  readonly name: string;
  readonly schema: Schema;
  readonly required: boolean;
  /** One entry per accepted alternative: a type, a payload name, or `type:value` for an enum value. */
  readonly branches: readonly string[];
  readonly bounds: ReadonlyMap<string, number | string>;
  readonly default: string | undefined;
  readonly prose: string;
}

type Node = Record<string, unknown>;
const isNode = (x: unknown): x is Node => !!x && typeof x === "object" && !Array.isArray(x);

/** The alternatives a schema accepts, flattened through anyOf/oneOf, type lists and enums. */
export function branchesOf(s: unknown): string[] {
  if (!isNode(s)) return [compactType(s)];
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) return alternatives.flatMap(branchesOf);
  const base = typeof s.type === "string" ? s.type : "any";
  if (Array.isArray(s.enum)) return s.enum.map((v) => `${base}:${JSON.stringify(v)}`);
  if ("const" in s) return [`${base}:${JSON.stringify(s.const)}`];
  if (Array.isArray(s.type)) return (s.type as string[]).map((t) => compactType({ ...s, type: t }));
  return [compactType(s)];
}

/** Whether accepting `wider` still accepts everything `narrower` did. */
export function covers(wider: string, narrower: string): boolean {
  if (wider === narrower || wider === "any") return true;
  if (wider === "number" && (narrower === "integer" || /^(number|integer):/.test(narrower))) return true;
  return narrower.startsWith(`${wider}:`);
}

/** A branch as a reader writes it: `"sell"` for the enum value `string:"sell"`. */
export const shownBranch = (b: string): string => b.replace(/^(string|number|integer|boolean|any):/, "");

/** The inputs of a tool in schema order. */
export function inputFacts(tool: SchemaTool): InputFacts[] {
  const props = (tool.input_schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((tool.input_schema.required ?? []) as string[]);
  return Object.entries(props).map(([name, schema]) => ({
    name,
    schema,
    required: required.has(name),
    branches: branchesOf(schema),
    bounds: bounds(schema),
    default: defaultOf(schema),
    prose: proseOf(schema),
  }));
}

/** The payload definitions of a tool's input schema, name -> accepted forms. */
export function payloadForms(tool: SchemaTool): Map<string, string[]> {
  const defs = (tool.input_schema.$defs ?? {}) as Record<string, Schema>;
  return new Map(Object.entries(defs).map(([name, def]) => [name, branchesOf(def)]));
}
