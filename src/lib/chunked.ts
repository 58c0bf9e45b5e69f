// Row loops of long async guards, cut into chunks with a `step` (progress, yield, cancellation)
// after each chunk. The chunking is by count, never by clock, so results stay deterministic.
import { step } from "./progress.js";

/** Rows processed between two `step` calls (~10-30 ms of per-row work). */
export const CHUNK_ROWS = 20000;

/** Progress over a known amount of work, reported through `step`. */
export class Progress {
  private done = 0;

  /** `total`: the work units the whole call will report (progress is capped at it). */
  constructor(private readonly total: number) {}

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

  /** Reports the whole total as done (for work whose exact size was only bounded up front). */
  async finish(): Promise<void> {
    this.done = this.total;
    await step(this.total, this.total);
  }

  /** Counts `units` of work done and awaits `step`. */
  async advance(units: number): Promise<void> {
    this.done += units;
    await step(Math.min(this.done, this.total), this.total);
  }
}
