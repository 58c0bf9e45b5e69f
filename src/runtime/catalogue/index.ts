// Registers the seven catalogue tools with the call path.
import { callToolUntyped, registerCatalogue } from "../call.js";
import { bundleCoverage, checkBacktest } from "./bundle.js";
import { describeGuard, listGuards } from "./guards.js";
import { listSkills, readSkill, searchSkills } from "./skills.js";

type Args = Record<string, unknown>;

registerCatalogue({
  list_skills: (a: Args) => listSkills(a as { plugin?: string }),
  read_skill: (a: Args) => readSkill(a as { name: string; reference?: string }),
  search_skills: (a: Args) => searchSkills(a as { terms: string[]; limit?: number }),
  list_guards: (a: Args) => listGuards(a as { skill?: string }),
  describe_guard: (a: Args) => describeGuard(a as { name: string }),
  bundle_coverage: (a: Args) => bundleCoverage(a as { slots?: string[] }),
  check_backtest: (a: Args, options) =>
    checkBacktest(a as Parameters<typeof checkBacktest>[0], callToolUntyped, options),
});
