// Findings for values in the wrong unit, each naming the value the caller most likely meant.
// They add findings to an Outcome; they never change the value the guard computes with.
import type { Finding, Outcome } from "../contract/guard.js";
import { phi } from "./normal.js";

/** A round-trip cost below this (bps) exists in no real market: it is a fraction, not bps. */
export const COST_FRACTION_BPS = 0.05;
/** A round-trip cost below this (bps) is cheaper than almost any market: warn. */
export const COST_CHEAP_BPS = 1;
/** A median one-way turnover per period above this (two full rotations) looks like percent (20 meaning 20%). */
export const TURNOVER_PERCENT_LIKE = 2;
/** A daily median |return| above this looks like percent; scaled by sqrt(252 / P) for P periods a year. */
export const DAILY_RETURN_PERCENT_LIKE = 0.2;
/** A best-of-N annualised Sharpe that N zero-edge trials would all stay below with less than this chance. */
export const IMPLAUSIBLY_LOW_BEST = 0.01;
/** A per-period Sharpe above this over more than PER_PERIOD_SHARPE_MIN_OBS periods is an annualised value. */
export const PER_PERIOD_SHARPE_LIMIT = 1;
export const PER_PERIOD_SHARPE_MIN_OBS = 100;
/** A nonzero annual hurdle smaller in magnitude than this looks like a per-period rate. */
export const PER_PERIOD_HURDLE_LIKE = 0.005;
/** Raw kurtosis (normal = 3) is >= 1 for every distribution; below it the value is excess kurtosis or wrong. */
export const RAW_KURTOSIS_FLOOR = 1;

/** Up to 6 significant digits, no exponent for everyday magnitudes. */
export function plain(x: number): string {
  return String(Number(x.toPrecision(6)));
}

/** Median of finite numbers; NaN for none. */
export function median(xs: ArrayLike<number>): number {
  return medianInPlace(Float64Array.from(xs));
}

/** The median of `v`, reordering it in place (selection, expected O(n); NaN sorts last as in a numeric sort). */
function medianInPlace(v: Float64Array): number {
  const n = v.length;
  if (n === 0) return NaN;
  const k = n >> 1;
  const upper = select(v, k);
  if (n % 2 === 1) return upper;
  let lower = -Infinity; // the largest of v[0..k), all <= v[k] after selection
  for (let i = 0; i < k; i++) if (v[i]! > lower) lower = v[i]!;
  return (lower + upper) / 2;
}

const median3 = (a: number, b: number, c: number) => Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));

/**
 * The k-th smallest of `v` (0-based), partitioning in place so that v[0..k) <= v[k] <= v(k..]. Hoare
 * partitions around a median of three; after 2 log2(n) + 8 rounds (inputs built to defeat the
 * pivot) the rest is sorted, so the cost stays O(n log n) at worst. With a NaN the whole array is sorted.
 */
function select(v: Float64Array, k: number): number {
  for (let i = 0; i < v.length; i++) {
    if (Number.isNaN(v[i])) return v.sort()[k]!;
  }
  let lo = 0;
  let hi = v.length - 1;
  for (let rounds = 2 * Math.ceil(Math.log2(v.length + 1)) + 8; hi > lo; rounds--) {
    if (rounds === 0) return v.subarray(lo, hi + 1).sort()[k - lo]!;
    const pivot = median3(v[lo]!, v[lo + ((hi - lo) >> 1)]!, v[hi]!);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (v[i]! < pivot) i++;
      while (v[j]! > pivot) j--;
      if (i <= j) {
        const t = v[i]!;
        v[i++] = v[j]!;
        v[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return v[k]!; // between the two runs: equal to the pivot
  }
  return v[k]!;
}

/**
 * A round-trip cost in bps: below 0.05 bps (but above 0) is an error naming the bps the fraction
 * means (0.0008 -> 8 bps); 0 or below 1 bp is a warning.
 */
export function checkCostBps(out: Outcome, field: string, bps: number): void {
  if (bps > 0 && bps < COST_FRACTION_BPS) {
    out.error(
      `${field} ${bps} looks like a fraction: ${plain(bps * 10000)} bps is ${field} ${plain(bps * 10000)} ` +
        `(no market trades below ${COST_FRACTION_BPS} bps round-trip)`,
      field,
    );
  } else if (bps === 0) {
    out.warning(`${field} 0 assumes trading is free: state the all-in round-trip cost in bps`, field);
  } else if (bps < COST_CHEAP_BPS) {
    out.warning(
      `${field} ${bps} bps round-trip is below ${COST_CHEAP_BPS} bp, cheaper than almost any market: ` +
        `if ${bps} is a percent, it is ${field} ${plain(bps * 100)}`,
      field,
    );
  }
}

/** One-way turnover per period whose median is above 1 looks like percent (20 meaning 20%). */
export function checkTurnover(out: Outcome, field: string, values: ArrayLike<number>): void {
  const m = median(values);
  if (!(m > TURNOVER_PERCENT_LIKE)) return;
  out.warning(
    `${field} median ${plain(m)} per period looks like percent: one-way turnover is a fraction of the book ` +
      `(a full rotation = 1.0), so ${plain(m)}% is ${field} ${plain(m / 100)}`,
    field,
  );
}

/** The percent-looking threshold of the median |return| at P periods a year. */
export function percentReturnThreshold(periodsPerYear: number): number {
  return DAILY_RETURN_PERCENT_LIKE * Math.sqrt(252 / periodsPerYear);
}

/**
 * Returns whose median |r| is above 0.2 a day (scaled by sqrt(252 / P) to other frequencies)
 * look like percent: an error naming the decimal reading. True when it fired.
 */
export function checkPercentReturns(out: Outcome, field: string, r: ArrayLike<number>, periodsPerYear = 252): boolean {
  return checkPercentReturnColumns(out, field, [r], periodsPerYear);
}

/** checkPercentReturns over every cell of several columns at once (one |r| buffer, no flattened copy). */
export function checkPercentReturnColumns(
  out: Outcome,
  field: string,
  columns: readonly ArrayLike<number>[],
  periodsPerYear = 252,
): boolean {
  const message = percentMessage(field, columns, periodsPerYear);
  if (message !== null) out.error(message, field);
  return message !== null;
}

/** The percent finding's message for returns whose median |r| is percent-like, else null. */
export function percentReturnsMessage(field: string, r: ArrayLike<number>, periodsPerYear = 252): string | null {
  return percentMessage(field, [r], periodsPerYear);
}

/** True for the error-level finding checkPercentReturns(Columns) gives `field` (the research ledger corrects it). */
export function isPercentReturnsFinding(f: Finding, field: string): boolean {
  return f.severity === "error" && f.where === field && f.message.startsWith(`${field} look like percent: `);
}

/** The percent message when the median |r| of the cells is above the per-period threshold, else null. */
function percentMessage(field: string, columns: readonly ArrayLike<number>[], periodsPerYear: number): string | null {
  const limit = percentReturnThreshold(periodsPerYear);
  if (!mayHaveMedianAbove(columns, limit)) return null;
  const m = medianInPlace(absoluteCells(columns));
  if (!(m > limit)) return null;
  return (
    `${field} look like percent: median |return| ${plain(m)} per period is above ${plain(limit)} ` +
    `(${periodsPerYear} periods a year); simple returns are decimals, so ${plain(m)}% is ${plain(m / 100)}: ` +
    `divide ${field} by 100`
  );
}

/**
 * False when the median |x| of the cells is certainly not above `limit`: more than floor(n/2) cells have
 * |x| <= limit (NaN sorts last), so the median's upper middle value is at most `limit`. No copy, and it stops
 * at the column where that count passes floor(n/2): returns that are not percent read about half their cells.
 */
function mayHaveMedianAbove(columns: readonly ArrayLike<number>[], limit: number): boolean {
  let n = 0;
  for (const col of columns) n += col.length;
  const half = n >> 1;
  let within = 0;
  for (const col of columns) {
    within += col instanceof Float64Array ? withinOfFloats(col, limit) : withinOf(col, limit);
    if (within > half) return false;
  }
  return true;
}

/** Cells with |x| <= limit (a loop of its own for Float64Array, its loads unboxed). */
function withinOfFloats(col: Float64Array, limit: number): number {
  let c = 0;
  for (let i = 0; i < col.length; i++) if (Math.abs(col[i]!) <= limit) c++;
  return c;
}

/** Cells with |x| <= limit. */
function withinOf(col: ArrayLike<number>, limit: number): number {
  let c = 0;
  for (let i = 0; i < col.length; i++) if (Math.abs(col[i]!) <= limit) c++;
  return c;
}

/** |x| of every cell of the columns, column after column, in one Float64Array. */
function absoluteCells(columns: readonly ArrayLike<number>[]): Float64Array {
  let total = 0;
  for (const col of columns) total += col.length;
  const abs = new Float64Array(total);
  let at = 0;
  for (const col of columns) for (let i = 0; i < col.length; i++) abs[at++] = Math.abs(col[i]!);
  return abs;
}

/** A warning when n observations are fewer than the guard's stated minimum. True when it fired. */
export function checkSampleLength(out: Outcome, field: string, n: number, minimum: number, what: string): boolean {
  if (n >= minimum) return false;
  out.warning(
    `${field}: ${n} observation(s) are too short to judge ${what}; this guard needs at least ${minimum}`,
    field,
  );
  return true;
}

/**
 * Unit checks for the best ANNUALISED Sharpe of `nTrials` over `nObs` periods at P a year: a
 * per-period Sharpe above 1 over more than 100 periods is an error (an annualised value read as per
 * period); a positive value so low that N independent zero-edge trials (annual Sharpe ~ N(0, P/T))
 * would all stay at or below it with less than 1% chance is a warning naming the per-period reading.
 * A low Sharpe of one trial is weak, not implausible, and gets nothing.
 */
export function checkAnnualSharpe(
  out: Outcome,
  field: string,
  sharpeAnnual: number,
  nObs: number,
  periodsPerYear: number,
  nTrials: number,
): void {
  const perPeriod = sharpeAnnual / Math.sqrt(periodsPerYear);
  if (perPeriod > PER_PERIOD_SHARPE_LIMIT && nObs > PER_PERIOD_SHARPE_MIN_OBS) {
    out.error(
      `${field} ${sharpeAnnual} at periods_per_year ${periodsPerYear} is a per-period Sharpe of ${plain(perPeriod)} ` +
        `over ${nObs} periods, which no strategy sustains: it looks like an annualised Sharpe read as per period; ` +
        "set periods_per_year to the data's frequency (252 for daily: per-period " +
        `${plain(sharpeAnnual / Math.sqrt(252))})`,
      field,
    );
    return;
  }
  if (!(sharpeAnnual > 0)) return;
  const chance = phi(sharpeAnnual / Math.sqrt(periodsPerYear / nObs)) ** nTrials;
  if (!(chance < IMPLAUSIBLY_LOW_BEST)) return;
  out.warning(
    `${field} ${sharpeAnnual} as an annualised Sharpe is implausibly low for the best of ${nTrials} trials: ` +
      `${nTrials} zero-edge strategies over ${nObs} periods would all stay at or below it with chance ` +
      `${plain(chance)}; if ${sharpeAnnual} is a per-period Sharpe, the annualised value is ${sharpeAnnual} x sqrt(` +
      `${periodsPerYear}) = ${plain(sharpeAnnual * Math.sqrt(periodsPerYear))}`,
    field,
  );
}

/**
 * A scalar ANNUAL hurdle: nonzero but below 0.5% in magnitude looks per period (warning naming
 * the compounded annual reading); 1 or more looks like percent.
 */
export function checkAnnualHurdle(out: Outcome, field: string, hurdle: number, periodsPerYear: number): void {
  if (hurdle !== 0 && Math.abs(hurdle) < PER_PERIOD_HURDLE_LIKE) {
    const annual = (1 + hurdle) ** periodsPerYear - 1;
    out.warning(
      `${field} ${hurdle} looks per period where an annual return is expected: as an annual hurdle it is ` +
        `${plain(hurdle * 100)}%; if it is per period (${periodsPerYear} a year), give the annual ` +
        `(1 + ${hurdle})^${periodsPerYear} - 1 = ${plain(annual)}`,
      field,
    );
  } else if (Math.abs(hurdle) >= 1) {
    out.warning(
      `${field} ${hurdle} is an annual return of ${plain(hurdle * 100)}%: if it is a percent, it is ` +
        `${plain(hurdle / 100)}`,
      field,
    );
  }
}

/** Message for a raw kurtosis below 1 (impossible): names the raw value of the excess reading. */
export function kurtosisBelowRawFloor(kurtosis: number): string | null {
  if (kurtosis >= RAW_KURTOSIS_FLOOR) return null;
  return (
    `${kurtosis} is below ${RAW_KURTOSIS_FLOOR}, impossible for RAW kurtosis (normal = 3): ` +
    `if ${kurtosis} is excess kurtosis, raw = excess + 3 = ${plain(kurtosis + 3)}`
  );
}
