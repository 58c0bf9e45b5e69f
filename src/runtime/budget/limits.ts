// The configurable limits of one process: the work budget every guard call is priced against,
// the per-call time limit, the worker pool's size and queue. Set once by the server's flags or
// by an in-process caller (configureLimits); one call may override the budget in CallOptions.
import { availableParallelism } from "node:os";

/** Work units a call may cost (~one multiply-add each; about 1-3 s of one core per 1e9). */
export const DEFAULT_WORK_BUDGET = 1e9;
/** Bytes of working memory a call's estimate may need. */
export const DEFAULT_MEMORY_BUDGET = 1_000_000_000;
/** Wall-clock limit of one guard call, in milliseconds (0 = none). */
export const DEFAULT_TIME_LIMIT_MS = 60_000;

export interface Limits {
  /** Estimated work units above which a call is refused before any work. */
  readonly workBudget: number;
  /** Estimated working bytes above which a call is refused before any work. */
  readonly memoryBudget: number;
  /** Per-call wall-clock limit in ms; 0 disables it. */
  readonly timeLimitMs: number;
  /** Worker threads for heavy guards; 0 runs every guard inline on the calling thread. */
  readonly poolSize: number;
  /** Heavy calls that may wait for a worker; one more is refused as busy. */
  readonly queueLimit: number;
}

/** Workers: one per core but one (the main thread keeps serving), at least 1. */
export const DEFAULT_POOL_SIZE = Math.max(1, availableParallelism() - 1);

const DEFAULTS: Limits = {
  workBudget: DEFAULT_WORK_BUDGET,
  memoryBudget: DEFAULT_MEMORY_BUDGET,
  timeLimitMs: DEFAULT_TIME_LIMIT_MS,
  poolSize: 0,
  queueLimit: 16,
};

let current: Limits = DEFAULTS;

/** The limits in force. */
export function currentLimits(): Limits {
  return current;
}

/** Changes some limits for this process; returns the previous ones (to restore them). */
export function configureLimits(change: Partial<Limits>): Limits {
  const previous = current;
  for (const [k, v] of Object.entries(change)) {
    if (v === undefined) continue;
    if (typeof v !== "number" || !(v >= 0) || (k !== "workBudget" && k !== "memoryBudget" && !Number.isInteger(v)))
      throw new RangeError(`${k} must be a number >= 0${k.endsWith("Budget") ? "" : " (an integer)"}, got ${v}`);
  }
  current = { ...current, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
  return previous;
}

/** Restores the built-in limits (tests use this). */
export function resetLimits(): void {
  current = DEFAULTS;
}
