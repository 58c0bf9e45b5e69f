// Metering for long loops of async guards: count work units, and `step` (progress, yield,
// cancellation) each time a fixed number of units has accumulated. Counting by units, never by
// clock, keeps the sequence of steps deterministic.
import { step } from "./progress.js";

/** Units between two steps: for cell-sized units, roughly 10-30 ms of work. */
export const UNITS_PER_STEP = 400_000;

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
    if (this.pending >= this.unitsPerStep) {
      this.pending = 0;
      await step(Math.min(this.done, this.total), this.total);
    }
  }

  /** The final step, reporting the whole total. */
  async finish(): Promise<void> {
    this.done = this.total;
    this.pending = 0;
    await step(this.total, this.total);
  }
}
