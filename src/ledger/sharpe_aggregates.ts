// What a verdict reads of a trial set's recorded Sharpes, kept as they arrive: the histogram of the report's
// chart and the dilution-proof spread (recorded_spread.ts). A verdict at 250,000 trials then takes no pass
// over the Sharpes. Each equals the whole computation over the Sharpes bit for bit; a retraction, or a
// non-finite Sharpe, drops what was kept, and the next read rebuilds it from the Sharpes in one pass.
import { BinnedSpread, dilutionProofVariance } from "../lib/recorded_spread.js";
import {
  type HistogramFrame,
  histogramBin,
  histogramEdges,
  histogramFrame,
  type SharpeHistogram,
  sharpeHistogram,
} from "../lib/sharpe_distribution.js";

/** The kept state: the Sharpes' count, min and max, the spread's bins, and the histogram's (null: recount). */
interface Kept {
  n: number;
  min: number;
  max: number;
  readonly spread: BinnedSpread;
  histogram: { readonly frame: HistogramFrame; readonly counts: Int32Array } | null;
}

export class SharpeAggregates {
  /** Null until read, and after a retraction or a non-finite Sharpe. */
  private kept: Kept | null = null;

  /** A Sharpe appended to the set's Sharpes (after the push). */
  add(s: number): void {
    const k = this.kept;
    if (k === null) return;
    if (!Number.isFinite(s)) {
      this.kept = null;
      return;
    }
    k.n++;
    k.min = Math.min(k.min, s);
    k.max = Math.max(k.max, s);
    k.spread.add(s);
    const h = k.histogram;
    if (h === null) return;
    const frame = histogramFrame(k.min, k.max, k.n);
    const same = frame.lo === h.frame.lo && frame.hi === h.frame.hi && frame.bins === h.frame.bins;
    if (same) h.counts[histogramBin(s, h.frame)]!++;
    else k.histogram = null;
  }

  /** A Sharpe was taken out: what was kept is rebuilt on the next read. */
  drop(): void {
    this.kept = null;
  }

  /** The histogram of `sharpes` (the set's own, with everything added since): sharpeHistogram's. */
  histogram(sharpes: readonly number[]): SharpeHistogram {
    const k = this.read(sharpes);
    if (k === null || k.n === 0) return sharpeHistogram(sharpes);
    if (k.histogram === null) {
      const frame = histogramFrame(k.min, k.max, k.n);
      const counts = new Int32Array(frame.bins);
      for (let i = 0; i < sharpes.length; i++) counts[histogramBin(sharpes[i]!, frame)]!++;
      k.histogram = { frame, counts };
    }
    return { edges: histogramEdges(k.histogram.frame), counts: Array.from(k.histogram.counts) };
  }

  /** dilutionProofVariance of `sharpes`. */
  dilutionVariance(sharpes: readonly number[]): number | null {
    const k = this.read(sharpes);
    return k === null ? dilutionProofVariance(sharpes) : k.spread.variance();
  }

  /** A copy to add more to, this one unchanged (a preview's). */
  clone(): SharpeAggregates {
    const copy = new SharpeAggregates();
    const k = this.kept;
    if (k !== null) {
      const histogram = k.histogram && { frame: k.histogram.frame, counts: k.histogram.counts.slice() };
      copy.kept = { n: k.n, min: k.min, max: k.max, spread: k.spread.clone(), histogram };
    }
    return copy;
  }

  /** The kept state, rebuilt from `sharpes` when dropped; null when a Sharpe is not finite. */
  private read(sharpes: readonly number[]): Kept | null {
    if (this.kept !== null) return this.kept;
    let [min, max] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (let i = 0; i < sharpes.length; i++) {
      if (!Number.isFinite(sharpes[i])) return null;
      min = Math.min(min, sharpes[i]!);
      max = Math.max(max, sharpes[i]!);
    }
    const spread = new BinnedSpread();
    for (let i = 0; i < sharpes.length; i++) spread.add(sharpes[i]!);
    this.kept = { n: sharpes.length, min, max, spread, histogram: null };
    return this.kept;
  }
}
