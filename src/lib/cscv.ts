// Combinatorially symmetric cross-validation (Bailey, Borwein, Lopez de Prado and Zhu) and the
// probability of backtest overfitting, as research_audit.md states it. Columns are validated
// finite per-period returns of equal length T >= S.
import { allEqual, maxOf, mean, minOf } from "./stats.js";
import { step } from "./progress.js";
import { type BlockStats, HalfScorer, type PboMetric } from "./cscv_halves.js";

export type { PboMetric } from "./cscv_halves.js";

/** C(n, k), exact for the sizes used here (n <= 20 gives at most 184,756). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) c = (c * (n - Math.min(k, n - k) + i)) / i;
  return Math.round(c);
}

/**
 * Every k-subset of 0..n-1 as a sorted tuple, in lexicographic order; the yielded array is
 * reused between steps (copy it to keep it).
 */
export function* combinations(n: number, k: number): Generator<Int32Array> {
  const c = Int32Array.from({ length: k }, (_, i) => i);
  if (k > n) return;
  for (;;) {
    yield c;
    let i = k - 1;
    while (i >= 0 && c[i] === n - k + i) i--;
    if (i < 0) return;
    c[i]!++;
    for (let j = i + 1; j < k; j++) c[j] = c[j - 1]! + 1;
  }
}

/** Block edges b_j = floor(j T / S), j = 0..S; block j is rows [b_j, b_{j+1}). */
export function blockEdges(nRows: number, nBlocks: number): number[] {
  return Array.from({ length: nBlocks + 1 }, (_, j) => Math.floor((j * nRows) / nBlocks));
}

function blockStats(columns: readonly ArrayLike<number>[], edges: readonly number[]): BlockStats {
  const nCols = columns.length;
  const nBlocks = edges.length - 1;
  const size = nBlocks * nCols;
  const s: BlockStats = {
    count: new Int32Array(nBlocks),
    mean: new Float64Array(size),
    m2: new Float64Array(size),
    min: new Float64Array(size),
    max: new Float64Array(size),
  };
  for (let b = 0; b < nBlocks; b++) {
    s.count[b] = edges[b + 1]! - edges[b]!;
    for (let c = 0; c < nCols; c++) {
      const rows = Array.prototype.slice.call(columns[c], edges[b], edges[b + 1]) as number[];
      const m = mean(rows);
      let m2 = 0;
      if (!allEqual(rows)) for (const x of rows) m2 += (x - m) * (x - m);
      s.mean[b * nCols + c] = m;
      s.m2[b * nCols + c] = m2;
      s.min[b * nCols + c] = minOf(rows);
      s.max[b * nCols + c] = maxOf(rows);
    }
  }
  return s;
}

/** One CSCV run: per split (in lexicographic order of the in-sample block sets) the winner's statistics. */
export interface CscvResult {
  readonly nBlocks: number;
  readonly nConfigs: number;
  /** C(S, S/2): the number of splits evaluated. */
  readonly nCombinations: number;
  /** n* per split: the column with the highest in-sample score (first on ties). */
  readonly winners: Int32Array;
  readonly isScores: Float64Array;
  readonly osScores: Float64Array;
  /** Out-of-sample rank of n*, 1 = worst; ties: n* takes the lowest rank of its tie group. */
  readonly ranks: Int32Array;
  /** ln(omega / (1 - omega)) with omega = rank / (N + 1). */
  readonly logits: Float64Array;
}

/** Element operations between progress steps (about 10-50 ms). */
const WORK_PER_STEP = 5e6;

/** Progress sink: `step` by default; a caller running several stages can offset it. */
export type Progress = (done: number, total: number) => Promise<void>;

/**
 * Runs CSCV over all C(S, S/2) splits; reports progress with `progress(split, total)`.
 * Splits come in complementary pairs: each half's scores are computed once, for the split whose
 * in-sample set holds block 0 (the first C(S, S/2) / 2 in lexicographic order) and for its
 * complement's split, found by its lexicographic rank.
 */
export async function cscv(
  columns: readonly ArrayLike<number>[],
  nBlocks: number,
  progress: Progress = step,
  metric: PboMetric = "sharpe",
): Promise<CscvResult> {
  const nCols = columns.length;
  const nRows = columns[0]!.length;
  const stats = blockStats(columns, blockEdges(nRows, nBlocks));
  const half = nBlocks / 2;
  const total = binomial(nBlocks, half);
  const r: CscvResult = {
    nBlocks,
    nConfigs: nCols,
    nCombinations: total,
    winners: new Int32Array(total),
    isScores: new Float64Array(total),
    osScores: new Float64Array(total),
    ranks: new Int32Array(total),
    logits: new Float64Array(total),
  };
  const interval = Math.max(1, Math.floor(WORK_PER_STEP / (nCols * nBlocks)));
  const withFirst = new Float64Array(nCols);
  const withoutFirst = new Float64Array(nCols);
  const complement = new Int32Array(nBlocks - half);
  const inHalf = new HalfScorer(stats, nCols, half);
  const outHalf = new HalfScorer(stats, nCols, nBlocks - half);
  let split = 0;
  for (const inSample of combinations(nBlocks, half)) {
    if (inSample[0] !== 0) break;
    if (split > 0 && split % interval === 0) await progress(2 * split, total);
    complementOf(inSample, nBlocks, complement);
    inHalf.scores(inSample, withFirst, metric);
    outHalf.scores(complement, withoutFirst, metric);
    recordSplit(r, split++, withFirst, withoutFirst);
    recordSplit(r, lexRank(complement, nBlocks), withoutFirst, withFirst);
  }
  await progress(total, total);
  return r;
}

/** Position of the sorted k-subset `c` of 0..n-1 in lexicographic order (0-based). */
export function lexRank(c: ArrayLike<number>, n: number): number {
  const k = c.length;
  let rank = 0;
  let prev = -1;
  for (let i = 0; i < k; i++) {
    for (let v = prev + 1; v < c[i]!; v++) rank += binomial(n - 1 - v, k - 1 - i);
    prev = c[i]!;
  }
  return rank;
}

function complementOf(subset: Int32Array, n: number, out: Int32Array): void {
  let j = 0;
  let o = 0;
  for (let b = 0; b < n; b++) {
    if (j < subset.length && subset[j] === b) j++;
    else out[o++] = b;
  }
}

function recordSplit(r: CscvResult, split: number, isScore: Float64Array, osScore: Float64Array): void {
  let winner = 0;
  for (let c = 1; c < isScore.length; c++) if (isScore[c]! > isScore[winner]!) winner = c;
  const os = osScore[winner]!;
  let below = 0;
  for (let c = 0; c < osScore.length; c++) if (osScore[c]! < os) below++;
  const rank = 1 + below;
  const omega = rank / (r.nConfigs + 1);
  r.winners[split] = winner;
  r.isScores[split] = isScore[winner]!;
  r.osScores[split] = os;
  r.ranks[split] = rank;
  r.logits[split] = Math.log(omega / (1 - omega));
}

/** Summary of a CSCV run; `degradationSlope` is null when the in-sample scores do not vary. */
export interface PboSummary {
  /** Share of splits with logit <= 0, i.e. 2 rank <= N + 1. */
  readonly pbo: number;
  /** Share of splits whose winner scores <= 0 out of sample. */
  readonly probOosLoss: number;
  /** OLS slope of the winner's out-of-sample score on its in-sample score, across splits. */
  readonly degradationSlope: number | null;
  readonly nDistinctWinners: number;
}

export function summarizePbo(r: CscvResult): PboSummary {
  const total = r.nCombinations;
  let overfit = 0;
  let loss = 0;
  for (let i = 0; i < total; i++) {
    if (2 * r.ranks[i]! <= r.nConfigs + 1) overfit++;
    if (r.osScores[i]! <= 0) loss++;
  }
  return {
    pbo: overfit / total,
    probOosLoss: loss / total,
    degradationSlope: olsSlope(r.isScores, r.osScores),
    nDistinctWinners: new Set(r.winners).size,
  };
}

/** OLS slope of y on x (two-pass); null when x does not vary. */
export function olsSlope(x: Float64Array, y: Float64Array): number | null {
  if (x.length < 2 || allEqual(x)) return null;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) * (x[i]! - mx);
  }
  return sxy / sxx;
}

/**
 * Mean of |Pearson correlation| over all column pairs (full sample); pairs with a constant
 * column are undefined and left out; null when no pair is defined. Yields every ~5e6 operations.
 */
export async function meanAbsCorrelation(
  columns: readonly ArrayLike<number>[],
  progress: Progress = step,
): Promise<number | null> {
  const standardized = columns.map(standardize);
  const nRows = columns[0]?.length ?? 0;
  let sum = 0;
  let pairs = 0;
  let work = 0;
  for (let i = 0; i < standardized.length; i++) {
    const a = standardized[i]!;
    if (a === null) continue;
    for (let j = i + 1; j < standardized.length; j++) {
      const b = standardized[j]!;
      if (b === null) continue;
      sum += Math.abs(Math.max(-1, Math.min(1, dot(a, b, nRows))));
      pairs++;
    }
    work += nRows * (standardized.length - i);
    if (work > WORK_PER_STEP) {
      work = 0;
      await progress(i + 1, standardized.length);
    }
  }
  await progress(standardized.length, standardized.length);
  return pairs === 0 ? null : sum / pairs;
}

/** Sum of a[t] * b[t] over t < n in four interleaved partial sums (four independent add chains, not one). */
function dot(a: Float64Array, b: Float64Array, n: number): number {
  let d0 = 0;
  let d1 = 0;
  let d2 = 0;
  let d3 = 0;
  let t = 0;
  for (; t + 3 < n; t += 4) {
    d0 += a[t]! * b[t]!;
    d1 += a[t + 1]! * b[t + 1]!;
    d2 += a[t + 2]! * b[t + 2]!;
    d3 += a[t + 3]! * b[t + 3]!;
  }
  for (; t < n; t++) d0 += a[t]! * b[t]!;
  return d0 + d1 + (d2 + d3);
}

/** (x - mean) / sqrt(sum of squared deviations), so dot products are correlations; null if constant. */
function standardize(x: ArrayLike<number>): Float64Array | null {
  if (allEqual(x)) return null;
  const m = mean(x);
  const out = new Float64Array(x.length);
  let ss = 0;
  for (let t = 0; t < out.length; t++) {
    const v = x[t]! - m;
    out[t] = v;
    ss += v * v;
  }
  const scale = 1 / Math.sqrt(ss);
  for (let t = 0; t < out.length; t++) out[t]! *= scale;
  return out;
}
