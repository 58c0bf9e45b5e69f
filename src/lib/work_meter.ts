// The one progress meter of long loops: count work units, and every fixed number of units check
// cancellation (signal and time limit) and report progress. Async guards `await add(units)`, which
// also yields to the event loop; sync loops call `tick(units)`, which checks without yielding; row
// loops use `forChunks`/`map` (a step after each chunk) and `advance` steps at once. Counting by
// units or rows, never by clock, keeps the sequence of steps deterministic.
import { checkpoint, step } from "./progress.js";

/** Units between two steps: for cell-sized units, roughly 10-30 ms of work (the contract: < 100 ms). */
export const UNITS_PER_STEP = 400_000;

/** Rows processed between two steps of a chunked loop (~10-30 ms of per-row work). */
export const CHUNK_ROWS = 20_000;

export class WorkMeter {
  private done = 0;
  private pending = 0;

  /** `total`: the units the whole call will count (reported progress is capped at it). */
  constructor(
    private readonly total: number,
    private readonly unitsPerStep: number = UNITS_PER_STEP,
  ) {}

  /** Units counted so far. */
  get counted(): number {
    return this.done;
  }

  /** Counts `units` done; true once at least `unitsPerStep` have accumulated since the last step. */
  private count(units: number): boolean {
    this.done += units;
    this.pending += units;
    if (this.pending < this.unitsPerStep) return false;
    this.pending = 0;
    return true;
  }

  /** Counts `units` done; awaits `step` (progress, yield, cancellation) at each step boundary. */
  async add(units: number): Promise<void> {
    if (this.count(units)) await step(Math.min(this.done, this.total), this.total);
  }

  /** Counts `units` done in a sync loop; at each step boundary throws if cancelled and reports progress. */
  tick(units: number): void {
    if (this.count(units)) checkpoint(Math.min(this.done, this.total), this.total);
  }

  /** Counts `units` done and awaits `step` now. */
  async advance(units: number): Promise<void> {
    this.done += units;
    this.pending = 0;
    await step(Math.min(this.done, this.total), this.total);
  }

  /** Runs `body(from, to)` over [0, n) in chunks, counting n units and awaiting `step` after each chunk. */
  async forChunks(n: number, body: (from: number, to: number) => void, chunk: number = CHUNK_ROWS): Promise<void> {
    for (let from = 0; from < n; from += chunk) {
      const to = Math.min(n, from + chunk);
      body(from, to);
      await this.advance(to - from);
    }
  }

  /** `fn(i)` for i in [0, n), chunked as in forChunks. */
  async map<T>(n: number, fn: (i: number) => T, chunk: number = CHUNK_ROWS): Promise<T[]> {
    const out = new Array<T>(n);
    await this.forChunks(
      n,
      (from, to) => {
        for (let i = from; i < to; i++) out[i] = fn(i);
      },
      chunk,
    );
    return out;
  }

  /** The final step, reporting the whole total (also for work whose size was only bounded up front). */
  async finish(): Promise<void> {
    this.done = this.total;
    this.pending = 0;
    await step(this.total, this.total);
  }
}
