// The SPA bootstrap's tally of one column block (docs/performance.md, "Two threads"): each resample's sums
// scaled to studentized means, their running maxima per recentring and the individual counts. Shared by the
// calling thread and the helper thread (_spa_test_helper_worker.ts), which tally disjoint blocks.

/** Per-candidate constants of the tally, and the individual counts each thread adds to for its own blocks. */
export interface TallyParams {
  /** 1 / (sqrt(n) omega_k): a bootstrap sum of demeaned e to its studentized mean (0 when degenerate). */
  readonly sumScale: Float64Array;
  readonly offsetLower: Float64Array;
  readonly offsetConsistent: Float64Array;
  /** max(0, z_k). */
  readonly threshold: Float64Array;
  /** Per candidate: #{b : max(0, consistent studentized bootstrap mean) >= max(0, z_k)}. */
  readonly individual: Int32Array;
}

/** Fresh tally constants for k candidates, all 0 (fill them with `fillTallyParams`). */
export function tallyParams(k: number): TallyParams {
  const zeros = () => new Float64Array(k);
  return {
    sumScale: zeros(),
    offsetLower: zeros(),
    offsetConsistent: zeros(),
    threshold: zeros(),
    individual: new Int32Array(k),
  };
}

/** Writes a call's scales and recentring offsets into `p`, and its thresholds max(0, z_k). */
export function fillTallyParams(
  p: TallyParams,
  st: {
    readonly sumScale: Float64Array;
    readonly offsetLower: Float64Array;
    readonly offsetConsistent: Float64Array;
    readonly z: Float64Array;
  },
): void {
  p.sumScale.set(st.sumScale);
  p.offsetLower.set(st.offsetLower);
  p.offsetConsistent.set(st.offsetConsistent);
  for (let j = 0; j < st.z.length; j++) p.threshold[j] = Math.max(0, st.z[j]!);
}

/** Running maxima max(0, max_k) per resample of a chunk, for the lower, consistent and upper recentrings. */
export interface Maxima {
  readonly tl: Float64Array;
  readonly tc: Float64Array;
  readonly tu: Float64Array;
}

/**
 * Candidates first..last - 1 of one block over a chunk's m resamples (resample i's candidate j at
 * sums[i width + j - first]): raises the maxima and counts the individual exceedances. A NaN never raises a
 * maximum (every comparison is false), so maxima taken over disjoint blocks combine with `>` exactly.
 */
export function tallyBlock(
  p: TallyParams,
  x: Maxima,
  sums: Float64Array,
  first: number,
  last: number,
  width: number,
  m: number,
): void {
  const { sumScale, offsetLower, offsetConsistent, threshold, individual } = p;
  for (let i = 0; i < m; i++) {
    const at = i * width - first;
    let tl = x.tl[i]!;
    let tc = x.tc[i]!;
    let tu = x.tu[i]!;
    for (let j = first; j < last; j++) {
      const v = sums[at + j]! * sumScale[j]!;
      const vc = v + offsetConsistent[j]!;
      if (v > tu) tu = v;
      if (vc > tc) tc = vc;
      const vl = v + offsetLower[j]!;
      if (vl > tl) tl = vl;
      if (threshold[j] === 0 || vc >= threshold[j]!) individual[j]!++;
    }
    x.tl[i] = tl;
    x.tc[i] = tc;
    x.tu[i] = tu;
  }
}

/** Raises `into`'s first m maxima to `from`'s (the other thread's blocks). */
export function mergeMaxima(into: Maxima, from: Maxima, m: number): void {
  for (let i = 0; i < m; i++) {
    if (from.tl[i]! > into.tl[i]!) into.tl[i] = from.tl[i]!;
    if (from.tc[i]! > into.tc[i]!) into.tc[i] = from.tc[i]!;
    if (from.tu[i]! > into.tu[i]!) into.tu[i] = from.tu[i]!;
  }
}
