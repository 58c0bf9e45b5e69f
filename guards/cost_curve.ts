import { Outcome, invalid, fieldPath, type Series, type Integer } from "../src/contract/guard.js";
import { requireNumber, requireNumbers, requireAligned } from "../src/lib/series.js";
import { mean, sd, finiteOrNull } from "../src/lib/stats.js";
import { frameFromRecords } from "../src/lib/frame.js";
import { loSharpe } from "../src/lib/lo_sharpe.js";
import {
  checkAnnualHurdle,
  checkCostBps,
  checkPercentReturns,
  checkSampleLength,
  checkTurnover,
} from "../src/lib/unit_checks.js";
import { requireInteger } from "../src/lib/integer_checks.js";
import { requireDecimalReturns } from "../src/lib/decimal_returns.js";
import { WorkMeter } from "../src/lib/work_meter.js";
import { shortSampleCaveat } from "../src/lib/short_sample.js";

export const skill = "backtest-validation";
export const title = "Cost sensitivity curve";
export const required = ["returns", "turnover"] as const;
export const optional = ["bps", "cost_bps", "benchmark", "periods_per_year"] as const;
export const slots = { benchmark: "benchmark_returns" } as const;

/** Bisection stops when the bracket is narrower than this, in round-trip bps. */
const BISECTION_WIDTH_BPS = 1e-4;

/** Warn when the Lo (2002) annual Sharpe and the sqrt(P) one differ by more than this share. */
const LO_GAP_SHARE = 0.1;
/** Fewer periods than this are too short to judge a net Sharpe or an annual return. */
const MIN_PERIODS = 30;

type Verdict = "undefined" | "DEAD" | "marginal" | "thin" | "tradeable";
/** Verdict of a net annualised Sharpe S: DEAD S <= 0, marginal 0 < S < 0.5, thin 0.5 <= S < 1, tradeable S >= 1. */
const VERDICT_THRESHOLDS = { DEAD: "S <= 0", marginal: "0 < S < 0.5", thin: "0.5 <= S < 1", tradeable: "S >= 1" };

/** Statistics of the net-return path at one round-trip cost level. */
interface CostPoint {
  readonly bps: number;
  readonly total_return: number;
  readonly ann_return: number;
  readonly sharpe: number | null;
  readonly max_drawdown: number;
  readonly verdict: Verdict;
}

/** One-way turnover: a series aligned with the returns, or one number for every period (not broadcast). */
type Turnover = readonly number[] | number;

/** Turnover of period t. */
const turnoverAt = (turnover: Turnover, t: number) => (typeof turnover === "number" ? turnover : turnover[t]!);

/**
 * net_t = r_t - turnover_t x c / 10000 (one-way turnover 1.0 pays one round-trip cost),
 * written into `out`; false when the book is ruined (some 1 + net_t <= 0).
 */
function fillNet(r: readonly number[], turnover: Turnover, costBps: number, out: Float64Array): boolean {
  let solvent = true;
  for (let t = 0; t < r.length; t++) {
    const x = r[t]! - (turnoverAt(turnover, t) * costBps) / 10000;
    out[t] = x;
    if (1 + x <= 0) solvent = false;
  }
  return solvent;
}

/** Gross growth factor 1 + net_t of period t at cost c. */
const growth = (r: readonly number[], turnover: Turnover, costBps: number, t: number) =>
  1 + (r[t]! - (turnoverAt(turnover, t) * costBps) / 10000);

/**
 * log prod_t(1 + net_t) at cost c without an array, as a sum of logs of 32-period block
 * products (no overflow over long samples); -Infinity on ruin.
 */
function logGrowth(r: readonly number[], turnover: Turnover, costBps: number): number {
  let sum = 0;
  for (let start = 0; start < r.length; start += 32) {
    let block = 1;
    const end = Math.min(r.length, start + 32);
    for (let t = start; t < end; t++) {
      const g = growth(r, turnover, costBps, t);
      if (g <= 0) return -Infinity;
      block *= g;
    }
    sum += Math.log(block);
  }
  return sum;
}

/** Geometric annualisation (1 + total)^(ppy/n) - 1 from the log growth; -1 on ruin. */
function annualiseLog(logG: number, n: number, ppy: number): number {
  return logG === -Infinity ? -1 : Math.expm1((logG * ppy) / n);
}

/** Deepest fall from a running peak, with the starting capital 1.0 as the first peak. */
function maxDrawdown(net: Float64Array): number {
  let equity = 1;
  let peak = 1;
  let worst = 0;
  for (let t = 0; t < net.length; t++) {
    equity *= 1 + net[t]!;
    if (equity > peak) peak = equity;
    const dd = equity / peak - 1;
    if (dd < worst) worst = dd;
    if (peak > 1e200) {
      equity /= peak;
      peak = 1;
    }
  }
  return worst;
}

/** Annualised Sharpe with no risk-free rate; null when n < 2 or sd = 0. */
function netSharpe(net: Float64Array, ppy: number): number | null {
  if (net.length < 2) return null;
  const s = sd(net);
  if (!(s > 0)) return null;
  return finiteOrNull((mean(net) / s) * Math.sqrt(ppy));
}

function verdictOf(sharpe: number | null): Verdict {
  if (sharpe === null) return "undefined";
  if (sharpe <= 0) return "DEAD";
  if (sharpe < 0.5) return "marginal";
  if (sharpe < 1.0) return "thin";
  return "tradeable";
}

/** The lower edge (annualised net Sharpe) of the verdict band a Sharpe falls in: tradeable 1, thin 0.5, else 0. */
function verdictFloor(sharpe: number | null): number {
  const verdict = verdictOf(sharpe);
  return verdict === "tradeable" ? 1 : verdict === "thin" ? 0.5 : 0;
}

/** Every statistic at one cost level; `buffer` (length n) is reused across levels. */
function costPoint(
  r: readonly number[],
  turnover: Turnover,
  bps: number,
  ppy: number,
  buffer: Float64Array,
): CostPoint {
  const solvent = fillNet(r, turnover, bps, buffer);
  const logG = solvent ? logGrowth(r, turnover, bps) : -Infinity;
  const sharpe = netSharpe(buffer, ppy);
  return {
    bps,
    total_return: solvent ? Math.expm1(logG) : -1,
    ann_return: annualiseLog(logG, r.length, ppy),
    sharpe,
    max_drawdown: solvent ? maxDrawdown(buffer) : -1,
    verdict: verdictOf(sharpe),
  };
}

/** Annualised net return at cost c in one pass, no arrays; -1 on ruin. */
function annualNetReturn(r: readonly number[], turnover: Turnover, costBps: number, ppy: number): number {
  return annualiseLog(logGrowth(r, turnover, costBps), r.length, ppy);
}

/** The breakeven round-trip cost where the compounded (geometric) annual net return falls to the hurdle. */
function breakeven(r: readonly number[], turnover: Turnover, ppy: number, hurdle: number, meter: WorkMeter): number {
  const edge = (c: number) => {
    meter.tick(r.length);
    return annualNetReturn(r, turnover, c, ppy) - hurdle;
  };
  const edge0 = edge(0);
  let lo = 0;
  let hi = Infinity;
  let traded = false;
  for (let t = 0; t < r.length; t++) {
    const x = turnoverAt(turnover, t);
    if (x > 0) {
      traded = true;
      hi = Math.min(hi, (10000 * (1 + r[t]!)) / x);
    }
  }
  if (!traded) return edge0 > 0 ? Infinity : 0; // no turnover: costs never bite
  if (edge0 <= 0) return 0;
  hi = Math.min(hi, Number.MAX_VALUE);
  // Also stops when the midpoint no longer moves (float spacing above the width at huge hi).
  for (let mid = lo + (hi - lo) / 2; hi - lo > BISECTION_WIDTH_BPS && mid > lo && mid < hi; mid = lo + (hi - lo) / 2) {
    if (edge(mid) > 0) lo = mid;
    else hi = mid;
  }
  return lo + (hi - lo) / 2;
}

/** Turnover per period: one number for every period, or a series aligned with returns. */
function readTurnover(turnover: unknown, returns: Series): Turnover {
  if (typeof turnover === "number") return requireNumber("turnover", turnover, { atLeast: 0 });
  if (typeof turnover !== "object" || turnover === null)
    throw invalid("turnover", `must be a series or one number, got ${turnover === null ? "null" : typeof turnover}`);
  const values = requireNumbers("turnover", turnover as Series, { atLeast: 0 });
  requireAligned("returns", returns, "turnover", turnover as Series);
  return values;
}

function readLevels(bps: unknown): number[] {
  if (!Array.isArray(bps))
    throw invalid("bps", `must be an array of round-trip costs in bps, got ${bps === null ? "null" : typeof bps}`);
  return bps.map((x, i) => requireNumber(fieldPath("bps", i), x, { atLeast: 0 }));
}

/** The hurdle H: 0, the annualised number given, or the series' own geometric annualised return. */
function readHurdle(benchmark: unknown, returns: Series, ppy: number, out: Outcome): number {
  if (benchmark === undefined || benchmark === null) return 0;
  if (typeof benchmark === "number") {
    const h = requireNumber("benchmark", benchmark, { above: -1 });
    checkAnnualHurdle(out, "benchmark", h, ppy);
    return h;
  }
  if (typeof benchmark !== "object")
    throw invalid("benchmark", `must be a series or one annualised return, got ${typeof benchmark}`);
  const b = requireDecimalReturns("benchmark", benchmark as Series, ppy);
  requireAligned("returns", returns, "benchmark", benchmark as Series);
  let w = 1;
  for (const x of b) w *= 1 + x;
  return w ** (ppy / b.length) - 1;
}

/** Curve levels: sorted(unique(bps + [0, cost_bps])). */
function curveLevels(bps: readonly number[], costBps: number): number[] {
  return [...new Set([...bps, 0, costBps])].sort((a, b) => a - b);
}

const fmtBps = (x: number) => (x === Infinity ? "Infinity" : x.toFixed(2));
const fmtSharpe = (x: number | null) => (x === null ? "n/a (zero volatility)" : x.toFixed(2));
const fmtPct = (x: number) => `${(x * 100).toFixed(2)}%`;

/** Fixed-width text: one line per level and a final breakeven line (layout not contractual). */
function renderTable(points: readonly CostPoint[], breakevenBps: number): string {
  const head =
    `${"bps".padStart(8)} ${"total".padStart(10)} ${"ann".padStart(10)} ${"sharpe".padStart(9)} ` +
    `${"max_dd".padStart(9)}  verdict`;
  const lines = points.map(
    (p) =>
      `${p.bps.toFixed(2).padStart(8)} ${fmtPct(p.total_return).padStart(10)} ` +
      `${fmtPct(p.ann_return).padStart(10)} ${fmtSharpe(p.sharpe).padStart(9)} ` +
      `${fmtPct(p.max_drawdown).padStart(9)}  ${p.verdict}`,
  );
  return [head, ...lines, `breakeven: ${fmtBps(breakevenBps)} bps round-trip`].join("\n");
}

/**
 * Does the strategy survive trading costs? Reports net annualised return and Sharpe over a curve of
 * transaction costs in round-trip bps (commission, exchange or broker fees (maker/taker), slippage,
 * bid-ask spread, market impact), the breakeven cost where it stops being profitable, and tests
 * survival at your stated cost.
 *
 * Inputs
 *   returns : per-period GROSS simple returns as decimals (0.01 = 1%), before costs; finite, > -1;
 *       at least 30 periods to judge (fewer warn; so does a thin or tradeable net Sharpe on fewer
 *       periods than Bailey and Lopez de Prado 2012 require).
 *     @trial
 *   turnover : ONE-WAY turnover per period (0.5 x sum |dw|, a full rotation of
 *       the book = 1.0), a series aligned with returns or one number for every
 *       period, as a fraction of the book (not percent); finite, >= 0.
 *   bps : round-trip costs to evaluate, in basis points; finite, >= 0.
 *   cost_bps : your stated all-in round-trip cost, in basis points; the preset
 *       value is a placeholder, so state your own; finite, >= 0 (8 bps is 8, not
 *       0.0008: below 0.05 is an error, below 1 a warning).
 *   benchmark : the hurdle: benchmark per-period simple returns on the same
 *       dates, or one ANNUAL compounded return as a decimal (0.05 = 5% a year); a series is
 *       annualised at periods_per_year.
 *     @trial
 *   periods_per_year : periods per year, for annualising.
 *     @minimum 1
 *
 * Net returns are r - turnover x cost / 10000. Fails when the breakeven cost,
 * where the compounded (geometric) annual net return (prod(1 + net))^(P/n) - 1
 * falls to the hurdle, is at or below cost_bps. Each curve level has a verdict
 * from its net annualised Sharpe S: DEAD S <= 0, marginal 0 < S < 0.5, thin
 * 0.5 <= S < 1, tradeable S >= 1 (undefined at zero volatility). Evidence carries
 * the curve, these thresholds and a fixed-width table. Beside the sqrt(P) gross
 * Sharpe it reports Lo's (2002) autocorrelation-adjusted one, eta(q) x per-period
 * Sharpe with q = P and the first 6 autocorrelations, and warns when returns are
 * autocorrelated beyond the 2 / sqrt(n) band and the two differ by more than 10%.
 * A thin or tradeable net Sharpe on fewer observations than its minimum track record
 * length against the band's floor (Bailey and Lopez de Prado 2012, 95%) gets a
 * short-sample warning.
 *
 * @keywords commission, fees, slippage, spread, market impact, transaction costs, breakeven
 * @keywords stops being profitable
 */
export function check(
  returns: Series,
  turnover: Series | number,
  bps: readonly number[] = [0, 5, 10, 20, 50],
  cost_bps: number = 10,
  benchmark?: Series | number,
  periods_per_year: Integer = 252,
) {
  const ppy = requireInteger("periods_per_year", periods_per_year, { min: 1 });
  const r = requireDecimalReturns("returns", returns, ppy);
  const to = readTurnover(turnover, returns);
  const levels = readLevels(bps);
  const cost = requireNumber("cost_bps", cost_bps, { atLeast: 0 });
  const out = new Outcome();
  const hurdle = readHurdle(benchmark, returns, ppy, out);
  checkCostBps(out, "cost_bps", cost);
  checkTurnover(out, "turnover", typeof to === "number" ? [to] : to);
  checkPercentReturns(out, "returns", r, ppy);
  checkSampleLength(out, "returns", r.length, MIN_PERIODS, "a net Sharpe or an annual return");

  const buffer = new Float64Array(r.length);
  const curve = curveLevels(levels, cost);
  // Cancellation and the time limit are checked between passes (one pass: at most ~6e6 units).
  const meter = new WorkMeter(r.length * (6 * curve.length + 64));
  const points = curve.map((c) => {
    meter.tick(6 * r.length);
    return costPoint(r, to, c, ppy, buffer);
  });
  const at = (c: number) => points.find((p) => p.bps === c)!;
  const sharpeGross = at(0).sharpe;
  const sharpeAtCost = at(cost).sharpe;
  const be = breakeven(r, to, ppy, hurdle, meter);
  const lo = sharpeGross === null ? null : loSharpe(r, sharpeGross / Math.sqrt(ppy), ppy);
  if (
    lo !== null &&
    sharpeGross !== null &&
    lo.material &&
    Math.abs(lo.sharpeAnnual / sharpeGross - 1) > LO_GAP_SHARE
  ) {
    out.warning(
      `returns are autocorrelated (lag-1 ${lo.rhos[0]!.toFixed(3)}): Lo's (2002) annualised gross Sharpe is ` +
        `${lo.sharpeAnnual.toFixed(2)} against ${sharpeGross.toFixed(2)} by sqrt(${ppy}), ` +
        `${(100 * Math.abs(lo.sharpeAnnual / sharpeGross - 1)).toFixed(0)}% apart; quote the Lo figure`,
      "sharpe",
    );
  }

  const sharpes = `gross Sharpe ${fmtSharpe(sharpeGross)}, net Sharpe ${fmtSharpe(sharpeAtCost)} at ${cost} bps`;
  if (be <= cost) {
    out.error(
      `breakeven cost ${fmtBps(be)} bps round-trip is at or below the stated cost of ${cost} bps round-trip: ` +
        `the edge does not survive costs (${sharpes})`,
      "breakeven",
    );
  } else {
    out.info(
      `breakeven cost ${fmtBps(be)} bps round-trip is above the stated cost of ${cost} bps round-trip (${sharpes})`,
      "breakeven",
    );
    if (sharpeAtCost !== null && sharpeAtCost > 0 && sharpeAtCost < 0.5) {
      out.warning(
        `the edge survives ${cost} bps but is marginal: net Sharpe ${fmtSharpe(sharpeAtCost)} is below 0.5`,
        "sharpe",
      );
    }
    // A thin or tradeable verdict claims an edge: tested against its band's floor (the gross returns' skew and
    // kurtosis stand in for the net ones, equal under a constant turnover); under MIN_PERIODS a warning says so.
    if (sharpeAtCost !== null && sharpeAtCost >= 0.5 && r.length >= MIN_PERIODS) {
      shortSampleCaveat(out, sharpeAtCost, verdictFloor(sharpeAtCost), r, ppy, "returns");
    }
  }
  return out
    .note(
      "curve",
      frameFromRecords(
        points.map((p) => ({ ...p })),
        ["bps", "total_return", "ann_return", "sharpe", "max_drawdown", "verdict"],
      ),
    )
    .note("breakeven_bps", be)
    .note("cost_bps", cost)
    .note("sharpe_gross", sharpeGross)
    .note("sharpe_at_cost", sharpeAtCost)
    .note("avg_turnover", typeof to === "number" ? to : mean(to))
    .note("n_periods", r.length)
    .note("hurdle_ann_return", hurdle)
    .note("table", renderTable(points, be))
    .note("verdict_thresholds", { ...VERDICT_THRESHOLDS })
    .note("sharpe_gross_lo", lo === null ? null : finiteOrNull(lo.sharpeAnnual))
    .note("autocorrelations", lo === null ? null : lo.rhos)
    .note("breakeven_definition", "round-trip bps where the compounded (geometric) annual net return meets the hurdle")
    .done();
}
