import { Outcome, invalid, type Series } from "../src/contract/guard.js";
import { requireNumber } from "../src/lib/series.js";
import { asciiText } from "../src/lib/ascii_text.js";
import { WorkMeter } from "../src/lib/work_meter.js";
import { requireDecimalReturns } from "../src/lib/decimal_returns.js";

export const skill = "etf-mechanics";
export const title = "Leveraged ETF daily reset";
export const required = ["index_returns", "lev"] as const;
export const optional = ["modelled_return", "financing", "expense", "return_tol"] as const;

/** Fixed daily accrual basis for financing and expense. */
const DAYS_PER_YEAR = 252;

interface ResetPath {
  /** Exact product wealth W = prod f_t, 0 once some f_t <= 0. */
  readonly wealth: number;
  /** Position of the first day with f_t <= 0, or null. */
  readonly wipedOutDay: number | null;
}

/** Daily factor f_t = 1 + L r_t - max(L - 1, 0) financing / 252 - expense / 252. */
function dailyFactor(r: number, lev: number, financing: number, expense: number): number {
  return 1 + lev * r - (Math.max(lev - 1, 0) * financing) / DAYS_PER_YEAR - expense / DAYS_PER_YEAR;
}

function resetPath(rs: readonly number[], lev: number, financing: number, expense: number): ResetPath {
  let w = 1;
  for (let t = 0; t < rs.length; t++) {
    const f = dailyFactor(rs[t]!, lev, financing, expense);
    if (f <= 0) return { wealth: 0, wipedOutDay: t };
    w *= f;
  }
  return { wealth: w, wipedOutDay: null };
}

function compound(rs: readonly number[]): number {
  let w = 1;
  for (const r of rs) w *= 1 + r;
  return w - 1;
}

/** (1 + R)^L x exp(-(L^2 - L)/2 x sum r_t^2) - 1: the volatility-drag approximation, no costs. */
function analyticApproximation(rs: readonly number[], lev: number, indexTotal: number): number {
  let sumSq = 0;
  for (const r of rs) sumSq += r * r;
  return (1 + indexTotal) ** lev * Math.exp((-(lev * lev - lev) / 2) * sumSq) - 1;
}

function readLev(lev: unknown): number {
  const l = requireNumber("lev", lev);
  if (l === 0) throw invalid("lev", "must not be 0 (a daily leverage multiple such as 3, 2, -1, -3)");
  return l;
}

function optionalNumber(field: string, x: unknown, rule: { atLeast?: number } = {}): number | null {
  if (x === undefined || x === null) return null;
  return requireNumber(field, x, rule);
}

const pct = (x: number) => `${(x * 100).toFixed(4)}%`;

/**
 * Fails a backtest that models a daily-reset leveraged or inverse ETF (3x, 2x, -1x) as lev x the index
 * return over the window, ignoring the daily rebalancing and its volatility decay.
 *
 * The product compounds lev x the DAILY return, loses to volatility ((L^2 - L)/2 x variance) and
 * pays financing on the borrowed exposure and an expense ratio; the guard computes the exact reset
 * path and compares it with the modelled return.
 *
 * Inputs
 *   index_returns : DAILY simple returns of the underlying index over the window as decimals
 *       (0.01 = 1%), finite, > -1; its Sharpe annualised at 252 periods a year.
 *     @trial 252
 *   lev : daily leverage multiple L, e.g. 3, 2, -1, -3; finite and not 0.
 *   modelled_return : the product's total simple return over the whole window (not annualised)
 *       that the backtest used; >= -1.
 *   financing : annual financing rate (decimal) on the borrowed exposure max(L - 1, 0), accrued
 *       daily on a 252-day year; inverse products pay none. May be negative.
 *   expense : annual expense ratio (decimal), accrued daily on a 252-day year.
 *     @minimum 0
 *   return_tol : allowed absolute gap between modelled and exact total return (decimal).
 *     @minimum 0
 *
 * @keywords leveraged, inverse, etf, daily-reset, volatility decay
 */
export function check(
  index_returns: Series,
  lev: number,
  modelled_return?: number,
  financing: number = 0,
  expense: number = 0,
  return_tol: number = 0.0001,
) {
  const rs = requireDecimalReturns("index_returns", index_returns);
  const L = readLev(lev);
  const modelled = optionalNumber("modelled_return", modelled_return, { atLeast: -1 });
  const fin = requireNumber("financing", financing);
  const exp = requireNumber("expense", expense, { atLeast: 0 });
  const tol = requireNumber("return_tol", return_tol, { atLeast: 0 });

  // Three passes over the returns; cancellation and the time limit are checked between them.
  const meter = new WorkMeter(3 * rs.length);
  const path = resetPath(rs, L, fin, exp);
  meter.tick(rs.length);
  const exact = path.wealth - 1;
  const indexTotal = compound(rs);
  meter.tick(rs.length);
  const levTimes = L * indexTotal;
  const analytic = analyticApproximation(rs, L, indexTotal);
  meter.tick(rs.length);
  const gapLev = exact - levTimes;
  const gapExact = modelled === null ? null : modelled - exact;

  const out = new Outcome();
  const numbers =
    `exact reset return ${pct(exact)}, L x index ${pct(levTimes)} (L = ${L}, index ${pct(indexTotal)}), analytic ` +
    `${pct(analytic)}`;
  if (modelled !== null && gapExact !== null) {
    if (Math.abs(gapExact) > tol) {
      out.error(
        `modelled return ${pct(modelled)} differs from the exact daily-reset return ${pct(exact)} by ` +
          `${pct(gapExact)} (tolerance ${pct(tol)}); L x index is ${pct(levTimes)}`,
        "modelled_return",
      );
    } else {
      out.info(
        `modelled return ${pct(modelled)} matches the exact reset path ${pct(exact)} within ${pct(tol)}`,
        "modelled_return",
      );
    }
  } else {
    out.info(numbers, "reset");
  }
  if (path.wipedOutDay !== null) {
    const label = index_returns.index?.[path.wipedOutDay];
    const at =
      label === undefined ? `day ${path.wipedOutDay}` : `day ${path.wipedOutDay} (${asciiText(String(label))})`;
    out.warning(
      `the product is wiped out on ${at}: the daily factor 1 + L r - costs is <= 0, so wealth is 0 from then on`,
      "reset",
    );
  }
  return out
    .note("exact_product_return", exact)
    .note("index_total_return", indexTotal)
    .note("lev_times_index", levTimes)
    .note("analytic_approximation", analytic)
    .note("gap_vs_lev_times_index", gapLev)
    .note("n_days", rs.length)
    .note("modelled_return", modelled)
    .note("gap_vs_exact", gapExact)
    .note("wiped_out_day", path.wipedOutDay)
    .done();
}
