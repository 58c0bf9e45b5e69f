// The SPA bootstrap's second thread (docs/performance.md, "Two threads"): the column blocks of each chunk of
// resamples are shared out between the calling thread and one helper thread, both summing and tallying
// blocks of the same shared-memory table. Blocks are claimed one at a time from a shared counter, so a helper
// that is slow to start, or busy with another call, takes fewer (none: the caller sums them all). Every block
// is summed and tallied exactly as on one thread, and maxima over disjoint blocks combine exactly: the counts,
// and so the p-values, do not depend on which thread summed which block. A chunk is handed over through
// shared memory (a store and Atomics.notify), not a message: the caller does not yield between chunks.
import { Worker } from "node:worker_threads";
import { workerFile } from "../src/lib/worker_file.js";
import type { WasmMemory } from "./_wasm_asm.js";
import { CHUNK_REPS } from "./_spa_test_run_sums.js";
import type { Maxima, TallyParams } from "./_spa_test_tally.js";

/** Control words: the open chunk's epoch (0 between chunks, ENDED after the call), the next block to claim,
 * the helper's blocks in progress, the SIMD steps it took (for the operation counts), the chunk's size and
 * slot. */
export const EPOCH = 0;
export const NEXT = 1;
export const BUSY = 2;
export const PASSES = 3;
export const REPS = 4;
export const RUNS = 5;
export const SLOT = 6;
const CONTROL_BYTES = 32;
/** The epoch once the call has ended: the helper leaves it. */
export const ENDED = -1;

/** A call's setup for the helper thread: the table's memory and the call's shared state, shared, not copied. */
export interface HelperCall {
  readonly memory: WasmMemory;
  readonly state: SharedArrayBuffer;
  readonly n: number;
  readonly k: number;
}

/** The views of a call's shared state over k candidates: control words, tally constants, the helper's maxima. */
export interface SharedViews {
  readonly control: Int32Array;
  readonly params: TallyParams;
  readonly helperMaxima: Maxima;
}

export function sharedViews(state: SharedArrayBuffer, k: number): SharedViews {
  const doubles = (i: number, length: number) => new Float64Array(state, CONTROL_BYTES + 8 * i, length);
  const maxAt = 4 * k;
  return {
    control: new Int32Array(state, 0, CONTROL_BYTES / 4),
    params: {
      sumScale: doubles(0, k),
      offsetLower: doubles(k, k),
      offsetConsistent: doubles(2 * k, k),
      threshold: doubles(3 * k, k),
      individual: new Int32Array(state, CONTROL_BYTES + 8 * (maxAt + 3 * CHUNK_REPS), k),
    },
    helperMaxima: {
      tl: doubles(maxAt, CHUNK_REPS),
      tc: doubles(maxAt + CHUNK_REPS, CHUNK_REPS),
      tu: doubles(maxAt + 2 * CHUNK_REPS, CHUNK_REPS),
    },
  };
}

const stateBytes = (k: number) => CONTROL_BYTES + 8 * (4 * k + 3 * CHUNK_REPS) + 4 * k;

/** The helper thread, started on first use and kept (unreferenced: it never holds the process open). */
let helper: Worker | null = null;
/** Set once the helper thread failed (it could not start, or it stopped): later calls use one thread. */
let failed = false;

const onStop = new Set<() => void>();

/** Resolves once the helper thread has stopped (an error or an exit), at once if it did already. */
export function helperStopped(): Promise<void> {
  return failed ? Promise.resolve() : new Promise((resolve) => onStop.add(resolve));
}

function helperThread(): Worker | null {
  if (failed) return null;
  if (!helper) {
    try {
      helper = new Worker(new URL(workerFile("_spa_test_helper_worker", import.meta.url)), {
        workerData: { spaHelper: true },
      });
    } catch {
      failed = true;
      return null;
    }
    helper.unref();
    const stop = () => {
      failed = true;
      helper = null;
      for (const resolve of onStop) resolve();
      onStop.clear();
    };
    helper.on("error", stop);
    helper.on("exit", stop);
  }
  return helper;
}

/** Longest wait for the helper to finish a block it claimed before the call fails (a block takes milliseconds). */
const STUCK_MS = 60_000;

/**
 * A call's share of its blocks with the helper thread: `open` a chunk, `claim` blocks until none is left,
 * `close` (waits for the helper's block in progress), then read `helperMaxima`; `end` after the last chunk
 * (also when the call fails).
 */
export class BlockShare {
  readonly views: SharedViews;
  private epoch = 0;

  private constructor(
    private readonly state: SharedArrayBuffer,
    k: number,
  ) {
    this.views = sharedViews(state, k);
  }

  /** The share of a call over the table in `memory`, or null when no helper thread can run. */
  static start(memory: WasmMemory, n: number, k: number): BlockShare | null {
    const thread = helperThread();
    if (!thread) return null;
    const share = new BlockShare(new SharedArrayBuffer(stateBytes(k)), k);
    const call: HelperCall = { memory, state: share.state, n, k };
    thread.postMessage(call);
    return share;
  }

  /** Opens a chunk of `reps` resamples (`runs` runs) kept in slot `slot` of the table's memory; wakes the helper. */
  open(reps: number, runs: number, slot: number): void {
    const { control, helperMaxima } = this.views;
    for (const t of [helperMaxima.tl, helperMaxima.tc, helperMaxima.tu]) t.fill(0, 0, reps);
    Atomics.store(control, REPS, reps);
    Atomics.store(control, RUNS, runs);
    Atomics.store(control, SLOT, slot);
    Atomics.store(control, NEXT, 0);
    Atomics.store(control, EPOCH, ++this.epoch);
    Atomics.notify(control, EPOCH);
  }

  /** The next unclaimed block (at or past the block count when none is left). */
  claim(): number {
    return Atomics.add(this.views.control, NEXT, 1);
  }

  /** Closes the chunk: no block is claimed after this; returns once the helper's blocks are tallied. */
  close(): number {
    const { control } = this.views;
    Atomics.store(control, EPOCH, 0);
    const until = performance.now() + STUCK_MS;
    for (let busy = Atomics.load(control, BUSY); busy !== 0; busy = Atomics.load(control, BUSY)) {
      if (performance.now() > until) throw new Error("the SPA bootstrap's helper thread stopped within a block");
      Atomics.wait(control, BUSY, busy, 1000);
    }
    return Atomics.exchange(control, PASSES, 0);
  }

  /** Ends the call: the helper leaves it. */
  end(): void {
    Atomics.store(this.views.control, EPOCH, ENDED);
    Atomics.notify(this.views.control, EPOCH);
  }
}
