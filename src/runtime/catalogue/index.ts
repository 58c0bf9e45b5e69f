// The eight catalogue tools as one static table over the generated ToolArgs/ToolResults, keyed by
// the catalogue's own names (src/catalogue/tools.ts), so a missing or misnamed entry fails the
// typecheck. call.ts dispatches here after validating the arguments; check_backtest receives the
// guard-call function through its context instead of importing the call path.
import type { ToolArgs } from "../../../generated/types.js";
import type { CatalogueToolName } from "../../catalogue/tools.js";
import { bundleCoverage, checkBacktest } from "./bundle.js";
import type { CatalogueBody, CatalogueContext } from "./context.js";
import { describeGuard, listGuards } from "./guards.js";
import { listSkills, readSkill, searchSkills } from "./skills.js";
import { listTrials } from "./trials.js";

export type { CatalogueBody, CatalogueContext, GuardCall } from "./context.js";

type Implementation<N extends CatalogueToolName> = (
  args: ToolArgs[N],
  context: CatalogueContext,
) => CatalogueBody<N> | Promise<CatalogueBody<N>>;

export const CATALOGUE_TOOLS: { readonly [N in CatalogueToolName]: Implementation<N> } = {
  list_skills: listSkills,
  read_skill: readSkill,
  search_skills: searchSkills,
  list_guards: listGuards,
  describe_guard: describeGuard,
  bundle_coverage: bundleCoverage,
  check_backtest: (args, { options, callGuard }) => checkBacktest(args, callGuard, options),
  list_trials: (args, { options }) => listTrials(args, options),
};

export function isCatalogueTool(name: string): name is CatalogueToolName {
  return Object.hasOwn(CATALOGUE_TOOLS, name);
}

/**
 * Runs a catalogue tool on arguments its generated input validator has accepted: the one point
 * where they take the type ToolArgs[N] (the validator is the proof, so no table entry casts).
 */
export function runCatalogueTool<N extends CatalogueToolName>(
  name: N,
  validated: unknown,
  context: CatalogueContext,
): CatalogueBody<N> | Promise<CatalogueBody<N>> {
  const implementation: Implementation<N> = CATALOGUE_TOOLS[name];
  return implementation(validated as ToolArgs[N], context);
}
