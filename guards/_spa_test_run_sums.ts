// The SPA bootstrap's resampled sums (docs/performance.md, "The SPA test's stationary bootstrap"): a table
// of the demeaned differentials holds their prefix sums and the rows, so every run of two rows or more is
// one difference table[plus] - table[minus] of prefix rows and a one-row run is one row. The table is cut
// into column blocks of at most WIDTH candidates, each a contiguous row-major table (about 0.5 MB at
// n = 1,890: it stays in a core's L2 cache). The runs of a chunk of resamples are kept as two lists, row
// pairs and single rows, then summed block by block by a WebAssembly SIMD loop (_spa_test_run_sums_wasm.ts)
// that holds a block's sums in registers, two candidates per instruction, across all of a resample's runs.
// Each sum adds one value per run: the longer runs' differences in run order, then the one-row runs' rows
// in run order, so the sums are bit for bit those of a scalar loop in that order. (A run here may be a
// stretch of merged runs: RunDraws' `merge`, _spa_test_segments_wasm.ts.)
import { type Chunk, chunksOver, MAX_LANES } from "./_spa_test_run_sums_wasm.js";
import { memoryOf, type WasmMemory } from "./_wasm_asm.js";
import { drawsBytes, type RunDraws } from "./_spa_test_draws.js";

const F64 = 8;
/** Candidates per column block: the widest SIMD loop's sums. */
export const WIDTH = 2 * MAX_LANES;
/** Runs a chunk of resamples may hold (1 MiB of row pairs), unless one resample needs more. */
const CHUNK_RUNS = 131072;
/** Resamples a chunk may hold. */
export const CHUNK_REPS = 1024;
/** Run-candidate adds a chunk may hold (about 20-40 ms): bounds the time between progress steps at large K. */
const CHUNK_ADDS = 2 ** 26;

/** Demeaned differentials in column blocks, each block's rows with their prefix sums, in wasm memory. */
export interface RunTable {
  readonly n: number;
  readonly k: number;
  /** Column blocks: WIDTH candidates each, the last one the rest rounded up to even (its extra column 0). */
  readonly blocks: number;
  /** Doubles between blocks: 2 n + 1 rows of WIDTH; prefix rows 0..n, then rows n + 1..2 n. */
  readonly blockDoubles: number;
  readonly memory: WasmMemory;
  /** Every block, one after the other (the last one 2 n + 1 rows of its own width). */
  readonly table: Float64Array;
  /** Byte address of the index draws' memory, drawsBytes(n) (after the table, the sums and the chunk slots). */
  readonly drawsAt: number;
}

/** Candidates of block c (an even number; the last block's may include one zero column). */
export const widthOf = (r: RunTable, c: number): number => Math.min(WIDTH, r.k + (r.k & 1) - c * WIDTH);

/** The demeaned differential at row t (0 <= t < n), candidate j. */
export const rowAt = (r: RunTable, t: number, j: number): number => r.table[cell(r, r.n + 1 + t, j)]!;

/** The sum of candidate j's rows before t (0 <= t <= n), in row order. */
export const prefixAt = (r: RunTable, t: number, j: number): number => r.table[cell(r, t, j)]!;

/** Index in `table` of block row `row`, candidate j. */
function cell(r: RunTable, row: number, j: number): number {
  const c = Math.floor(j / WIDTH);
  return c * r.blockDoubles + row * widthOf(r, c) + (j % WIDTH);
}

/** Runs a chunk holds: CHUNK_RUNS or CHUNK_ADDS / k if fewer, but room for one resample's 2 n + 1 runs. */
const capacityFor = (n: number, k: number): number =>
  Math.max(Math.min(CHUNK_RUNS, Math.floor(CHUNK_ADDS / k)), 2 * n + 1);

/** Sums areas in the memory: one per thread summing blocks (the calling thread's 0, the helper's 1). */
export const SUM_AREAS = 2;
/** Chunk slots (run counts and runs): the next chunk is drawn into one while the helper sums the other. */
export const SLOTS = 2;

/**
 * Bytes of one chunk slot: CHUNK_REPS pair counts and CHUNK_REPS single counts, then room for `capacity` runs
 * in each list, pairs then singles, and one more each (the draws write one entry past a list's last).
 */
const slotBytes = (capacity: number) => CHUNK_REPS * 8 + (capacity + 1) * 8 + (capacity + 1) * 4;

/** Where a table of n x k values and its chunk's buffers lie in memory: the same on both threads. */
function layoutOf(n: number, k: number) {
  const blocks = Math.ceil(k / WIDTH);
  const blockDoubles = (2 * n + 1) * WIDTH;
  const lastWidth = k + (k & 1) - (blocks - 1) * WIDTH;
  const tableDoubles = (blocks - 1) * blockDoubles + (2 * n + 1) * lastWidth;
  const sumsBytes = SUM_AREAS * CHUNK_REPS * WIDTH * F64;
  const bytes = tableDoubles * F64 + sumsBytes + SLOTS * slotBytes(capacityFor(n, k)) + drawsBytes(n);
  return { blocks, blockDoubles, tableDoubles, bytes };
}

/** The run table of n x k values already in `memory` (the helper thread's view of the caller's table). */
export function runTableOver(memory: WasmMemory, n: number, k: number): RunTable {
  const { blocks, blockDoubles, tableDoubles, bytes } = layoutOf(n, k);
  const table = new Float64Array(memory.buffer, 0, tableDoubles);
  return { n, k, blocks, blockDoubles, memory, table, drawsAt: bytes - drawsBytes(n) };
}

/** The table of n x k demeaned differentials `columns[j]` (each n long), then each block's prefix sums. */
export function runTable(n: number, k: number, columns: readonly ArrayLike<number>[]): RunTable {
  const r = emptyRunTable(n, k);
  for (let j = 0; j < k; j++) {
    const col = columns[j]!;
    fillColumn(r, j, col instanceof Float64Array ? col : Float64Array.from(col));
  }
  return r;
}

/** A table of n rows and k candidates, every cell 0: fillColumn writes each candidate. */
export function emptyRunTable(n: number, k: number): RunTable {
  const { bytes } = layoutOf(n, k);
  // Addresses are i32 in the SIMD loop: the table must fit 2^31 bytes (about 134 million values).
  if (bytes >= 2 ** 31) throw new RangeError(`SPA bootstrap table of ${n} x ${k} values needs more than 2 GiB`);
  const spare = spareMemory !== null && spareMemory.buffer.byteLength >= bytes ? spareMemory : null;
  spareMemory = null;
  const r = runTableOver(spare ?? memoryOf(bytes), n, k);
  if (spare !== null) clearUnwritten(r, bytes);
  return r;
}

/** Memory of a table whose call is over (releaseRunTable), taken by the next table that fits in it. */
let spareMemory: WasmMemory | null = null;
/** A released table's memory is kept for the next call only up to this size. */
const SPARE_MAX_BYTES = 64 * 2 ** 20;

/**
 * Hands the memory of a table no longer read (its call has returned) to the next emptyRunTable: its pages are
 * already mapped, so the next call does not pay a page fault per 4 KiB written. `r` must not be used after
 * (the helper thread leaves a call's memory once the call has ended: it writes only within a chunk it
 * claimed, and the caller closes every chunk before it returns).
 */
export function releaseRunTable(r: RunTable): void {
  if (r.memory.buffer.byteLength <= SPARE_MAX_BYTES) spareMemory = r.memory;
}

/**
 * Zeroes what fillColumn does not write in reused memory: each block's prefix row 0, a padding column, and
 * everything after the table up to `bytes` (sums areas, chunk slots, the draws' state and marks).
 */
function clearUnwritten(r: RunTable, bytes: number): void {
  const { n, k, table } = r;
  for (let c = 0; c < r.blocks; c++) {
    const width = widthOf(r, c);
    const base = c * r.blockDoubles;
    table.fill(0, base, base + width);
  }
  if (k & 1) {
    const c = r.blocks - 1;
    const width = widthOf(r, c);
    const pad = c * r.blockDoubles + width - 1;
    for (let row = 0; row < 2 * n + 1; row++) table[pad + row * width] = 0;
  }
  new Uint8Array(r.memory.buffer, table.byteLength, bytes - table.byteLength).fill(0);
}

/**
 * Candidate j's column (block floor(j / WIDTH), column j mod WIDTH of it): rows n + 1..2 n the n values
 * v_t = col_t - m (col_t itself for m = 0), prefix row t + 1 = prefix row t + v_t in row order (prefix row 0
 * and a padding column stay 0).
 */
export function fillColumn(r: RunTable, j: number, col: Float64Array, m = 0): void {
  const { n, table } = r;
  const c = Math.floor(j / WIDTH);
  const width = widthOf(r, c);
  let row = c * r.blockDoubles + (n + 1) * width + (j % WIDTH);
  let prefix = c * r.blockDoubles + width + (j % WIDTH);
  let s = 0;
  for (let t = 0; t < n; t++) {
    const v = col[t]! - m;
    table[row] = v;
    s += v;
    table[prefix] = s;
    row += width;
    prefix += width;
  }
}

/**
 * fillColumn of candidates j (even) and j + 1 with `a` - ma and `b` - mb, in one loop: their prefix sums are
 * two independent chains of additions the CPU overlaps, and each row's two cells are adjacent.
 */
export function fillColumnPair(r: RunTable, j: number, a: Float64Array, ma: number, b: Float64Array, mb: number) {
  const { n, table } = r;
  const c = Math.floor(j / WIDTH);
  const width = widthOf(r, c);
  let row = c * r.blockDoubles + (n + 1) * width + (j % WIDTH);
  let prefix = c * r.blockDoubles + width + (j % WIDTH);
  let sa = 0;
  let sb = 0;
  for (let t = 0; t < n; t++) {
    const va = a[t]! - ma;
    const vb = b[t]! - mb;
    table[row] = va;
    table[row + 1] = vb;
    sa += va;
    sb += vb;
    table[prefix] = sa;
    table[prefix + 1] = sb;
    row += width;
    prefix += width;
  }
}

/**
 * Steps of the SIMD loop in this process (each adds one run's difference into two sums): the
 * operation-count tests add it to V8's coverage counts, which do not see inside WebAssembly.
 */
export const simdPasses = { count: 0 };

/**
 * A chunk of resamples' runs, kept as row pairs and single rows, and their sums one column block at a time:
 * `draw` (or `push`) each resample while `full` is false, then `sumBlock(c)` for every block c.
 */
export class RunSums {
  /** The sums of the last `sumBlock`: resample i's at i widthOf(c) + j (candidate c WIDTH + j). */
  private readonly sums: Float64Array;
  /** Pair and single counts of each resample kept since `clear`; its entries follow the previous one's. */
  private readonly counts: Int32Array;
  private readonly singleCounts: Int32Array;
  /** Runs of two rows or more as (plus, minus) prefix rows; one-row runs as their row. */
  private readonly pairs: Int32Array;
  private readonly singles: Int32Array;
  private readonly capacity: number;
  private readonly chunks: readonly Chunk[];
  private reps = 0;
  private used = 0;
  private pairsUsed = 0;
  private singlesUsed = 0;

  /**
   * Sums into area `area` (0 <= area < SUM_AREAS: each thread summing blocks of one chunk has its own), the
   * chunk's runs kept in slot `slot` (0 <= slot < SLOTS).
   */
  constructor(
    private readonly t: RunTable,
    area = 0,
    slot = 0,
  ) {
    const capacity = capacityFor(t.n, t.k);
    this.capacity = capacity;
    const { buffer } = t.memory;
    const sumsAt = t.table.byteLength + area * CHUNK_REPS * WIDTH * F64;
    const countsAt = t.table.byteLength + SUM_AREAS * CHUNK_REPS * WIDTH * F64 + slot * slotBytes(capacity);
    const pairsAt = countsAt + CHUNK_REPS * 8;
    this.sums = new Float64Array(buffer, sumsAt, CHUNK_REPS * WIDTH);
    this.counts = new Int32Array(buffer, countsAt, CHUNK_REPS);
    this.singleCounts = new Int32Array(buffer, countsAt + CHUNK_REPS * 4, CHUNK_REPS);
    this.pairs = new Int32Array(buffer, pairsAt, 2 * (capacity + 1));
    this.singles = new Int32Array(buffer, pairsAt + (capacity + 1) * 8, capacity + 1);
    this.chunks = chunksOver(t.memory);
  }

  /** Runs of the resamples kept since `clear`. */
  get runsHeld(): number {
    return this.used;
  }

  /** Resamples kept since `clear`. */
  get resamples(): number {
    return this.reps;
  }

  /** Whether the chunk holds CHUNK_REPS resamples, or a resample of the most runs (2 n + 1) might not fit. */
  get full(): boolean {
    return this.reps === CHUNK_REPS || this.used + 2 * this.t.n + 1 > this.capacity;
  }

  clear(): void {
    this.used = 0;
    this.pairsUsed = 0;
    this.singlesUsed = 0;
    this.reps = 0;
  }

  /** Keeps one resample: its runs [starts[r], ends[r]) for r < `runs`, in order. */
  push(starts: Int32Array, ends: Int32Array, runs: number): void {
    const rowsAt = this.t.n + 1;
    let pairs = 0;
    let singles = 0;
    for (let r = 0; r < runs; r++) {
      const s = starts[r]!;
      const e = ends[r]!;
      if (e - s === 1) {
        this.singles[this.singlesUsed + singles++] = rowsAt + s;
      } else {
        const at = 2 * (this.pairsUsed + pairs++);
        this.pairs[at] = e;
        this.pairs[at + 1] = s;
      }
    }
    this.kept(pairs, singles);
  }

  /** Keeps one resample drawn by `draws` straight into the chunk's lists (the rows as `push` writes them). */
  draw(draws: RunDraws): void {
    const pairs = draws.next(
      this.pairs.byteOffset + 8 * this.pairsUsed,
      this.singles.byteOffset + 4 * this.singlesUsed,
    );
    this.kept(pairs, draws.singles);
  }

  /** Takes the chunk another RunSums over the same table kept: `reps` resamples, `runs` runs in all. */
  adopt(reps: number, runs: number): void {
    this.reps = reps;
    this.used = runs;
  }

  private kept(pairs: number, singles: number): void {
    this.counts[this.reps] = pairs;
    this.singleCounts[this.reps++] = singles;
    this.pairsUsed += pairs;
    this.singlesUsed += singles;
    this.used += pairs + singles;
  }

  /** The last sweep's sum: kept so the reads of `warm` are not dropped as unused. */
  swept = 0;

  /**
   * Reads block c front to back, one double per 64-byte line: the hardware prefetcher brings a whole block
   * into the cache far faster than the runs' scattered first reads would.
   */
  warm(c: number): void {
    const { table, blockDoubles } = this.t;
    const end = Math.min(table.length, (c + 1) * blockDoubles);
    let s = 0;
    for (let i = c * blockDoubles; i < end; i += 8) s += table[i]!;
    this.swept = s;
  }

  /**
   * The sums of block c's candidates over each resample's runs (the longer runs' differences in run order,
   * then the one-row runs' rows in run order): resample i's widthOf(c) sums from index i widthOf(c) (a view,
   * valid until the next call).
   */
  sumBlock(c: number): Float64Array {
    const width = widthOf(this.t, c);
    const { sums, reps, pairs, counts, singles, singleCounts } = this;
    sums.fill(0, 0, reps * width);
    const base = c * this.t.blockDoubles * F64;
    const chunk = this.chunks[width / 2 - 1]!;
    chunk(
      sums.byteOffset,
      pairs.byteOffset,
      counts.byteOffset,
      singles.byteOffset,
      singleCounts.byteOffset,
      reps,
      base,
      width * F64,
    );
    simdPasses.count += (this.used * width) / 2;
    return sums;
  }
}
