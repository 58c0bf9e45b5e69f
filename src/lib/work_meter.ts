// The one progress meter of long async guards: count work units and `step` (progress, yield,
// cancellation) either each time a fixed number of units has accumulated (`add`), after each
// chunk of a row loop (`forChunks`, `map`), or at once (`advance`). Counting by units or rows,
// never by clock, keeps the sequence of steps deterministic.
import { step } from "./progress.js";

/** Units between two metered steps: for cell-sized units, roughly 10-30 ms of work. */
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

  /** Counts `units` done; awaits `step` once at least `unitsPerStep` have accumulated since the last. */
  async add(units: number): Promise<void> {
    this.done += units;
    this.pending += units;
    if (this.pending >= this.unitsPerStep) await this.report();
  }

  /** Counts `units` done and awaits `step` now. */
  async advance(units: number): Promise<void> {
    this.done += units;
    await this.report();
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
    await this.report();
  }

  private async report(): Promise<void> {
    this.pending = 0;
    await step(Math.min(this.done, this.total), this.total);
  }
}
