// Order statistics for a list of timings (or sizes): median and spread, nothing asserted.
export interface Spread {
  readonly n: number;
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly p10: number;
  readonly p90: number;
  readonly p99: number;
}

/** Linear-interpolated quantile of sorted values, q in [0, 1]. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function spread(values: readonly number[]): Spread {
  const s = [...values].sort((a, b) => a - b);
  return {
    n: s.length,
    median: quantile(s, 0.5),
    min: s[0] ?? Number.NaN,
    max: s[s.length - 1] ?? Number.NaN,
    p10: quantile(s, 0.1),
    p90: quantile(s, 0.9),
    p99: quantile(s, 0.99),
  };
}

/** Runs fn `runs` times sequentially and returns the wall times in ms. */
export async function timeRuns(runs: number, fn: () => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}
