// Numerics of Hansen's SPA test (spa_test.md, Method): loss differentials, studentization,
// recentring and the stationary-bootstrap p-values. Inputs are validated finite arrays.
import { politisWhiteBlockLength, politisWhiteOfDemeaned, stationaryBootstrapVariance } from "../src/lib/bootstrap.js";
import { memoryOf, type WasmMemory } from "./_wasm_asm.js";
import { varianceKernelOver, varianceSteps } from "./_spa_test_variance_wasm.js";
import { maxOf } from "../src/lib/stats.js";
import { step } from "../src/lib/progress.js";
import { RunDraws } from "./_spa_test_draws.js";
import { LAGS_OUT_BYTES, LagSums } from "./_spa_test_lags_wasm.js";
import {
  CHUNK_REPS,
  emptyRunTable,
  fillColumn,
  fillColumnPair,
  releaseRunTable,
  RunSums,
  type RunTable,
  simdPasses,
  WIDTH,
  widthOf,
} from "./_spa_test_run_sums.js";
import { BlockShare } from "./_spa_test_helper.js";
import {
  fillTallyParams,
  type Maxima,
  mergeMaxima,
  tallyBlock,
  type TallyParams,
  tallyParams,
} from "./_spa_test_tally.js";

/** Per-candidate differentials d_{t,k} = model - benchmark, demeaned, with their statistics. */
export interface Differentials {
  readonly n: number;
  readonly k: number;
  /** dbar_k: the left-to-right sum of d_{.,k} over n, or d_{0,k} when d_{.,k} is constant. */
  readonly means: Float64Array;
  /** Whether d_{.,k} is constant (every d_t === d_0): its e is exactly 0 and its mean d_0. */
  readonly constant: readonly boolean[];
  /** Demeaned differentials e_{t,k} = d_{t,k} - dbar_k per candidate (exactly 0 for a constant column). */
  readonly e: readonly Float64Array[];
  /** Every e, candidate after candidate (e[j] is a view of it), then room for the variance kernel's powers. */
  readonly values: WasmMemory;
  /** The demeaned differentials with their prefix sums, in column blocks, for the bootstrap's run sums. */
  readonly runs: RunTable;
}

/**
 * The differentials of every candidate, two candidates at a time (their sums are independent chains the CPU
 * overlaps): d into scratch columns with their sums and constancy, then e = d - dbar into the run table with
 * its prefix sums and into one buffer of all candidates.
 */
export function differentials(benchmark: ArrayLike<number>, models: readonly ArrayLike<number>[]): Differentials {
  const n = benchmark.length;
  const k = models.length;
  const b = Float64Array.from(benchmark);
  const values = valuesMemory(n, k);
  const all = new Float64Array(values.buffer, 0, n * k);
  const runs = emptyRunTable(n, k);
  const means = new Float64Array(k);
  const constant: boolean[] = [];
  const e = Array.from({ length: k }, (_, j) => all.subarray(j * n, (j + 1) * n));
  const d0 = new Float64Array(n);
  const d1 = new Float64Array(n);
  const sums = new Float64Array(2);
  for (let j = 0; j < k; j += 2) {
    const pair = j + 1 < k;
    if (pair) differencePair(d0, d1, models[j]!, models[j + 1]!, b, sums);
    else sums[0] = differenceInto(d0, models[j]!, b);
    const m0 = demeanBy(d0, sums[0]!, constant);
    means[j] = m0;
    if (!pair) {
      fillColumn(runs, j, d0, m0);
      demeanInto(e[j]!, d0, m0);
      continue;
    }
    const m1 = demeanBy(d1, sums[1]!, constant);
    means[j + 1] = m1;
    // Separate loops for the table's strided writes and e's sequential ones: together they run slower.
    fillColumnPair(runs, j, d0, m0, d1, m1);
    demeanInto(e[j]!, d0, m0);
    demeanInto(e[j + 1]!, d1, m1);
  }
  // A constant column's mean is its d_0; its e is 0 - 0, exactly 0 (d_0 - d_0 is NaN for an infinite d_0).
  for (let j = 0; j < k; j++) if (constant[j]) means[j] = firstDifference(models[j]!, b);
  return { n, k, means, constant, e, values, runs };
}

/**
 * What d is demeaned by: sum / n (the left-to-right mean), or 0 for a constant d, which is then set to 0;
 * pushes the constancy onto `constant`.
 */
function demeanBy(d: Float64Array, sum: number, constant: boolean[]): number {
  const flat = isConstant(d);
  constant.push(flat);
  if (!flat) return sum / d.length;
  d.fill(0);
  return 0;
}

/** d_0 = model_0 - benchmark_0. */
const firstDifference = (model: ArrayLike<number>, benchmark: Float64Array): number => model[0]! - benchmark[0]!;

/** differenceInto of two models at once: their sums into sums[0] and sums[1]. */
function differencePair(
  d0: Float64Array,
  d1: Float64Array,
  m0: ArrayLike<number>,
  m1: ArrayLike<number>,
  benchmark: Float64Array,
  sums: Float64Array,
): void {
  let s0 = 0;
  let s1 = 0;
  for (let t = 0; t < d0.length; t++) {
    const x = benchmark[t]!;
    const v0 = m0[t]! - x;
    const v1 = m1[t]! - x;
    d0[t] = v0;
    d1[t] = v1;
    s0 += v0;
    s1 += v1;
  }
  sums[0] = s0;
  sums[1] = s1;
}

/** The values of a finished call (releaseDifferentials), taken by the next call that fits in them. */
let spareValues: WasmMemory | null = null;
/** A released call's values are kept for the next call only up to this size. */
const SPARE_MAX_BYTES = 64 * 2 ** 20;

/** Bytes of the variance kernel's powers of 1 - q for n values (a^i twice, i a^i twice, i = 1..n - 1). */
const powersBytes = (n: number) => 32 * (n + 1);
/** Bytes of the variance kernel's output: g0, sH and sG of two pairs of columns. */
const KERNEL_OUT_BYTES = 96;

/** Memory for n x k values of e and the variance kernel: the spare memory if it fits (pages mapped), else new. */
function valuesMemory(n: number, k: number): WasmMemory {
  const bytes = 8 * n * k + powersBytes(n) + KERNEL_OUT_BYTES + LAGS_OUT_BYTES;
  const spare = spareValues;
  spareValues = null;
  return spare !== null && spare.buffer.byteLength >= bytes ? spare : memoryOf(bytes);
}

/**
 * Hands the memory of differentials no longer read (their call is over) to the next call: writing fresh
 * pages costs a page fault per 4 KiB, several ms per call at 10^6 values. `diff` must not be used after.
 */
export function releaseDifferentials(diff: Differentials): void {
  if (diff.values.buffer.byteLength <= SPARE_MAX_BYTES) spareValues = diff.values;
  releaseRunTable(diff.runs);
}

/** d_t = model_t - benchmark_t, a new array (the naive t-test's column). */
export function differenceOf(model: ArrayLike<number>, benchmark: ArrayLike<number>): Float64Array {
  const out = new Float64Array(benchmark.length);
  differenceInto(out, model, Float64Array.from(benchmark));
  return out;
}

/** out_t = model_t - benchmark_t; returns the left-to-right sum of out (mean's sum). */
function differenceInto(out: Float64Array, model: ArrayLike<number>, benchmark: Float64Array): number {
  let s = 0;
  for (let t = 0; t < out.length; t++) {
    const v = model[t]! - benchmark[t]!;
    out[t] = v;
    s += v;
  }
  return s;
}

/** out_t = d_t - m. */
function demeanInto(out: Float64Array, d: Float64Array, m: number): void {
  for (let t = 0; t < d.length; t++) out[t] = d[t]! - m;
}

/** Every value === the first (allEqual on a Float64Array, in a loop of its own). */
function isConstant(d: Float64Array): boolean {
  const first = d[0];
  for (let t = 1; t < d.length; t++) if (d[t] !== first) return false;
  return true;
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
  // The block length's lag sums read each e where it is kept; their output after the variance kernel's.
  const { n, k } = diff;
  const { autocovariances } = new LagSums(n, diff.values, 8 * n * k + powersBytes(n) + KERNEL_OUT_BYTES);
  // A non-constant column's e is d - mean(d) as politisWhiteBlockLength demeans it (the same left-to-right
  // sum over n); a constant column's e is exactly 0 instead, so its d (n copies of d_0) goes through the demeaning.
  const perCandidate = diff.e.map((e, j) =>
    diff.constant[j]
      ? politisWhiteBlockLength(new Float64Array(diff.n).fill(diff.means[j]!), autocovariances)
      : politisWhiteOfDemeaned(e, autocovariances),
  );
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

/**
 * omega_k^2 of every candidate: two candidates per call of the SIMD kernel (one per lane), the powers of 1 - q
 * formed once as stationaryBootstrapVariance forms them; the library's kernel where it is gamma(0) alone
 * (n < 2 or q = 1) and for an odd last candidate.
 */
function bootstrapVariances(diff: Differentials, q: number): Float64Array {
  const { n, k, e, values } = diff;
  const a = 1 - q;
  const omega2 = new Float64Array(k);
  if (n < 2 || a === 0) {
    for (let j = 0; j < k; j++) omega2[j] = stationaryBootstrapVariance(e[j]!, q);
    return omega2;
  }
  const powersAt = 8 * n * k;
  const powers = new Float64Array(values.buffer, powersAt, powersBytes(n) / 8);
  let ai = 1;
  for (let i = 1; i < n; i++) {
    ai *= a;
    powers[4 * i] = powers[4 * i + 1] = ai;
    powers[4 * i + 2] = powers[4 * i + 3] = i * ai;
  }
  const an = ai * a;
  const outAt = powersAt + powersBytes(n);
  const out = new Float64Array(values.buffer, outAt, KERNEL_OUT_BYTES / 8);
  const { pair, pairs2 } = varianceKernelOver(values);
  const nn = n * n;
  /** omega2 of pair p's two columns from out + 48 p. */
  const take = (j: number, p: number) => {
    omega2[j] = out[6 * p]! / n + 2 * (out[6 * p + 2]! / n - out[6 * p + 4]! / nn);
    omega2[j + 1] = out[6 * p + 1]! / n + 2 * (out[6 * p + 3]! / n - out[6 * p + 5]! / nn);
  };
  const at = (j: number) => 8 * n * j;
  let j = 0;
  for (; j + 3 < k; j += 4) {
    pairs2(at(j), at(j + 1), at(j + 2), at(j + 3), n, powersAt, outAt, a, an, n * an);
    take(j, 0);
    take(j + 2, 1);
  }
  for (; j + 1 < k; j += 2) {
    pair(at(j), at(j + 1), n, powersAt, outAt, a, an, n * an);
    take(j, 0);
  }
  varianceSteps.count += 2 * (n - 1) * Math.floor(k / 2);
  if (j < k) omega2[j] = stationaryBootstrapVariance(e[j]!, q);
  return omega2;
}

export function studentize(diff: Differentials, blockSize: number): Studentized {
  const { n, k, means } = diff;
  const q = 1 / blockSize;
  const omega2 = bootstrapVariances(diff, q);
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

/** MT19937 words a chunk of resamples may draw (about 5-10 ms): bounds the time between progress steps. */
const CHUNK_DRAWS = 1_000_000;
/** A call reports progress at least this many times (a chunk holds at most 1 / MIN_STEPS of the reps). */
const MIN_STEPS = 10;

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
 * candidate) and counts exceedances. Resamples are drawn in chunks (RunSums), each chunk summed one column
 * block at a time; after a chunk that passed a multiple of the progress interval it reports `step(rep, reps)`.
 */
export async function bootstrapCounts(
  diff: Differentials,
  st: Studentized,
  blockSize: number,
  reps: number,
  seed: number,
): Promise<BootstrapCounts> {
  const merge = mergesRuns(diff.runs.blocks, blockSize);
  const draws = new RunDraws(diff.runs.memory, diff.runs.drawsAt, diff.n, 1 / blockSize, seed, merge);
  const slots = [new RunSums(diff.runs, 0, 0), new RunSums(diff.runs, 0, 1)] as const;
  const interval = progressInterval(reps, diff.n, diff.k);
  // A chunk: at most a tenth of the reps and CHUNK_DRAWS words (unless one interval is more), and RunSums' runs.
  const most = Math.max(interval, Math.min(Math.ceil(reps / MIN_STEPS), Math.floor(CHUNK_DRAWS / diff.n)));
  const tally = new Tally(diff, st, Math.min(reps, most, CHUNK_REPS), shareFor(diff, blockSize, reps));
  let drawn = 0;
  const fill = (chunk: RunSums) => {
    chunk.clear();
    const end = Math.min(reps, drawn + most);
    for (; drawn < end && !chunk.full; drawn++) chunk.draw(draws);
  };
  let tallied = 0;
  let slot = 0;
  fill(slots[0]);
  try {
    while (tallied < reps) {
      const chunk = slots[slot as 0 | 1];
      const next = slots[(1 - slot) as 0 | 1];
      tally.open(chunk, slot);
      // With a helper, the next chunk is drawn while it sums this one's first blocks (the same draws in turn).
      const ahead = tally.shared && drawn < reps;
      if (ahead) fill(next);
      tally.finish(chunk);
      if (!ahead && drawn < reps) fill(next);
      slot = 1 - slot;
      const before = tallied;
      tallied += chunk.resamples;
      if (tallied < reps && Math.floor(tallied / interval) > Math.floor(before / interval)) await step(tallied, reps);
    }
  } finally {
    tally.end();
  }
  await step(reps, reps);
  return tally.counts();
}

/**
 * Resamples are drawn as merged stretches (RunDraws' `merge`) when the column blocks are at least this many times
 * the block length: merging costs about n steps per resample and saves row reads in every block, most at short
 * blocks (docs/performance.md, "Merged runs").
 */
const MERGE_BLOCKS_PER_BLOCK_LENGTH = 8;

/** Tests set `force` to draw merged stretches (true) or runs (false) whatever the sizes; null: by the sizes. */
export const merging = { force: null as boolean | null };

/** Whether the bootstrap draws merged stretches for a table of `blocks` column blocks at this block length. */
export const mergesRuns = (blocks: number, blockSize: number): boolean =>
  merging.force ?? blocks >= MERGE_BLOCKS_PER_BLOCK_LENGTH * blockSize;

/** Resampled run-candidate adds from which a call shares its blocks with the helper thread (about 10 ms). */
const SHARE_FROM_ADDS = 2e7;

/** Tests set `force` to share a call's blocks (true) or not (false) whatever its size; null: by its size. */
export const sharing = { force: null as boolean | null };

function shareFor(diff: Differentials, blockSize: number, reps: number): BlockShare | null {
  if (diff.runs.blocks < 2) return null; // one block: nothing to share
  const worth = (reps * diff.n * diff.k) / blockSize >= SHARE_FROM_ADDS;
  if (!(sharing.force ?? worth)) return null;
  return BlockShare.start(diff.runs.memory, diff.n, diff.k);
}

/**
 * The exceedance counts over chunks of resamples; each chunk's maxima are taken over every column block,
 * the blocks shared with the helper thread when `share` is given (its maxima merged when the chunk closes).
 */
class Tally {
  private lower = 0;
  private consistent = 0;
  private upper = 0;
  private readonly params: TallyParams;
  private readonly maxima: Maxima;

  constructor(
    private readonly diff: Differentials,
    private readonly st: Studentized,
    chunk: number,
    private readonly share: BlockShare | null,
  ) {
    this.params = share?.views.params ?? tallyParams(diff.k);
    fillTallyParams(this.params, st);
    this.maxima = { tl: new Float64Array(chunk), tc: new Float64Array(chunk), tu: new Float64Array(chunk) };
  }

  /** Whether a helper thread shares the blocks. */
  get shared(): boolean {
    return this.share !== null;
  }

  /** Starts a chunk kept in `chunk` (slot `slot`): its maxima from 0, the helper told to take blocks of it. */
  open(chunk: RunSums, slot: number): void {
    const m = chunk.resamples;
    for (const t of [this.maxima.tl, this.maxima.tc, this.maxima.tu]) t.fill(0, 0, m);
    this.share?.open(m, chunk.runsHeld, slot);
  }

  /** Counts the chunk's resamples: block by block, each resample's sums scaled, maximised and compared. */
  finish(chunk: RunSums): void {
    const { tl, tc, tu } = this.maxima;
    const m = chunk.resamples;
    const { runs, k } = this.diff;
    const share = this.share;
    let c = share ? share.claim() : 0;
    for (; c < runs.blocks; c = share ? share.claim() : c + 1) {
      chunk.warm(c);
      const first = c * WIDTH;
      tallyBlock(this.params, this.maxima, chunk.sumBlock(c), first, Math.min(k, first + WIDTH), widthOf(runs, c), m);
    }
    if (share) {
      simdPasses.count += share.close();
      mergeMaxima(this.maxima, share.views.helperMaxima, m);
    }
    const { statistic } = this.st;
    for (let i = 0; i < m; i++) {
      if (tl[i]! >= statistic) this.lower++;
      if (tc[i]! >= statistic) this.consistent++;
      if (tu[i]! >= statistic) this.upper++;
    }
  }

  /** Ends the helper thread's part in the call. */
  end(): void {
    this.share?.end();
  }

  counts(): BootstrapCounts {
    const { lower, consistent, upper } = this;
    return { lower, consistent, upper, individual: Int32Array.from(this.params.individual) };
  }
}
