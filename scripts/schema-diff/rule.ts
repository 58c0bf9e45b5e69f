// What a rule sees: both tables, their tools paired, and for each tool kept by name its inputs paired.
import type { InputFacts } from "./facts.js";
import type { Bump, Finding, Severity } from "./finding.js";
import { pairInputs, pairTools, type Pairs } from "./pairing.js";
import type { SchemaTool, ToolTable } from "./table.js";

export interface ToolPair {
  readonly old: SchemaTool;
  readonly neu: SchemaTool;
  readonly inputs: Pairs<InputFacts>;
}

export interface DiffContext {
  readonly old: ToolTable;
  readonly neu: ToolTable;
  readonly tools: Pairs<SchemaTool>;
  /** Tools present under the same name on both sides. */
  readonly kept: readonly ToolPair[];
}

export interface Rule {
  readonly id: string;
  readonly check: (ctx: DiffContext) => Finding[];
}

export function diffContext(old: ToolTable, neu: ToolTable): DiffContext {
  const tools = pairTools(old, neu);
  const kept = tools.common.map(([o, n]) => ({ old: o, neu: n, inputs: pairInputs(o, n) }));
  return { old, neu, tools, kept };
}

/** A finding builder bound to one rule, severity and bump. */
export const finder =
  (rule: string, severity: Severity, bump: Bump) =>
  (tool: string, message: string, input?: string): Finding => ({
    rule,
    severity,
    tool,
    ...(input === undefined ? {} : { input }),
    message,
    bump,
  });

/** Inputs kept by name or renamed, old and new: the pairs whose defaults and bounds are compared. */
export const matchedInputs = (p: ToolPair): readonly [InputFacts, InputFacts][] => [
  ...p.inputs.common,
  ...p.inputs.renamed,
];

/** Whether the guard behind `tool` has an input the new table newly lists as omitted. */
export function newlyOmitted(ctx: DiffContext, tool: SchemaTool, input: string): string | undefined {
  if (!tool.guard) return undefined;
  const was = ctx.old.omitted[tool.guard]?.[input];
  const now = ctx.neu.omitted[tool.guard]?.[input];
  return was === undefined ? now : undefined;
}

/** The new table excludes the guard behind this old tool. */
export const newlyExcluded = (ctx: DiffContext, tool: SchemaTool): string | undefined =>
  tool.guard && !(tool.guard in ctx.old.excluded) ? ctx.neu.excluded[tool.guard] : undefined;
