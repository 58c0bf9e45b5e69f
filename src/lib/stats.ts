// Descriptive statistics over plain number arrays. Callers validate finiteness first.

/** Arithmetic mean; NaN for an empty array. */
export function mean(xs: ArrayLike<number>): number {
  const n = xs.length;
  if (n === 0) return NaN;
  return (xs instanceof Float64Array ? sumOfFloats(xs) : sumOf(xs)) / n;
}

/**
 * Left-to-right sum of a Float64Array, in a function of its own: its loads stay unboxed doubles however
 * many kinds of array `mean` sees (a shared loop that had seen many went generic, boxing every element).
 */
function sumOfFloats(xs: Float64Array): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return s;
}

/** Left-to-right sum. */
function sumOf(xs: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return s;
}

/** True when every value is identical (so any dispersion is exactly 0). */
export function allEqual(xs: ArrayLike<number>): boolean {
  for (let i = 1; i < xs.length; i++) if (xs[i] !== xs[0]) return false;
  return true;
}

/** Sum of squared deviations from the mean, two-pass; exactly 0 for identical values. */
function sumSquaredDeviations(xs: ArrayLike<number>, m: number): number {
  if (allEqual(xs)) return 0;
  let s = 0;
  for (let i = 0; i < xs.length; i++) {
    const d = xs[i]! - m;
    s += d * d;
  }
  return s;
}

/** Variance with `ddof` (default 1, the sample variance); NaN when n <= ddof. */
export function variance(xs: ArrayLike<number>, ddof = 1): number {
  const n = xs.length;
  if (n <= ddof) return NaN;
  return sumSquaredDeviations(xs, mean(xs)) / (n - ddof);
}

/** Standard deviation with `ddof` (default 1, the sample sd, two-pass). */
export function sd(xs: ArrayLike<number>, ddof = 1): number {
  return Math.sqrt(variance(xs, ddof));
}

/** Central moment of order k with divisor n (population). */
function centralMoment(xs: ArrayLike<number>, k: number, m: number): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += (xs[i]! - m) ** k;
  return s / xs.length;
}

/** Skewness, population (biased) estimator m3 / m2^1.5; NaN when the values are all equal. */
export function skewness(xs: ArrayLike<number>): number {
  if (xs.length === 0 || allEqual(xs)) return NaN;
  const m = mean(xs);
  return centralMoment(xs, 3, m) / centralMoment(xs, 2, m) ** 1.5;
}

/** RAW kurtosis (normal = 3), population estimator m4 / m2^2; NaN when the values are all equal. */
export function kurtosisRaw(xs: ArrayLike<number>): number {
  if (xs.length === 0 || allEqual(xs)) return NaN;
  const m = mean(xs);
  return centralMoment(xs, 4, m) / centralMoment(xs, 2, m) ** 2;
}

/**
 * Sharpe ratio mean / sd (sd with `ddof`, default 1), times sqrt(periodsPerYear) when given
 * (annualised); per period when periodsPerYear is 1. NaN when n <= ddof or sd is 0.
 */
export function sharpe(xs: ArrayLike<number>, periodsPerYear = 1, ddof = 1): number {
  const s = sd(xs, ddof);
  if (!(s > 0)) return NaN;
  return (mean(xs) / s) * Math.sqrt(periodsPerYear);
}

/** Smallest and largest value; [NaN, NaN] for an empty array. */
export function minMax(xs: ArrayLike<number>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    if (xs[i]! < lo) lo = xs[i]!;
    if (xs[i]! > hi) hi = xs[i]!;
  }
  return xs.length === 0 ? [NaN, NaN] : [lo, hi];
}

/** Math.max over an array without spreading it (no stack limit): NaN if any is NaN, -Infinity if empty. */
export function maxOf(xs: ArrayLike<number>): number {
  let hi = -Infinity;
  for (let i = 0; i < xs.length; i++) hi = Math.max(hi, xs[i]!);
  return hi;
}

/** Math.min over an array without spreading it (no stack limit): NaN if any is NaN, Infinity if empty. */
export function minOf(xs: ArrayLike<number>): number {
  let lo = Infinity;
  for (let i = 0; i < xs.length; i++) lo = Math.min(lo, xs[i]!);
  return lo;
}

/** NaN and infinities become null, for evidence that states "undefined is null". */
export function finiteOrNull(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}
