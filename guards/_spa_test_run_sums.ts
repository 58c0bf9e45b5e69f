// The SPA bootstrap's resampled sums (docs/performance.md, "The SPA test's stationary bootstrap"): a table
// of the demeaned differentials holds their prefix sums, the rows and a zero row, so every run of a
// resample is one difference table[plus] - table[minus] (a one-row run is its row minus the zero row, the
// same value as the row). The table is cut into column blocks of at most WIDTH candidates, each a
// contiguous row-major table (about 0.5 MB at n = 1,890: it stays in a core's L2 cache). The runs of a
// chunk of resamples are kept as row pairs, then summed block by block by a WebAssembly SIMD loop
// (_spa_test_run_sums_wasm.ts) that holds a block's sums in registers, two candidates per instruction,
// across all of a resample's runs. Each sum still adds one difference per run, in run order, so the sums
// are bit for bit those of a scalar loop.
import { type Chunk, chunksOver, MAX_LANES } from "./_spa_test_run_sums_wasm.js";
import { memoryOf, type WasmMemory } from "./_wasm_asm.js";
import { type RunDraws, STATE_BYTES } from "./_spa_test_draws.js";

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
  /** Doubles between blocks: 2 n + 2 rows of WIDTH; prefix rows 0..n, rows n + 1..2 n, zero row 2 n + 1. */
  readonly blockDoubles: number;
  readonly memory: WasmMemory;
  /** Every block, one after the other (the last one 2 n + 2 rows of its own width). */
  readonly table: Float64Array;
  /** Byte address of STATE_BYTES for the index draws' generator (after the table, the sums and the pairs). */
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
/** Chunk slots (run counts and pairs): the next chunk is drawn into one while the helper sums the other. */
export const SLOTS = 2;

/** Bytes of one chunk slot: CHUNK_REPS run counts, then the pairs of `capacity` runs. */
const slotBytes = (capacity: number) => CHUNK_REPS * 4 + capacity * 2 * 4;

/** Where a table of n x k values and its chunk's buffers lie in memory: the same on both threads. */
function layoutOf(n: number, k: number) {
  const blocks = Math.ceil(k / WIDTH);
  const blockDoubles = (2 * n + 2) * WIDTH;
  const lastWidth = k + (k & 1) - (blocks - 1) * WIDTH;
  const tableDoubles = (blocks - 1) * blockDoubles + (2 * n + 2) * lastWidth;
  const sumsBytes = SUM_AREAS * CHUNK_REPS * WIDTH * F64;
  const bytes = tableDoubles * F64 + sumsBytes + SLOTS * slotBytes(capacityFor(n, k)) + STATE_BYTES;
  return { blocks, blockDoubles, tableDoubles, bytes };
}

/** The run table of n x k values already in `memory` (the helper thread's view of the caller's table). */
export function runTableOver(memory: WasmMemory, n: number, k: number): RunTable {
  const { blocks, blockDoubles, tableDoubles, bytes } = layoutOf(n, k);
  const table = new Float64Array(memory.buffer, 0, tableDoubles);
  return { n, k, blocks, blockDoubles, memory, table, drawsAt: bytes - STATE_BYTES };
}

/** The table of n x k demeaned differentials `columns[j]` (each n long), then each block's prefix sums. */
export function runTable(n: number, k: number, columns: readonly ArrayLike<number>[]): RunTable {
  const { bytes } = layoutOf(n, k);
  // Addresses are i32 in the SIMD loop: the table must fit 2^31 bytes (about 134 million values).
  if (bytes >= 2 ** 31) throw new RangeError(`SPA bootstrap table of ${n} x ${k} values needs more than 2 GiB`);
  const r = runTableOver(memoryOf(bytes), n, k);
  const { table, blocks, blockDoubles } = r;
  for (let c = 0; c < blocks; c++) {
    const width = widthOf(r, c);
    const block = table.subarray(c * blockDoubles, c * blockDoubles + (2 * n + 2) * width);
    for (let i = 0; i < width && c * WIDTH + i < k; i++) fillColumn(block, columns[c * WIDTH + i]!, i, width, n);
  }
  return r;
}

/**
 * Column i of a block `width` wide: rows n + 1..2 n the candidate's n values, prefix row t + 1 = prefix row
 * t + row t in row order (prefix row 0 and a padding column stay 0).
 */
function fillColumn(block: Float64Array, col: ArrayLike<number>, i: number, width: number, n: number): void {
  const rows = (n + 1) * width + i;
  let s = 0;
  for (let t = 0; t < n; t++) {
    const v = col[t]!;
    block[rows + t * width] = v;
    s += v;
    block[(t + 1) * width + i] = s;
  }
}

/**
 * Steps of the SIMD loop in this process (each adds one run's difference into two sums): the
 * operation-count tests add it to V8's coverage counts, which do not see inside WebAssembly.
 */
export const simdPasses = { count: 0 };

/**
 * A chunk of resamples' runs, kept as pairs of row numbers, and their sums one column block at a time:
 * `draw` (or `push`) each resample while `full` is false, then `sumBlock(c)` for every block c.
 */
export class RunSums {
  /** The sums of the last `sumBlock`: resample i's at i widthOf(c) + j (candidate c WIDTH + j). */
  private readonly sums: Float64Array;
  /** Runs of each resample kept since `clear`; their pairs follow one another from the start of `pairs`. */
  private readonly counts: Int32Array;
  private readonly pairs: Int32Array;
  private readonly capacity: number;
  private readonly chunks: readonly Chunk[];
  private reps = 0;
  private used = 0;

  /**
   * Sums into area `area` (0 <= area < SUM_AREAS: each thread summing blocks of one chunk has its own), the
   * chunk's runs kept in slot `slot` (0 <= slot < SLOTS).
   */
  constructor(
    private readonly t: RunTable,
    area = 0,
    slot = 0,
  ) {
    this.capacity = capacityFor(t.n, t.k);
    const sumsAt = t.table.byteLength + area * CHUNK_REPS * WIDTH * F64;
    const countsAt = t.table.byteLength + SUM_AREAS * CHUNK_REPS * WIDTH * F64 + slot * slotBytes(this.capacity);
    this.sums = new Float64Array(t.memory.buffer, sumsAt, CHUNK_REPS * WIDTH);
    this.counts = new Int32Array(t.memory.buffer, countsAt, CHUNK_REPS);
    this.pairs = new Int32Array(t.memory.buffer, countsAt + CHUNK_REPS * 4, 2 * this.capacity);
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
    this.reps = 0;
  }

  /** Keeps one resample: its runs [starts[r], ends[r]) for r < `runs`, in order. */
  push(starts: Int32Array, ends: Int32Array, runs: number): void {
    const { n } = this.t;
    const { pairs } = this;
    const rowsAt = n + 1;
    const zeroAt = 2 * n + 1;
    const first = this.used;
    for (let r = 0; r < runs; r++) {
      const s = starts[r]!;
      const e = ends[r]!;
      const one = e - s === 1;
      const at = 2 * (first + r);
      pairs[at] = one ? rowsAt + s : e;
      pairs[at + 1] = one ? zeroAt : s;
    }
    this.kept(runs);
  }

  /** Keeps one resample drawn by `draws` straight into the chunk's pairs (the rows as `push` writes them). */
  draw(draws: RunDraws): void {
    this.kept(draws.next(this.pairs.byteOffset + 8 * this.used));
  }

  /** Takes the chunk another RunSums over the same table kept: `reps` resamples, `runs` runs in all. */
  adopt(reps: number, runs: number): void {
    this.reps = reps;
    this.used = runs;
  }

  private kept(runs: number): void {
    this.counts[this.reps++] = runs;
    this.used += runs;
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
   * The sums of block c's candidates over each resample's runs, each adding one difference per run in run
   * order: resample i's widthOf(c) sums from index i widthOf(c) (a view, valid until the next call).
   */
  sumBlock(c: number): Float64Array {
    const width = widthOf(this.t, c);
    const { sums, reps, pairs, counts } = this;
    sums.fill(0, 0, reps * width);
    const base = c * this.t.blockDoubles * F64;
    this.chunks[width / 2 - 1]!(sums.byteOffset, pairs.byteOffset, counts.byteOffset, reps, base, width * F64);
    simdPasses.count += (this.used * width) / 2;
    return sums;
  }
}
