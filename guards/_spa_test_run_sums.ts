// The SPA bootstrap's resampled sums (docs/performance.md, "The SPA test's stationary bootstrap"): one
// row-major table of the demeaned differentials holds their prefix sums, the rows and a zero row, so every
// run of a resample is one K-vector difference table[plus] - table[minus] (a one-row run is its row minus
// the zero row, the same value as the row). Groups of eight runs go to a WebAssembly SIMD loop
// (_spa_test_run_sums_wasm.ts) that adds them two candidates per instruction; each sum still adds one
// difference per run, in run order, so the sums are bit for bit those of a scalar loop.
import { GROUP, groupsOver, memoryOf, type WasmMemory } from "./_spa_test_run_sums_wasm.js";

const F64 = 8;

/** Prefix sums (n + 1 rows), the rows (n) and a zero row, row-major with `stride` doubles a row, in wasm memory. */
export interface RunTable {
  readonly n: number;
  readonly k: number;
  /** Doubles per row: k rounded up to even (two-lane SIMD); the extra column is 0. */
  readonly stride: number;
  readonly memory: WasmMemory;
  /** The whole table: prefix rows 0..n, then rows n + 1..2n, then the zero row 2n + 1. */
  readonly table: Float64Array;
  /** Row-major demeaned differentials: rows[t * stride + j] (a view of `table`). */
  readonly rows: Float64Array;
  /** Prefix sums: prefix[t * stride + j] = sum_{s < t} rows[s * stride + j]; n + 1 rows (a view of `table`). */
  readonly prefix: Float64Array;
}

/** Bytes of memory a table for n x k needs: the table, K sums and two addresses per run (at most 2 n + 1 runs). */
function bytesFor(n: number, stride: number): number {
  return (2 * n + 2) * stride * F64 + stride * F64 + (2 * n + 1) * 2 * 4;
}

/** The table of n x k rows that `fill(rows, stride)` writes row-major into the view it gets, then their prefix sums. */
export function runTable(n: number, k: number, fill: (rows: Float64Array, stride: number) => void): RunTable {
  const stride = k + (k & 1);
  const bytes = bytesFor(n, stride);
  // Addresses are i32 in the SIMD loop: the table must fit 2^31 bytes (about 134 million values).
  if (bytes >= 2 ** 31) throw new RangeError(`SPA bootstrap table of ${n} x ${k} values needs more than 2 GiB`);
  const memory = memoryOf(bytes);
  const table = new Float64Array(memory.buffer, 0, (2 * n + 2) * stride);
  const prefix = table.subarray(0, (n + 1) * stride);
  const rows = table.subarray((n + 1) * stride, (2 * n + 1) * stride);
  fill(rows, stride);
  for (let t = 0; t < n; t++) {
    const src = t * stride;
    const dst = src + stride;
    for (let j = 0; j < stride; j++) prefix[dst + j] = prefix[src + j]! + rows[src + j]!;
  }
  return { n, k, stride, memory, table, rows, prefix };
}

/**
 * Inner-loop passes of the SIMD loop in this process (each adds GROUP runs' differences into two sums): the
 * operation-count tests add it to V8's coverage counts, which do not see inside WebAssembly.
 */
export const simdPasses = { count: 0 };

/** Adds resamples' runs into `sums`, GROUP runs per SIMD pass; each sum adds one difference per run, in run order. */
export class RunSums {
  /** The K sums (`stride` long; the first k are the candidates'), in the table's memory. */
  readonly sums: Float64Array;
  private readonly pairs: Int32Array;
  private readonly groups: (sums: number, bytes: number, pairs: number, count: number) => void;

  constructor(private readonly t: RunTable) {
    const sumsAt = t.table.byteLength;
    this.sums = new Float64Array(t.memory.buffer, sumsAt, t.stride);
    this.pairs = new Int32Array(t.memory.buffer, sumsAt + t.stride * F64, 2 * (2 * t.n + 1));
    this.groups = groupsOver(t.memory);
  }

  /** sums[j] += sum over runs r < `runs` of the rows [starts[r], ends[r]) of column j, run by run. */
  add(starts: Int32Array, ends: Int32Array, runs: number): void {
    const { n, stride, table } = this.t;
    const { pairs, sums } = this;
    const rowsAt = (n + 1) * stride;
    const zeroAt = (2 * n + 1) * stride;
    for (let r = 0; r < runs; r++) {
      const s = starts[r]!;
      const e = ends[r]!;
      const one = e - s === 1;
      pairs[2 * r] = F64 * (one ? rowsAt + s * stride : e * stride);
      pairs[2 * r + 1] = F64 * (one ? zeroAt : s * stride);
    }
    const full = Math.floor(runs / GROUP);
    if (full > 0 && stride > 0) {
      this.groups(sums.byteOffset, stride * F64, pairs.byteOffset, full);
      simdPasses.count += (full * stride) / 2;
    }
    for (let r = full * GROUP; r < runs; r++) {
      const p = pairs[2 * r]! / F64;
      const m = pairs[2 * r + 1]! / F64;
      for (let j = 0; j < stride; j++) sums[j] += table[p + j]! - table[m + j]!;
    }
  }
}
