// The SPA bootstrap's resampled sums (docs/performance.md, "The SPA test's stationary bootstrap"): one
// row-major table of the demeaned differentials holds their prefix sums, the rows and a zero row, so every
// run of a resample is one K-vector difference table[plus] - table[minus] (a one-row run is its row minus
// the zero row, the same value as the row), and eight runs are added per pass over the K sums.

/** Runs added per pass over the K sums (each sum keeps its additions in run order). */
const GROUP = 8;

/** Prefix sums (n + 1 rows of k), the rows (n) and a zero row, row-major in one buffer. */
export interface RunTable {
  readonly n: number;
  readonly k: number;
  readonly table: Float64Array;
  /** Row-major demeaned differentials: rows[t * k + j] (a view of `table`). */
  readonly rows: Float64Array;
  /** Row-major prefix sums: prefix[t * k + j] = sum_{s < t} rows[s * k + j]; n + 1 rows (a view of `table`). */
  readonly prefix: Float64Array;
}

/** The table of n x k rows that `fill` writes row-major into the view it is given; then their prefix sums. */
export function runTable(n: number, k: number, fill: (rows: Float64Array) => void): RunTable {
  const table = new Float64Array((2 * n + 2) * k);
  const prefix = table.subarray(0, (n + 1) * k);
  const rows = table.subarray((n + 1) * k, (2 * n + 1) * k);
  fill(rows);
  for (let t = 0; t < n; t++) {
    const src = t * k;
    const dst = src + k;
    for (let j = 0; j < k; j++) prefix[dst + j] = prefix[src + j]! + rows[src + j]!;
  }
  return { n, k, table, rows, prefix };
}

/** Adds resamples' runs to K sums, GROUP runs per pass; each sum adds one difference per run, in run order. */
export class RunSums {
  private readonly plus: Int32Array;
  private readonly minus: Int32Array;

  constructor(private readonly t: RunTable) {
    // A resample of n positions has at most 2 n runs (StationaryBootstrap's bound).
    this.plus = new Int32Array(2 * t.n + 1);
    this.minus = new Int32Array(2 * t.n + 1);
  }

  /** sums[j] += sum over runs r < `runs` of the rows [starts[r], ends[r]) of column j, run by run. */
  add(sums: Float64Array, starts: Int32Array, ends: Int32Array, runs: number): void {
    const { n, k, table } = this.t;
    const { plus, minus } = this;
    const rowsAt = (n + 1) * k;
    const zeroAt = (2 * n + 1) * k;
    for (let r = 0; r < runs; r++) {
      const s = starts[r]!;
      const e = ends[r]!;
      const one = e - s === 1;
      plus[r] = one ? rowsAt + s * k : e * k;
      minus[r] = one ? zeroAt : s * k;
    }
    let r = 0;
    for (; r + GROUP <= runs; r += GROUP) addGroup(sums, table, k, plus, minus, r);
    for (; r < runs; r++) {
      const p = plus[r]!;
      const m = minus[r]!;
      for (let j = 0; j < k; j++) sums[j] += table[p + j]! - table[m + j]!;
    }
  }
}

/** Runs r..r+7 into every sum: one load and store of sums[j] for eight differences, added in order. */
function addGroup(
  sums: Float64Array,
  t: Float64Array,
  k: number,
  plus: Int32Array,
  minus: Int32Array,
  r: number,
): void {
  const p0 = plus[r]!;
  const p1 = plus[r + 1]!;
  const p2 = plus[r + 2]!;
  const p3 = plus[r + 3]!;
  const p4 = plus[r + 4]!;
  const p5 = plus[r + 5]!;
  const p6 = plus[r + 6]!;
  const p7 = plus[r + 7]!;
  const m0 = minus[r]!;
  const m1 = minus[r + 1]!;
  const m2 = minus[r + 2]!;
  const m3 = minus[r + 3]!;
  const m4 = minus[r + 4]!;
  const m5 = minus[r + 5]!;
  const m6 = minus[r + 6]!;
  const m7 = minus[r + 7]!;
  for (let j = 0; j < k; j++) {
    let a = sums[j]!;
    a += t[p0 + j]! - t[m0 + j]!;
    a += t[p1 + j]! - t[m1 + j]!;
    a += t[p2 + j]! - t[m2 + j]!;
    a += t[p3 + j]! - t[m3 + j]!;
    a += t[p4 + j]! - t[m4 + j]!;
    a += t[p5 + j]! - t[m5 + j]!;
    a += t[p6 + j]! - t[m6 + j]!;
    a += t[p7 + j]! - t[m7 + j]!;
    sums[j] = a;
  }
}
