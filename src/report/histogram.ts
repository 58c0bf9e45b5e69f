// Equal-width histogram: sqrt(n) bins (at most 40) over [min, max], edges snapped so 0 is an edge.

export interface Histogram {
  readonly edges: number[];
  readonly counts: number[];
}

/** Bins `xs` (finite values only); one bin of width 1 around the value when all are equal. */
export function histogram(xs: readonly number[]): Histogram {
  const v = xs.filter(Number.isFinite);
  if (v.length === 0) return { edges: [], counts: [] };
  let lo = v.reduce((a, x) => Math.min(x, a), Infinity);
  let hi = v.reduce((a, x) => Math.max(x, a), -Infinity);
  if (lo === hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  const bins = Math.min(40, Math.max(5, Math.ceil(Math.sqrt(v.length))));
  const width = (hi - lo) / bins;
  // Shift the grid so 0 falls on an edge when it is inside the range (the PBO boundary is a bin edge).
  const start = lo < 0 && hi > 0 ? -Math.ceil(-lo / width) * width : lo;
  const n = Math.ceil((hi - start) / width - 1e-9) || 1;
  const edges = Array.from({ length: n + 1 }, (_, i) => start + i * width);
  const counts = new Array<number>(n).fill(0);
  for (const x of v) counts[Math.min(n - 1, Math.max(0, Math.floor((x - start) / width)))]! += 1;
  return { edges, counts };
}
