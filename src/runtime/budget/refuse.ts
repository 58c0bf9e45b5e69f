// Prices a guard call before any work and refuses it when over budget, naming the input that
// drives the cost, the limit and how to reduce it.
import { BadInputError } from "../../contract/guard.js";
import { MAX_ARGUMENT_BYTES, MAX_JSON_NUMBER_BYTES, MAX_POINTS } from "../codec/caps.js";
import { costOf, type CostEstimate, type GuardCost } from "./costs.js";
import { CATALOGUE_COSTS } from "./catalogue_costs.js";
import type { CatalogueToolName } from "../../catalogue/tools.js";
import { DEFAULT_WORK_BUDGET, currentLimits } from "./limits.js";
import { grouped } from "../../lib/grouped.js";

/** A count as the messages write it: 12,345 below a million, else 2 significant digits (4.2e9). */
export function formatUnits(n: number): string {
  if (!Number.isFinite(n)) return "more than 1e308";
  if (n < 1e6) return grouped(Math.round(n));
  const e = Math.floor(Math.log10(n));
  const m = n / 10 ** e;
  return `${Number(m.toPrecision(2))}e${e}`;
}

/** The estimate of one call: the guard's cost entry, else the default rule (costs.ts). */
export function estimateCost(guard: string, inputs: Readonly<Record<string, unknown>>): CostEstimate {
  return costOf(guard).estimate(inputs);
}

/** Throws too_large when the call's estimated work or memory is over budget. */
export function checkBudget(
  guard: string,
  inputs: Readonly<Record<string, unknown>>,
  workBudget: number = currentLimits().workBudget,
  memoryBudget: number = currentLimits().memoryBudget,
): void {
  refuseOverBudget(costOf(guard), inputs, workBudget, memoryBudget);
}

/** Throws too_large when a catalogue tool's estimated work is over budget (priced on the raw arguments). */
export function checkCatalogueBudget(
  tool: CatalogueToolName,
  args: Readonly<Record<string, unknown>>,
  workBudget: number = currentLimits().workBudget,
): void {
  refuseOverBudget(CATALOGUE_COSTS[tool], args, workBudget, Number.POSITIVE_INFINITY);
}

/** The refusal of one priced call: the input that drives the cost, the limit, how to reduce it. */
function refuseOverBudget(
  cost: GuardCost,
  inputs: Readonly<Record<string, unknown>>,
  workBudget: number,
  memoryBudget: number,
): void {
  const e = cost.estimate(inputs);
  const field = e.input;
  if (e.units > workBudget) {
    throw new BadInputError(
      "too_large",
      field,
      `${field}: this call would cost about ${formatUnits(e.units)} work units (${cost.formula}); ` +
        `the work budget is ${formatUnits(workBudget)}. To fit it, ${e.reduce}`,
    );
  }
  if (e.bytes > memoryBudget) {
    throw new BadInputError(
      "too_large",
      field,
      `${field}: this call would need about ${formatUnits(e.bytes)} bytes of working memory; ` +
        `the memory budget is ${formatUnits(memoryBudget)}. To fit it, ${e.reduce}`,
    );
  }
}

/** The size caps in words, as tool descriptions and the README state them. */
export function capsSentence(): string {
  const series = MAX_POINTS * MAX_JSON_NUMBER_BYTES;
  const n = grouped;
  return (
    `at most ${n(MAX_POINTS)} values per series or frame and ${n(MAX_ARGUMENT_BYTES)} bytes of arguments (a ` +
    `series of ${n(MAX_POINTS)} numbers at full precision fits, with ${n(MAX_ARGUMENT_BYTES - series)} bytes for ` +
    "the other inputs)"
  );
}

/**
 * The "Limits" sentence on a guard's tool description: its cost (the default rule without an entry). The
 * size caps are in the file-reference sentence of every tool with a series or frame input (said once per tool).
 */
export function limitsSentence(guard: string): string {
  const cost = costOf(guard);
  const budget = formatUnits(DEFAULT_WORK_BUDGET);
  return `Limits: about ${cost.formula} work units, refused above the budget (default ${budget}).`;
}
