// Numerics of Hansen's SPA test (spa_test.md, Method): loss differentials, studentization,
// recentring and the stationary-bootstrap p-values. Inputs are validated finite arrays.
import { Mt19937 } from "../src/lib/prng.js";
import { StationaryBootstrap, politisWhiteBlockLength, stationaryBootstrapVariance } from "../src/lib/bootstrap.js";
import { allEqual, maxOf, mean } from "../src/lib/stats.js";
import { step } from "../src/lib/progress.js";
import { RunSums, type RunTable, runTable } from "./_spa_test_run_sums.js";

/** Per-candidate differentials d_{t,k} = model - benchmark, demeaned, with their statistics. */
export interface Differentials {
  readonly n: number;
  readonly k: number;
  /** d_{.,k} per candidate (column k). */
  readonly d: readonly Float64Array[];
  /** dbar_k. */
  readonly means: Float64Array;
  /**
   * Row-major demeaned differentials e_{t,j} = d_{t,j} - dbar_j (exactly 0 for a constant column) at
   * rows[t * stride + j], with their prefix sums, for the bootstrap's run sums.
   */
  readonly runs: RunTable;
}

export function differentials(benchmark: ArrayLike<number>, models: readonly ArrayLike<number>[]): Differentials {
  const n = benchmark.length;
  const k = models.length;
  const d = models.map((col) => differenceOf(col, benchmark));
  const means = Float64Array.from(d, (col) => (allEqual(col) ? col[0]! : mean(col)));
  const runs = runTable(n, k, (rows, stride) => {
    for (let j = 0; j < k; j++) demeanInto(rows, d[j]!, means[j]!, j, stride);
  });
  return { n, k, d, means, runs };
}

/** d_t = model_t - benchmark_t. */
function differenceOf(model: ArrayLike<number>, benchmark: ArrayLike<number>): Float64Array {
  const out = new Float64Array(benchmark.length);
  for (let t = 0; t < out.length; t++) out[t] = model[t]! - benchmark[t]!;
  return out;
}

/** Column j of row-major `rows` (`stride` wide): col - m, exactly 0 for a constant column. */
function demeanInto(rows: Float64Array, col: Float64Array, m: number, j: number, stride: number): void {
  const constant = allEqual(col);
  for (let t = 0; t < col.length; t++) rows[t * stride + j] = constant ? 0 : col[t]! - m;
}

/** Demeaned column j of the differentials. */
function demeanedColumn(diff: Differentials, j: number): Float64Array {
  const out = new Float64Array(diff.n);
  const { rows, stride } = diff.runs;
  for (let t = 0; t < diff.n; t++) out[t] = rows[t * stride + j]!;
  return out;
}

export interface BlockChoice {
  readonly blockSize: number;
  readonly method: "caller" | "politis-white-2004-ppw-2009" | "fallback-n^(1/3)";
  /** Politis-White b_k per candidate (null where undefined); empty for a caller value. */
  readonly perCandidate: readonly (number | null)[];
}

/** Block size: the caller's number, else max(1, round_half_up(max_k b_k)), else the n^(1/3) fallback. */
export function chooseBlockSize(diff: Differentials, requested: "auto" | number): BlockChoice {
  if (requested !== "auto") return { blockSize: requested, method: "caller", perCandidate: [] };
  const perCandidate = diff.d.map((col) => politisWhiteBlockLength(col));
  const defined = perCandidate.filter((b): b is number => b !== null);
  if (defined.length === 0)
    return { blockSize: Math.max(1, roundHalfUp(Math.cbrt(diff.n))), method: "fallback-n^(1/3)", perCandidate };
  return {
    blockSize: Math.max(1, roundHalfUp(maxOf(defined))),
    method: "politis-white-2004-ppw-2009",
    perCandidate,
  };
}

/** Round half up of a non-negative number to an integer (x - floor(x) is exact in binary). */
function roundHalfUp(x: number): number {
  const f = Math.floor(x);
  return x - f >= 0.5 ? f + 1 : f;
}

/** Studentized statistics and Hansen's recentrings, all scaled by sqrt(n) / omega_k. */
export interface Studentized {
  /** omega_k^2 from the stationary-bootstrap kernel. */
  readonly omega2: Float64Array;
  readonly degenerate: readonly boolean[];
  /** z_k = sqrt(n) dbar_k / omega_k (0 when degenerate). */
  readonly z: Float64Array;
  /** T = max(0, max_k z_k). */
  readonly statistic: number;
  /** argmax_k z_k, first on ties. */
  readonly best: number;
  /** 1 / (sqrt(n) omega_k): turns a bootstrap sum of demeaned e into its studentized mean (0 when degenerate). */
  readonly sumScale: Float64Array;
  /** sqrt(n) (dbar_k - g(k)) / omega_k for the lower and consistent recentrings (upper is 0). */
  readonly offsetLower: Float64Array;
  readonly offsetConsistent: Float64Array;
}

export function studentize(diff: Differentials, blockSize: number): Studentized {
  const { n, k, means } = diff;
  const q = 1 / blockSize;
  const omega2 = Float64Array.from({ length: k }, (_, j) => stationaryBootstrapVariance(demeanedColumn(diff, j), q));
  const degenerate = Array.from(omega2, (w) => !(w > 0));
  const z = new Float64Array(k);
  const sumScale = new Float64Array(k);
  const offsetLower = new Float64Array(k);
  const offsetConsistent = new Float64Array(k);
  const sqrtN = Math.sqrt(n);
  const lnln = 2 * Math.log(Math.log(n));
  let best = 0;
  for (let j = 0; j < k; j++) {
    if (degenerate[j]) continue;
    const omega = Math.sqrt(omega2[j]!);
    const scale = sqrtN / omega;
    z[j] = means[j]! * scale;
    sumScale[j] = 1 / (sqrtN * omega);
    offsetLower[j] = Math.min(means[j]!, 0) * scale;
    const kept = means[j]! >= -Math.sqrt((omega2[j]! / n) * lnln);
    offsetConsistent[j] = kept ? 0 : z[j]!;
  }
  for (let j = 1; j < k; j++) if (z[j]! > z[best]!) best = j;
  const statistic = Math.max(0, z[best]!);
  return { omega2, degenerate, z, statistic, best, sumScale, offsetLower, offsetConsistent };
}

export interface BootstrapCounts {
  /** #{b : T*_b >= T} for the lower, consistent and upper recentrings. */
  readonly lower: number;
  readonly consistent: number;
  readonly upper: number;
  /** Per candidate: #{b : max(0, consistent studentized bootstrap mean) >= max(0, z_k)}. */
  readonly individual: Int32Array;
}

/** Element operations per progress step: about 10-50 ms of the inner loop. */
const WORK_PER_STEP = 2.5e7;

/** Replications between progress steps: about 1% of reps, at least 25, fewer when a rep is heavy. */
export function progressInterval(reps: number, n: number, k: number): number {
  const byShare = Math.max(25, Math.ceil(reps / 100));
  const byWork = Math.max(1, Math.floor(WORK_PER_STEP / (n * k)));
  return Math.min(byShare, byWork);
}

/**
 * Runs `reps` stationary-bootstrap replications on one MT19937 stream (same indices for every
 * candidate) and counts exceedances. Reports progress with `step(rep, reps)`.
 */
export async function bootstrapCounts(
  diff: Differentials,
  st: Studentized,
  blockSize: number,
  reps: number,
  seed: number,
): Promise<BootstrapCounts> {
  const { n, k } = diff;
  const { sumScale, offsetLower, offsetConsistent, z, statistic } = st;
  const threshold = Float64Array.from(z, (v) => Math.max(0, v));
  const sampler = new StationaryBootstrap(new Mt19937(seed), n, 1 / blockSize);
  const { starts, ends } = sampler;
  const runSums = new RunSums(diff.runs);
  const { sums } = runSums;
  const individual = new Int32Array(k);
  const interval = progressInterval(reps, n, k);
  let lower = 0;
  let consistent = 0;
  let upper = 0;
  for (let rep = 0; rep < reps; rep++) {
    if (rep > 0 && rep % interval === 0) await step(rep, reps);
    sums.fill(0);
    const runs = sampler.nextRuns();
    runSums.add(starts, ends, runs);
    let tl = 0;
    let tc = 0;
    let tu = 0;
    for (let j = 0; j < k; j++) {
      const v = sums[j]! * sumScale[j]!;
      const vc = v + offsetConsistent[j]!;
      if (v > tu) tu = v;
      if (vc > tc) tc = vc;
      const vl = v + offsetLower[j]!;
      if (vl > tl) tl = vl;
      if (threshold[j] === 0 || vc >= threshold[j]!) individual[j]!++;
    }
    if (tl >= statistic) lower++;
    if (tc >= statistic) consistent++;
    if (tu >= statistic) upper++;
  }
  await step(reps, reps);
  return { lower, consistent, upper, individual };
}
