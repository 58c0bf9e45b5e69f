import { Outcome, invalid, fieldPath } from "../src/contract/guard.js";
import { ResultCard } from "../src/lib/result_card.js";
import { describeCell } from "../src/lib/describe_value.js";

export const skill = "research-integrity-guards";
export const title = "Result card provenance";
export const required = ["card"] as const;
export const optional = [] as const;

/** A cost_curve key: a number written as a string ("10", "12.5"). */
const NUMERIC_KEY = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** Fewest cost levels a curve needs. */
const MIN_COST_POINTS = 3;

interface CostPoint {
  readonly bps: number;
  readonly value: number;
}

/** The cost curve as points sorted by numeric key; bad input for a non-numeric key or a non-finite value. */
function costPoints(card: ResultCard): CostPoint[] {
  const points = Object.entries(card.cost_curve).map(([key, value]) => {
    const field = fieldPath("card", "cost_curve", key);
    if (!NUMERIC_KEY.test(key) || !Number.isFinite(Number(key)))
      throw invalid(
        field,
        `key ${JSON.stringify(key)} must be a round-trip cost in bps written as a number ("10", "12.5")`,
      );
    if (typeof value !== "number" || !Number.isFinite(value))
      throw invalid(field, `must be a finite number, got ${describeCell(value)}`);
    return { bps: Number(key), value };
  });
  return points.sort((a, b) => a.bps - b.bps);
}

/** The first cost with value <= 0 (unprofitable), else the largest cost still positive; "unknown" when empty. */
function verdictOf(points: readonly CostPoint[]): string {
  if (points.length === 0) return "unknown";
  const dead = points.find((p) => p.value <= 0);
  if (dead !== undefined) return `unprofitable at ${dead.bps} bps round-trip`;
  return `still positive at ${points[points.length - 1]!.bps} bps round-trip`;
}

const isBlank = (s: string | undefined) => s === undefined || s.trim() === "";
const has = (table: Readonly<Record<string, unknown>>, key: string) => Object.hasOwn(table, key);

/** The failed provenance items, in the spec's order. */
function problemsOf(card: ResultCard, points: readonly CostPoint[]): string[] {
  const p: string[] = [];
  if (!card.universe.includes_delisted)
    p.push("universe excludes delisted names (includes_delisted is false): the reported number is an UPPER BOUND");
  if (!has(card.metrics, "annualization"))
    p.push("metrics has no 'annualization': say how the headline numbers were annualised");
  if (!has(card.metrics, "rf_convention"))
    p.push("metrics has no 'rf_convention': say which risk-free convention the Sharpe uses");
  if (points.length < MIN_COST_POINTS)
    p.push(
      `cost_curve has ${points.length} point(s): report the result at ${MIN_COST_POINTS} or more round-trip costs`,
    );
  if (!(card.trials.n > 1)) p.push(`trials.n is ${card.trials.n}: report the honest number of configurations tried`);
  if (isBlank(card.trials.ledger_path)) p.push("trials.ledger_path is empty: the trial count needs its ledger");
  if (Object.keys(card.benchmark).length === 0) p.push("benchmark is empty: compare with a benchmark");
  if (!has(card.benchmark, "capm_alpha"))
    p.push("benchmark has no 'capm_alpha': report the CAPM alpha against the benchmark");
  if (card.regimes_covered === undefined || card.regimes_covered.length === 0)
    p.push("regimes_covered is empty: say which market regimes the test period covered");
  if (isBlank(card.falsifier)) p.push("falsifier is empty: state what result would prove the strategy wrong");
  return p;
}

const show = (x: unknown) => (typeof x === "string" ? x : JSON.stringify(x));

function table(title: string, obj: Readonly<Record<string, unknown>>): string[] {
  const keys = Object.keys(obj);
  return keys.length === 0 ? [`${title}: (none)`] : [`${title}:`, ...keys.map((k) => `  ${k}: ${show(obj[k])}`)];
}

/** A text rendering of every field (layout is not part of the contract). */
function render(card: ResultCard, verdict: string): string {
  const u = card.universe;
  const lines = [
    `strategy: ${card.strategy_id}`,
    `universe: ${u.source} as of ${u.asof}, ${u.n_names} names, includes delisted: ${u.includes_delisted}, ` +
      `rule: ${u.membership_rule}`,
    ...(card.data.length === 0
      ? ["data: (none)"]
      : ["data:", ...card.data.map((d) => `  ${d.name} (retrieved ${d.retrieved_at}, adjustment ${d.adjustment})`)]),
    `split: ${card.split.scheme}, purge ${card.split.purge}, embargo ${card.split.embargo}, train ` +
      `${card.split.train}, test ${card.split.test}`,
    `costs: spread ${card.costs.spread_bps} bps, slippage ${card.costs.slippage_bps} bps, impact ` +
      `${card.costs.impact_model}, borrow ${card.costs.borrow_bps} bps, financing ${card.costs.financing_bps} ` +
      `bps, cash rate ${card.costs.cash_rate_series === "" ? "(none)" : card.costs.cash_rate_series}`,
    `trials: ${card.trials.n} (ledger ${card.trials.ledger_path === "" ? "(none)" : card.trials.ledger_path})`,
    ...table("metrics", card.metrics),
    ...table("cost curve (round-trip bps)", card.cost_curve),
    `cost verdict: ${verdict}`,
    ...table("benchmark", card.benchmark),
    ...(card.regimes_covered === undefined || card.regimes_covered.length === 0
      ? ["regimes covered: (none)"]
      : ["regimes covered:", ...card.regimes_covered.map((r) => `  ${r}`)]),
    `falsifier: ${card.falsifier === "" ? "(none)" : card.falsifier}`,
  ];
  if (card.llm_training_cutoff !== undefined) lines.push(`llm training cutoff: ${card.llm_training_cutoff}`);
  if (card.created_at !== undefined) lines.push(`created at: ${card.created_at}`);
  return lines.join("\n");
}

/**
 * Refuses a strategy result card that is missing any piece of its provenance:
 * universe with delisted names, annualisation and risk-free convention, a cost
 * curve, the honest trial count and its ledger, a benchmark with a CAPM alpha,
 * the regimes covered, and a falsifier.
 *
 * Inputs
 *   card : the result card, a live ResultCard instance (the class enforces its
 *       field types; a card fabricated from JSON would not be the caller's
 *       record); cost_curve maps round-trip bps written as numbers to a Sharpe
 *       or return.
 *
 * The verdict reads the cost curve in ascending cost: the first cost with a
 * value <= 0 makes it unprofitable there, else it is still positive at the
 * largest cost.
 */
export function check(card: ResultCard) {
  if (!(card instanceof ResultCard)) {
    throw invalid(
      "card",
      "must be a ResultCard instance (new ResultCard({...})), got " +
        `${card === null ? "null" : Array.isArray(card) ? "an array" : typeof card}`,
    );
  }
  const points = costPoints(card);
  const verdict = verdictOf(points);
  const problems = problemsOf(card, points);

  const out = new Outcome();
  for (const p of problems) out.error(p, "strategy_id");
  if (problems.length === 0) out.info(`complete result card; ${verdict}`, "strategy_id");
  return out.note("problems", problems).note("verdict", verdict).note("rendered", render(card, verdict)).done();
}
