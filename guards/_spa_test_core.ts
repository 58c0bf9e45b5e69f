// Numerics of Hansen's SPA test (spa_test.md, Method): loss differentials, studentization,
// recentring and the stationary-bootstrap p-values. Inputs are validated finite arrays.
import { politisWhiteBlockLength, politisWhiteOfDemeaned, stationaryBootstrapVariance } from "../src/lib/bootstrap.js";
import { allEqual, maxOf, mean } from "../src/lib/stats.js";
import { step } from "../src/lib/progress.js";
import { RunDraws } from "./_spa_test_draws.js";
import { LagSums } from "./_spa_test_lags_wasm.js";
import { CHUNK_REPS, RunSums, type RunTable, runTable, simdPasses, WIDTH, widthOf } from "./_spa_test_run_sums.js";
import { BlockShare } from "./_spa_test_helper.js";
import { type Maxima, mergeMaxima, tallyBlock, type TallyParams } from "./_spa_test_tally.js";

/** Per-candidate differentials d_{t,k} = model - benchmark, demeaned, with their statistics. */
export interface Differentials {
  readonly n: number;
  readonly k: number;
  /** d_{.,k} per candidate (column k). */
  readonly d: readonly Float64Array[];
  /** dbar_k. */
  readonly means: Float64Array;
  /** Demeaned differentials e_{t,k} = d_{t,k} - dbar_k per candidate (exactly 0 for a constant column). */
  readonly e: readonly Float64Array[];
  /** The demeaned differentials with their prefix sums, in column blocks, for the bootstrap's run sums. */
  readonly runs: RunTable;
}

export function differentials(benchmark: ArrayLike<number>, models: readonly ArrayLike<number>[]): Differentials {
  const n = benchmark.length;
  const k = models.length;
  const d = models.map((col) => differenceOf(col, benchmark));
  const constant = d.map((col) => allEqual(col));
  const means = Float64Array.from(d, (col, j) => (constant[j] ? col[0]! : mean(col)));
  const e = d.map((col, j) => (constant[j] ? new Float64Array(n) : demeaned(col, means[j]!)));
  return { n, k, d, means, e, runs: runTable(n, k, e) };
}

/** d_t = model_t - benchmark_t. */
function differenceOf(model: ArrayLike<number>, benchmark: ArrayLike<number>): Float64Array {
  const out = new Float64Array(benchmark.length);
  for (let t = 0; t < out.length; t++) out[t] = model[t]! - benchmark[t]!;
  return out;
}

/** col - m. */
function demeaned(col: Float64Array, m: number): Float64Array {
  const out = new Float64Array(col.length);
  for (let t = 0; t < col.length; t++) out[t] = col[t]! - m;
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
  const { autocovariances } = new LagSums(diff.n);
  // A non-constant column's e is d - mean(d) as politisWhiteBlockLength demeans it (the same left-to-right
  // sum over n); a constant column's e is exactly 0 instead, so it goes through the demeaning.
  const perCandidate = diff.d.map((col, j) =>
    allEqual(col) ? politisWhiteBlockLength(col, autocovariances) : politisWhiteOfDemeaned(diff.e[j]!, autocovariances),
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

export function studentize(diff: Differentials, blockSize: number): Studentized {
  const { n, k, means } = diff;
  const q = 1 / blockSize;
  const omega2 = Float64Array.from(diff.e, (e) => stationaryBootstrapVariance(e, q));
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
  const draws = new RunDraws(diff.runs.memory, diff.runs.drawsAt, diff.n, 1 / blockSize, seed);
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

/** Resampled run-candidate adds from which a call shares its blocks with the helper thread (about 10 ms). */
const SHARE_FROM_ADDS = 2e7;

/** Tests set `force` to share a call's blocks (true) or not (false) whatever its size; null: by its size. */
export const sharing = { force: null as boolean | null };

function shareFor(diff: Differentials, blockSize: number, reps: number): BlockShare | null {
  const worth = diff.runs.blocks >= 2 && (reps * diff.n * diff.k) / blockSize >= SHARE_FROM_ADDS;
  if (!(sharing.force ?? worth) || diff.runs.blocks < 2) return null; // one block: nothing to share
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
    const k = diff.k;
    this.params = share?.views.params ?? {
      sumScale: new Float64Array(k),
      offsetLower: new Float64Array(k),
      offsetConsistent: new Float64Array(k),
      threshold: new Float64Array(k),
      individual: new Int32Array(k),
    };
    this.params.sumScale.set(st.sumScale);
    this.params.offsetLower.set(st.offsetLower);
    this.params.offsetConsistent.set(st.offsetConsistent);
    this.params.threshold.set(Array.from(st.z, (v) => Math.max(0, v)));
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
