// The catalogue tools' costs, priced like the guards' before any work (docs/contract.md §5): most read
// fixed tables; bundle_coverage and check_backtest grow with the names and values sent.
import type { CatalogueToolName } from "../../catalogue/tools.js";
import type { GuardCost } from "./costs.js";
import { totalCells } from "./measure.js";
import { MAX_SUGGESTED } from "../catalogue/name_limits.js";
import { grouped } from "../../lib/grouped.js";

/** Units of one closest-name comparison against the whole vocabulary (a few dozen names, ratio of short strings). */
const SUGGEST_UNITS = 200_000;
/** Reading a fixed table (the skills, guards or slots index) and building its reply. */
const TABLE_UNITS = 100_000;

/** A tool whose work is bounded by the generated tables, not by its arguments. */
function fixed(units: number, input: string): GuardCost {
  return {
    formula: `${grouped(units)} (a fixed table)`,
    estimate: () => ({ units, bytes: 0, input, reduce: "" }),
  };
}

/** Names sent in `slots` (a list for bundle_coverage, an object's keys for check_backtest). */
function nameCount(slots: unknown): number {
  if (Array.isArray(slots)) return slots.length;
  return slots !== null && typeof slots === "object" ? Object.keys(slots).length : 0;
}

/** Per name: a set lookup and a trim; the first unknown ones each compared with the vocabulary. */
const slotNames: GuardCost = {
  formula: `N x 10 + min(N, ${MAX_SUGGESTED}) x ${grouped(SUGGEST_UNITS)} (N slot names)`,
  estimate: (x) => {
    const n = nameCount(x.slots);
    return {
      units: TABLE_UNITS + 10 * n + Math.min(n, MAX_SUGGESTED) * SUGGEST_UNITS,
      bytes: 0,
      input: "slots",
      reduce: "send fewer slot names",
    };
  },
};

/** check_backtest's own work (names, decoding the slots once); each guard it runs is priced as it runs. */
const backtest: GuardCost = {
  formula: "slot names and V (the values in the slots), then each guard's own price as it runs",
  estimate: (x) => ({
    units: slotNames.estimate(x).units + totalCells({ slots: x.slots }),
    bytes: 0,
    input: "slots",
    reduce: "send a shorter window or fewer slots",
  }),
};

/** Every catalogue tool's cost, by tool name (the type makes a missing one a compile error). */
export const CATALOGUE_COSTS: { readonly [N in CatalogueToolName]: GuardCost } = {
  list_skills: fixed(TABLE_UNITS, "plugin"),
  read_skill: fixed(2 * TABLE_UNITS, "name"),
  search_skills: fixed(4 * TABLE_UNITS, "terms"),
  list_guards: fixed(TABLE_UNITS, "skill"),
  describe_guard: fixed(TABLE_UNITS, "name"),
  bundle_coverage: slotNames,
  check_backtest: backtest,
  list_trials: fixed(TABLE_UNITS, "ledger"),
};
