// Every guard's cost as a function of its inputs, in one place: the runtime prices each call
// with `estimate` before any work, and the compiler renders `formula` into the tool
// description's limits sentence. A unit is about one multiply-add of the guard's inner loop.
import { HRP_UNITS_PER_DISTANCE } from "../../lib/hrp.js";
import { choose, colsOf, rowsOf, totalCells } from "./measure.js";
import { grouped } from "../../lib/grouped.js";

export interface CostEstimate {
  /** Estimated work units. */
  readonly units: number;
  /** Estimated working bytes beyond the inputs (0 when linear in them). */
  readonly bytes: number;
  /** The input that drives the cost, named in a refusal. */
  readonly input: string;
  /** How to bring the cost down, for a refusal. */
  readonly reduce: string;
}

export interface GuardCost {
  /** The cost in words, for the limits sentence: "<formula> work units". */
  readonly formula: string;
  readonly estimate: (inputs: Readonly<Record<string, unknown>>) => CostEstimate;
}

type Inputs = Readonly<Record<string, unknown>>;

/** The input holding the most values (named when a linear guard is refused). */
function largestInput(inputs: Inputs): string {
  let best = "";
  let most = -1;
  for (const [k, v] of Object.entries(inputs)) {
    const n = v === undefined ? 0 : totalCells({ [k]: v });
    if (n > most) [best, most] = [k, n];
  }
  return best;
}

/**
 * Work proportional to the values sent, times `perValue`, plus `fixed` units of per-call work (tables built
 * whatever the size). Both are measured: test/runtime/budget/price_level.test.ts counts the operations.
 */
function linear(perValue = 1, fixed = 0): GuardCost {
  const v = perValue === 1 ? "V" : `${perValue} x V`;
  const f = fixed === 0 ? "" : `${grouped(fixed)} + `;
  return {
    formula: perValue === 1 && fixed === 0 ? "V (the values in the inputs)" : `${f}${v} (V = the values in the inputs)`,
    estimate: (inputs) => ({
      units: fixed + perValue * totalCells(inputs),
      bytes: 0,
      input: largestInput(inputs),
      reduce: "send a shorter window",
    }),
  };
}

/** Units of a call's own checks and reply whatever its inputs' size (a few hundred operations). */
const PER_CALL = 100;

/** Sorting work: V log2 V. */
const sorting: GuardCost = {
  formula: "V x log2(V) (V = the values in the inputs)",
  estimate: (inputs) => {
    const v = totalCells(inputs);
    return {
      units: v * (1 + Math.log2(Math.max(2, v))),
      bytes: 0,
      input: largestInput(inputs),
      reduce: "send fewer rows",
    };
  },
};

/** Bisection steps of the cost curve's breakeven search, each one pass over the returns. */
const BISECTION_PASSES = 64;

const costCurve: GuardCost = {
  formula: `n x (6 L + ${BISECTION_PASSES}) (n returns, L bps levels)`,
  estimate: (x) => {
    const n = rowsOf(x.returns);
    const levels = (Array.isArray(x.bps) ? x.bps.length : 5) + 2;
    const units = n * (6 * levels + BISECTION_PASSES) + totalCells(x);
    return 6 * levels > BISECTION_PASSES
      ? { units, bytes: 0, input: "bps", reduce: "send fewer bps levels (each level is one pass over the returns)" }
      : { units, bytes: 0, input: "returns", reduce: "send a shorter window of returns" };
  },
};

const weightTraps: GuardCost = {
  formula:
    `K^2 x (T + ${HRP_UNITS_PER_DISTANCE}) / 2 (K assets, T rows; single linkage, the default, needs no K x K ` +
    "table; the other linkage methods add K^3 / 6 units and 8 K^2 bytes)",
  estimate: (x) => {
    const k = colsOf(x.asset_returns);
    const t = rowsOf(x.asset_returns);
    const single = x.linkage_method === undefined || x.linkage_method === "single";
    return {
      // Every pair's correlation distance once (T multiply-adds and the rest), then the bisection.
      units: (k * k * (t + HRP_UNITS_PER_DISTANCE)) / 2 + k * t * Math.log2(Math.max(2, k)) + (single ? 0 : k ** 3 / 6),
      // Lance-Williams methods keep one K x K table of cluster distances; single linkage only O(K).
      bytes: single ? 0 : 8 * k * k,
      input: "asset_returns",
      reduce:
        "send fewer assets (columns); the reference HRP measures the distance of every pair of assets" +
        (single ? "" : ", and single linkage (the default) needs less work and no K x K table"),
    };
  },
};

const spaTest: GuardCost = {
  formula: "R x (n + n x k / b) + k x n x sqrt(n) (R reps, n rows, k candidates, b block size)",
  estimate: (x) => {
    const n = rowsOf(x.benchmark_returns);
    const k = colsOf(x.model_returns);
    const reps = typeof x.reps === "number" ? x.reps : 1000;
    const auto = typeof x.block_size !== "number";
    const b = auto ? 1 : Math.max(1, x.block_size as number);
    const blocks = k * n * (auto ? Math.sqrt(n) + 10 : 10);
    const units = reps * (n + (n * k) / b) + blocks;
    return reps * (n + (n * k) / b) > blocks
      ? { units, bytes: 0, input: "reps", reduce: "use fewer repetitions (reps), fewer candidates or a shorter window" }
      : { units, bytes: 0, input: "benchmark_returns", reduce: "send a shorter window, or a numeric block_size" };
  },
};

const purgeEffect: GuardCost = {
  formula: "2 x n^2 x f (n rows of x, f features; the k-NN scorer compares every test row with every train row)",
  estimate: (x) => {
    const n = rowsOf(x.x);
    const f = colsOf(x.x);
    const units = typeof x.score_fn === "function" ? 2 * n * f : 2 * n * n * f;
    return { units, bytes: 0, input: "x", reduce: "send fewer rows of x (the cost grows with rows squared)" };
  },
};

const researchAudit: GuardCost = {
  formula: "C(S, S/2) x S x c + c^2 x T (S n_blocks, c configurations, T rows)",
  estimate: (x) => {
    if (x.model_returns === undefined || x.model_returns === null)
      return { units: 1, bytes: 0, input: "model_returns", reduce: "" };
    const t = rowsOf(x.model_returns);
    const c = colsOf(x.model_returns);
    const s = typeof x.n_blocks === "number" ? x.n_blocks : 16;
    const cscv = choose(s, s / 2) * s * c;
    const corr = c * c * t;
    return {
      units: cscv + corr + c * t,
      bytes: 0,
      input: cscv > corr ? "n_blocks" : "model_returns",
      reduce:
        cscv > corr
          ? "use fewer n_blocks (each 2 more multiply the splits by about 4) or fewer configurations"
          : "send fewer configurations (columns)",
    };
  },
};

/** Units per membership row and date (test/runtime/budget/price_level.test.ts counts ~18 operations each). */
const PIT_PER_ROW = 4;

const pitUniverse: GuardCost = {
  formula:
    `${PIT_PER_ROW} x (d x m x (1 + w) + V) (d rebalance dates, m membership rows, w adv_lookback with ` + "liquidity)",
  estimate: (x) => {
    const base = PIT_PER_ROW * totalCells(x);
    if (x.members === undefined) return { units: base, bytes: 0, input: "universe", reduce: "send fewer dates" };
    const w = x.liquidity === undefined ? 0 : typeof x.adv_lookback === "number" ? x.adv_lookback : 21;
    return {
      units: PIT_PER_ROW * rowsOf(x.rebalance_dates) * rowsOf(x.members) * (1 + w) + base,
      bytes: 0,
      input: "members",
      reduce: "send fewer rebalance_dates or membership rows, or a shorter adv_lookback",
    };
  },
};

/**
 * The guards whose cost is not the default rule, by guard name (a test checks each names a guard). A guard
 * with no entry, such as a new one, is priced by DEFAULT_COST: work linear in the values it is sent.
 */
export const GUARD_COSTS: Readonly<Record<string, GuardCost>> = {
  // Per value: a date parsed, a Decimal action ratio, a step's evidence and report line (measured: ~20x a cell).
  adjustment_check: linear(20),
  ashare_rules: linear(3),
  assert_causal: linear(),
  brinson_attribution: linear(3),
  contamination_probe: linear(3),
  continuous_contract: linear(20),
  cost_curve: costCurve,
  fold_leak_test: linear(),
  fx_conventions: linear(1, PER_CALL),
  greeks_convention: linear(1, PER_CALL),
  join_asof_sortedness: sorting,
  leveraged_reset: linear(8),
  npv_zero: linear(1, PER_CALL),
  paper_account_guard: linear(1, PER_CALL),
  pit_fundamentals: sorting,
  pit_universe: pitUniverse,
  purge_effect: purgeEffect,
  reconcile_sources: linear(20),
  regime_coverage: linear(4),
  regime_lookahead: linear(),
  research_audit: researchAudit,
  result_manifest: linear(),
  rf_convention: linear(),
  safe_asof: sorting,
  spa_test: spaTest,
  survivorship_audit: sorting,
  trial_ledger: linear(),
  warmup_probe: linear(),
  weight_traps: weightTraps,
};

/** The cost of a guard with no entry in GUARD_COSTS: one unit per value sent. */
export const DEFAULT_COST: GuardCost = linear();

/** A guard's cost: its entry in GUARD_COSTS, else the default rule (linear in the values sent). */
export function costOf(guard: string): GuardCost {
  return GUARD_COSTS[guard] ?? DEFAULT_COST;
}
