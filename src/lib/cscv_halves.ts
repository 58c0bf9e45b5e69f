// Scores of one CSCV half (a sorted set of blocks) from per-block moments, merged in ascending block
// order. Successive halves share a prefix of blocks (lexicographic enumeration), so the merged state
// after each prefix is kept and only the blocks past the shared prefix are merged again: the same
// operations in the same order as merging every half from its first block, hence the same bits.

/** Per block and column: count, mean, sum of squared deviations, min and max; index block * N + column. */
export interface BlockStats {
  readonly count: Int32Array;
  readonly mean: Float64Array;
  readonly m2: Float64Array;
  readonly min: Float64Array;
  readonly max: Float64Array;
}

/** The CSCV performance score: the Sharpe ratio (the paper's default) or the mean return (its alternative). */
export type PboMetric = "sharpe" | "mean";

export class HalfScorer {
  /** Merged state after blocks[0..d], at offset d * nCols. */
  private readonly mean: Float64Array;
  private readonly m2: Float64Array;
  private readonly min: Float64Array;
  private readonly max: Float64Array;
  private readonly count: Int32Array;
  /** The half the states describe; `valid` of its leading blocks are merged. */
  private readonly blocks: Int32Array;
  private valid = 0;

  constructor(
    private readonly s: BlockStats,
    private readonly nCols: number,
    size: number,
  ) {
    this.mean = new Float64Array(size * nCols);
    this.m2 = new Float64Array(size * nCols);
    this.min = new Float64Array(size * nCols);
    this.max = new Float64Array(size * nCols);
    this.count = new Int32Array(size);
    this.blocks = new Int32Array(size);
  }

  /**
   * Scores (mean / sd, ddof 1, not annualised; or the mean for metric "mean") of every column on the union of
   * `blocks` into `out` (n = n_a + n_b, delta = mean_b - mean_a, mean = mean_a + delta n_b / n,
   * M2 = M2_a + M2_b + delta^2 n_a n_b / n); 0 where all the half's values are identical.
   */
  scores(blocks: Int32Array, out: Float64Array, metric: PboMetric): void {
    let d = 0;
    while (d < this.valid && this.blocks[d] === blocks[d]) d++;
    if (d === 0) this.first(blocks[0]!);
    for (let i = Math.max(d, 1); i < blocks.length; i++) this.merge(i, blocks[i]!);
    this.blocks.set(blocks);
    this.valid = blocks.length;
    const at = (blocks.length - 1) * this.nCols;
    const n = this.count[blocks.length - 1]!;
    const { mean, m2, min, max } = this;
    if (metric === "mean") out.set(mean.subarray(at, at + this.nCols));
    else
      for (let c = 0; c < this.nCols; c++)
        out[c] = min[at + c] === max[at + c] ? 0 : mean[at + c]! / Math.sqrt(m2[at + c]! / (n - 1));
  }

  /** State 0: block b's own moments. */
  private first(b: number): void {
    const from = b * this.nCols;
    const to = from + this.nCols;
    this.mean.set(this.s.mean.subarray(from, to));
    this.m2.set(this.s.m2.subarray(from, to));
    this.min.set(this.s.min.subarray(from, to));
    this.max.set(this.s.max.subarray(from, to));
    this.count[0] = this.s.count[b]!;
  }

  /** State i: state i - 1 merged with block b (the count weights do not depend on the column). */
  private merge(i: number, b: number): void {
    const { s, nCols, mean, m2, min, max } = this;
    const n = this.count[i - 1]!;
    const nb = s.count[b]!;
    const total = n + nb;
    this.count[i] = total;
    const meanWeight = nb / total;
    const m2Weight = (n * nb) / total;
    const prev = (i - 1) * nCols;
    const cur = i * nCols;
    const base = b * nCols;
    for (let c = 0; c < nCols; c++) {
      const at = base + c;
      const delta = s.mean[at]! - mean[prev + c]!;
      m2[cur + c] = m2[prev + c]! + (s.m2[at]! + delta * delta * m2Weight);
      mean[cur + c] = mean[prev + c]! + delta * meanWeight;
      min[cur + c] = Math.min(s.min[at]!, min[prev + c]!);
      max[cur + c] = Math.max(s.max[at]!, max[prev + c]!);
    }
  }
}
