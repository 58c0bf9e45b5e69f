// The SPA bootstrap's helper thread (_spa_test_helper.ts): for each call it is sent, waits on the call's
// shared epoch word, and for each chunk opened claims column blocks from the shared counter, summing and
// tallying them as the calling thread does, into its own sums area and maxima.
import { parentPort, workerData } from "node:worker_threads";
import { RunSums, runTableOver, simdPasses, WIDTH, widthOf, type RunTable } from "./_spa_test_run_sums.js";
import { tallyBlock } from "./_spa_test_tally.js";
import {
  BUSY,
  ENDED,
  EPOCH,
  type HelperCall,
  NEXT,
  PASSES,
  REPS,
  RUNS,
  SLOT,
  type SharedViews,
  sharedViews,
} from "./_spa_test_helper.js";

/** A call whose next chunk does not come within this time is left (its caller sums the rest alone). */
const IDLE_MS = 2000;

/** Serves one call until it ends (or idles): each new epoch is a chunk to help with. */
export function serveCall(call: HelperCall): void {
  const table = runTableOver(call.memory, call.n, call.k);
  const sums = [new RunSums(table, 1, 0), new RunSums(table, 1, 1)];
  const shared = sharedViews(call.state, call.k);
  const { control } = shared;
  let seen = 0;
  for (;;) {
    const epoch = Atomics.load(control, EPOCH);
    if (epoch === ENDED) return;
    if (epoch > seen) {
      seen = epoch;
      helpWithChunk(table, sums, shared, epoch);
    } else if (Atomics.wait(control, EPOCH, epoch, IDLE_MS) === "timed-out") return;
  }
}

/** Sums and tallies blocks of chunk `epoch` until none is left (none when the caller closed it already). */
export function helpWithChunk(table: RunTable, slots: readonly RunSums[], shared: SharedViews, epoch: number): void {
  const { control, params, helperMaxima } = shared;
  Atomics.add(control, BUSY, 1);
  try {
    if (Atomics.load(control, EPOCH) !== epoch) return;
    const reps = Atomics.load(control, REPS);
    const sums = slots[Atomics.load(control, SLOT)]!;
    sums.adopt(reps, Atomics.load(control, RUNS));
    const before = simdPasses.count;
    for (let c = Atomics.add(control, NEXT, 1); c < table.blocks; c = Atomics.add(control, NEXT, 1)) {
      sums.warm(c);
      const first = c * WIDTH;
      const last = Math.min(table.k, first + WIDTH);
      tallyBlock(params, helperMaxima, sums.sumBlock(c), first, last, widthOf(table, c), reps);
    }
    Atomics.add(control, PASSES, simdPasses.count - before);
  } finally {
    Atomics.sub(control, BUSY, 1);
    Atomics.notify(control, BUSY);
  }
}

// Only as the helper thread's entry (a test importing this module runs in a thread of its own runner).
if ((workerData as { spaHelper?: boolean } | null)?.spaHelper) parentPort?.on("message", serveCall);
