// A compact picture of the CSCV logits: quantiles and a fixed-edge histogram instead of every value.

/** Quantile levels reported for the logits. */
export const LOGIT_QUANTILE_LEVELS = [0, 0.05, 0.25, 0.5, 0.75, 0.95, 1] as const;
/** Inner histogram edges; bins are (-inf, -3], (-3, -2], ..., (2, 3], (3, inf). */
export const LOGIT_HISTOGRAM_EDGES = [-3, -2, -1, 0, 1, 2, 3] as const;

export interface LogitSummary {
  /** Quantile at each level of LOGIT_QUANTILE_LEVELS (linear interpolation between order statistics). */
  readonly quantiles: Record<string, number>;
  /** Bin labels and counts; the bins at or below 0 hold exactly the overfit splits (PBO = their share). */
  readonly histogram: { readonly bins: string[]; readonly counts: number[] };
}

/** Linear-interpolation quantile (type 7) of sorted values at level p in [0, 1]. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

function binLabels(edges: readonly number[]): string[] {
  const labels = [`(-inf, ${edges[0]}]`];
  for (let i = 1; i < edges.length; i++) labels.push(`(${edges[i - 1]}, ${edges[i]}]`);
  labels.push(`(${edges[edges.length - 1]}, inf)`);
  return labels;
}

/** Quantiles and histogram counts of the logits. */
export function summarizeLogits(logits: ArrayLike<number>): LogitSummary {
  const sorted = Float64Array.from(logits).sort();
  const quantiles: Record<string, number> = {};
  for (const p of LOGIT_QUANTILE_LEVELS) quantiles[`p${Math.round(p * 100)}`] = quantileSorted(sorted, p);
  const edges = LOGIT_HISTOGRAM_EDGES;
  const counts = new Array<number>(edges.length + 1).fill(0);
  for (let i = 0; i < sorted.length; i++) {
    let b = 0;
    while (b < edges.length && sorted[i]! > edges[b]!) b++;
    counts[b] = counts[b]! + 1;
  }
  return { quantiles, histogram: { bins: binLabels(edges), counts } };
}
