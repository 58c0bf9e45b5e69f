// The run context of one tool call: cancellation signal and progress sink, carried through
// async guards by AsyncLocalStorage. Guards call `step`; the runtime calls `withRunContext`.
import { AsyncLocalStorage } from "node:async_hooks";

export interface ProgressEvent {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

export interface RunContext {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: ProgressEvent) => void;
  /** performance.now() after which the call is over its time limit (sync loops cannot see a timer fire). */
  readonly deadline?: number;
}

const storage = new AsyncLocalStorage<RunContext>();

/** Runs `fn` with `ctx` as the current run context. */
export function withRunContext<T>(ctx: RunContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** Throws the abort reason when the current call was cancelled, or a TimeoutError past its deadline. */
export function throwIfCancelled(): void {
  const ctx = storage.getStore();
  if (ctx?.signal?.aborted) throw abortReason(ctx.signal);
  if (ctx?.deadline !== undefined && performance.now() > ctx.deadline)
    throw new DOMException("The call ran past its time limit", "TimeoutError");
}

/**
 * The synchronous step: throws when the call was cancelled or is past its deadline, then reports
 * progress. Sync loops call it (through WorkMeter.tick) at least every ~100 ms of work; they cannot
 * yield, so a cancellation that needs the event loop (a timer, a message) is seen only by async
 * guards (`step`) or, for pooled calls, ends the worker.
 */
export function checkpoint(done: number, total?: number, message?: string): void {
  throwIfCancelled();
  storage.getStore()?.onProgress?.({
    progress: done,
    ...(total === undefined ? {} : { total }),
    ...(message === undefined ? {} : { message }),
  });
}

/**
 * Reports progress, yields to the event loop, and throws the abort reason when the call was
 * cancelled. Outside a call it only yields. Long guards call it at least every ~100 ms.
 */
export async function step(done: number, total?: number, message?: string): Promise<void> {
  const ctx = storage.getStore();
  throwIfCancelled();
  ctx?.onProgress?.({
    progress: done,
    ...(total === undefined ? {} : { total }),
    ...(message === undefined ? {} : { message }),
  });
  await new Promise<void>((resolve) => setImmediate(resolve));
  throwIfCancelled();
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}
