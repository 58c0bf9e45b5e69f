// The export formats: each a rename of the neutral table in the portable profile (no $ref, $defs
// or type arrays; compact payloads, no output schemas). "neutral" stays the full-fidelity table.
import type { Schema } from "../schema.js";
import { geminiDeclaration } from "./gemini.js";
import { portableDescription, portableInput } from "./portable.js";
import { strictParameters } from "./strict.js";

export interface NeutralTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input_schema: Schema;
  readonly output_schema: Schema;
  readonly annotations: Schema;
  readonly guard?: string;
  readonly skill?: string;
  readonly requires?: readonly string[];
}

export const FORMATS = ["anthropic", "openai", "openai-strict", "openai-chat", "mcp", "gemini", "neutral"] as const;
export type Format = (typeof FORMATS)[number];

const openai = (t: NeutralTool) => ({
  type: "function",
  name: t.name,
  description: t.description,
  parameters: t.input_schema,
  strict: false,
});

/**
 * A neutral tool in the portable profile: its compact description (a guard's summary, given by the model;
 * the table's for a catalogue tool) with the payload sentence, and inlined compact inputs.
 */
export function portableTool(t: NeutralTool, compactDescription: string = t.description): NeutralTool {
  return {
    ...t,
    description: portableDescription(compactDescription, t.input_schema),
    input_schema: portableInput(t.input_schema),
  };
}

/** Each format's entry from the portable tool `t`; `full` is the same tool in the full table. */
export const RENAMES: Record<Exclude<Format, "neutral">, (t: NeutralTool, full: NeutralTool) => object> = {
  anthropic: (t) => ({ name: t.name, description: t.description, input_schema: t.input_schema }),
  openai,
  "openai-strict": (t, full) => {
    const strict = strictParameters(full.input_schema);
    return strict
      ? { type: "function", name: t.name, description: t.description, parameters: strict, strict: true }
      : openai(t);
  },
  "openai-chat": (t) => ({
    type: "function",
    function: { name: t.name, description: t.description, parameters: t.input_schema },
  }),
  // No outputSchema: a model needs none to choose or call a tool; mcp-full carries the full one.
  mcp: (t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.input_schema,
    annotations: t.annotations,
  }),
  gemini: (t, full) => geminiDeclaration(t.name, t.description, full.input_schema),
};

/** The provider SDK type each export must satisfy, for generated/exports.check.ts (gemini: checked by its own test). */
export const SDK_TYPES: Record<Exclude<Format, "neutral" | "gemini">, string> = {
  anthropic: "Anthropic.Messages.Tool",
  openai: "OpenAI.Responses.FunctionTool",
  "openai-strict": "OpenAI.Responses.FunctionTool",
  "openai-chat": "OpenAI.Chat.Completions.ChatCompletionFunctionTool",
  mcp: "McpTool",
};

/** A type-only module: every export entry `satisfies` its provider SDK's tool type under tsc. */
export function emitExportsCheck(formats: Record<string, object[]>, header: string): string {
  const lines = [
    header,
    'import type Anthropic from "@anthropic-ai/sdk";',
    'import type OpenAI from "openai";',
    'import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";',
    "",
  ];
  for (const [format, type] of Object.entries(SDK_TYPES)) {
    const ident = format.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
    lines.push(`export const ${ident} = ${JSON.stringify(formats[format])} as const satisfies readonly ${type}[];`, "");
  }
  return lines.join("\n");
}
