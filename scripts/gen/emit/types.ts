// Argument and result types from the schemas: json-schema-to-typescript over ONE root document
// with every $defs hoisted, so the payload types are declared once (docs/compiler.md, "What it writes").
import { compile } from "json-schema-to-typescript";
import { PAYLOAD_DEFS, clone, type Json, type Schema } from "../schema.js";
import type { NeutralTool } from "./formats.js";
import { emitEvidenceTypes } from "./evidence.js";
import { jsttForms } from "./jstt_forms.js";

/** CheckCostCurve from check_cost_curve; a letter after a digit is upper case (Rolling30DVol), as the typer does. */
export function pascal(name: string): string {
  return name
    .split(/[_-]/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join("")
    .replace(/(\d)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase());
}

/** Strips siblings of `$ref` (they would create numbered duplicate types). */
function stripRefSiblings(s: Json): Json {
  if (Array.isArray(s)) return s.map(stripRefSiblings);
  if (!s || typeof s !== "object") return s;
  if (typeof s.$ref === "string") return { $ref: s.$ref };
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, stripRefSiblings(v)]));
}

/** `evidence`: tool name -> its evidence type (scripts/gen/emit/evidence.ts); a guard tool without one is untyped. */
export async function emitTypes(
  tools: readonly NeutralTool[],
  header: string,
  evidence: ReadonlyMap<string, string> = new Map(),
): Promise<string> {
  const defs: Schema = {
    series: { ...clone(PAYLOAD_DEFS.series), title: "SeriesPayload" },
    frame: { ...clone(PAYLOAD_DEFS.frame), title: "FramePayload" },
  };
  // Guard tools share one result schema, hence one GuardToolResult type.
  const guardResult = tools.find((t) => t.guard)?.output_schema;
  if (guardResult) defs.GuardToolResult = { ...clone(guardResult), title: "GuardToolResult" };
  for (const t of tools) {
    const { $defs: _d, ...input } = clone(t.input_schema);
    defs[`${pascal(t.name)}Args`] = { ...(stripRefSiblings(input) as Schema), title: `${pascal(t.name)}Args` };
    if (!t.guard)
      defs[`${pascal(t.name)}Result`] = {
        ...(stripRefSiblings(clone(t.output_schema)) as Schema),
        title: `${pascal(t.name)}Result`,
      };
  }
  const root = {
    title: "FinSkillsToolTypes",
    type: "object",
    properties: {},
    additionalProperties: false,
    $defs: defs,
  };
  const body = await compile(jsttForms(root as Json) as never, "FinSkillsToolTypes", {
    bannerComment: "",
    unreachableDefinitions: true,
    additionalProperties: false,
    ignoreMinAndMaxItems: true,
    format: false,
    $refOptions: { resolve: { external: false } } as never,
  });
  const maps = [
    `export type ToolName = ${tools.map((t) => JSON.stringify(t.name)).join(" | ")};`,
    "export interface ToolArgs {",
    ...tools.map((t) => `  ${JSON.stringify(t.name)}: ${pascal(t.name)}Args;`),
    "}",
    "export interface ToolResults {",
    ...tools.map((t) => `  ${JSON.stringify(t.name)}: ${resultTypeName(t, evidence)};`),
    "}",
  ];
  return (
    `${header}/* eslint-disable */\n${body.replace(/^export interface FinSkillsToolTypes \{\}\n/m, "")}\n` +
    `${emitEvidenceTypes(evidence, pascal)}${maps.join("\n")}\n`
  );
}

function resultTypeName(t: NeutralTool, evidence: ReadonlyMap<string, string>): string {
  if (!t.guard) return `${pascal(t.name)}Result`;
  return evidence.has(t.name) ? `${pascal(t.name)}Result` : "GuardToolResult";
}
