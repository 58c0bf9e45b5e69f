// The spread of a research ledger's recorded annualised Sharpes: quantiles, moments and equal-width
// histogram bins (list_trials reports them, the guards' evidence carries the bins for the report's chart),
// and where one reported Sharpe ranks among them. Pure: shared by the runtime, the guards and the report.
import { mean, sd } from "./stats.js";

/** Equal-width bins over [min, max]: `edges` has one more entry than `counts`; the last bin is closed. */
export interface SharpeHistogram {
  readonly edges: readonly number[];
  readonly counts: readonly number[];
}

export interface SharpeDistribution {
  /** Recorded Sharpes (trials without a Sharpe are not in the distribution). */
  readonly n: number;
  readonly min: number;
  readonly p05: number;
  readonly p25: number;
  readonly median: number;
  readonly p75: number;
  readonly p95: number;
  readonly max: number;
  readonly mean: number;
  /** Sample standard deviation (ddof 1); null for a single Sharpe. */
  readonly sd: number | null;
  readonly histogram: SharpeHistogram;
}

export interface SharpeRank {
  /** The reported annualised Sharpe. */
  readonly sharpe: number;
  /** 1 + the recorded Sharpes strictly above it (ties share the better rank). */
  readonly rank: number;
  readonly of: number;
  /** Recorded Sharpes at or above it, and their share of all recorded Sharpes. */
  readonly at_or_above: number;
  readonly share_at_or_above: number;
  /** "3rd of 41". */
  readonly text: string;
}

/** Most bins a histogram gets, however many Sharpes (a drawable chart, a bounded evidence size). */
export const MAX_BINS = 30;

/** Quantile by linear interpolation between order statistics (numpy's default, R type 7) of sorted xs. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** The bins of a histogram of `n` Sharpes spanning [min, max]: low and high edge, bin count, bin width. */
export interface HistogramFrame {
  readonly lo: number;
  readonly hi: number;
  readonly bins: number;
  readonly width: number;
}

/** Sturges' bin count, ceil(log2 n) + 1 (at most MAX_BINS), equal width over [min, max]; all equal: one bin. */
export function histogramFrame(min: number, max: number, n: number): HistogramFrame {
  const same = min === max;
  const [lo, hi] = same ? [min - 0.5, max + 0.5] : [min, max];
  const bins = same ? 1 : Math.min(MAX_BINS, Math.ceil(Math.log2(n)) + 1);
  return { lo, hi, bins, width: (hi - lo) / bins };
}

/** The bin of a Sharpe in a frame (the last bin is closed). */
export const histogramBin = (s: number, f: HistogramFrame): number =>
  Math.min(f.bins - 1, Math.floor((s - f.lo) / f.width));

/** A frame's bin edges, one more than its bins. */
export const histogramEdges = (f: HistogramFrame): number[] =>
  Array.from({ length: f.bins + 1 }, (_, i) => (i === f.bins ? f.hi : f.lo + i * f.width));

/** The histogram of `sharpes` in histogramFrame's bins. */
export function sharpeHistogram(sharpes: readonly number[]): SharpeHistogram {
  if (sharpes.length === 0) return { edges: [], counts: [] };
  // minOf and maxOf in one pass (NaN when any is NaN, as theirs).
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < sharpes.length; i++) {
    lo = Math.min(lo, sharpes[i]!);
    hi = Math.max(hi, sharpes[i]!);
  }
  const frame = histogramFrame(lo, hi, sharpes.length);
  // Counted in a typed array: a plain one indexed by a double (Math.floor's) took 7 ms per 250,000 Sharpes.
  const counts = new Int32Array(frame.bins);
  for (let i = 0; i < sharpes.length; i++) counts[histogramBin(sharpes[i]!, frame)]!++;
  return { edges: histogramEdges(frame), counts: Array.from(counts) };
}

/** The distribution of the recorded Sharpes; null when none was recorded. */
export function sharpeDistribution(sharpes: readonly number[]): SharpeDistribution | null {
  const finite = sharpes.filter(Number.isFinite);
  if (finite.length === 0) return null;
  // A typed array sorts numerically in native code: a comparator sort of 250,000 Sharpes took half a second.
  const sorted = Float64Array.from(finite).sort();
  const q = (p: number) => quantileSorted(sorted, p);
  return {
    n: sorted.length,
    min: sorted[0]!,
    p05: q(0.05),
    p25: q(0.25),
    median: q(0.5),
    p75: q(0.75),
    p95: q(0.95),
    max: sorted[sorted.length - 1]!,
    mean: mean(finite),
    sd: sorted.length >= 2 ? sd(finite, 1) : null,
    histogram: sharpeHistogram(finite),
  };
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 101st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/**
 * Sharpes this close (relative, at least absolute 1e-9) are one value: a Sharpe recomputed from the same
 * series by another summation order differs in the last digits and still ties with the recorded one.
 */
export const TIE_TOLERANCE = 1e-9;

/** Where `sharpe` ranks among the recorded Sharpes; null when none was recorded. */
export function sharpeRank(sharpes: readonly number[], sharpe: number): SharpeRank | null {
  const finite = sharpes.filter(Number.isFinite);
  if (finite.length === 0) return null;
  const tie = TIE_TOLERANCE * Math.max(1, Math.abs(sharpe));
  const above = finite.filter((s) => s > sharpe + tie).length;
  const atOrAbove = finite.filter((s) => s >= sharpe - tie).length;
  const rank = above + 1;
  return {
    sharpe,
    rank,
    of: finite.length,
    at_or_above: atOrAbove,
    share_at_or_above: atOrAbove / finite.length,
    text: `${ordinal(rank)} of ${finite.length}`,
  };
}
