// The worker pool for heavy guard calls (tinypool): threads sized from the cores, a bounded
// queue (one more call is refused as busy), the per-call time limit and the caller's
// cancellation both end the call by terminating its worker.
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { Tinypool } from "tinypool";
import { BadInputError, type GuardOutcome } from "../../contract/guard.js";
import { InternalToolError } from "../errors.js";
import { busy, timeLimit } from "./limit_errors.js";
import { transferableBuffers } from "./transfer.js";
import { packNumberArrays } from "./packing.js";
import { workerFile } from "../../lib/worker_file.js";
import type { ProgressEvent } from "../../lib/progress.js";
import type { Limits } from "../budget/limits.js";
import { PROGRESS_END, type PoolReply, type PoolTask, type ProgressMessage } from "./messages.js";

let pool: Tinypool | null = null;
let poolKey = "";

/** The pool for these limits (rebuilt when the size or the queue changes). */
function poolFor(limits: Limits): Tinypool {
  const key = `${limits.poolSize}/${limits.queueLimit}`;
  if (pool && poolKey === key) return pool;
  void pool?.destroy();
  pool = new Tinypool({
    filename: workerFile("worker", import.meta.url),
    minThreads: limits.poolSize,
    maxThreads: limits.poolSize,
    maxQueue: limits.queueLimit,
    idleTimeout: 30_000,
  });
  poolKey = key;
  return pool;
}

/** Starts the pool's threads and loads the runtime in each, so the first heavy call does not wait for it. */
export async function warmPool(limits: Limits): Promise<void> {
  const p = poolFor(limits);
  await Promise.all(
    Array.from({ length: limits.poolSize }, () => {
      const { port2 } = new MessageChannel();
      return p.run({ guard: "", inputs: {}, port: port2 } satisfies PoolTask, { transferList: [port2] });
    }),
  );
}

/** Calls waiting in the pool's queue for a worker (0 before the pool exists). */
export function poolQueueSize(): number {
  return pool?.queueSize ?? 0;
}

/** Stops the pool's threads (tests and shutdown). */
export async function closePool(): Promise<void> {
  const p = pool;
  pool = null;
  poolKey = "";
  await p?.destroy();
}

/** The error a pool worker replied with, rebuilt as the runtime's error class. */
function rebuild(reply: Extract<PoolReply, { ok: false }>): Error {
  if (reply.bad) return new BadInputError(reply.code as BadInputError["code"], reply.field, reply.message, reply.hint);
  return new InternalToolError(reply.message, reply.code, reply.hint);
}

export interface PooledOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: ProgressEvent) => void;
  readonly timeLimitMs: number;
  /** The runtime owns the inputs (decoded from JSON): their typed arrays' buffers move to the worker. */
  readonly owned?: boolean;
}

/** Passes a task's progress events on; settles at its end mark (or when the worker closed the port). */
function relayProgress(port: MessagePort, onProgress?: (p: ProgressEvent) => void): Promise<void> {
  return new Promise((resolve) => {
    port.on("message", (m: ProgressMessage) => (m === PROGRESS_END ? resolve() : onProgress?.(m)));
    port.once("close", () => resolve());
  });
}

let runs = 0;
/** Guard calls sent to the pool so far in this process (tests count them). */
export function pooledRuns(): number {
  return runs;
}

/** Runs one guard call in the pool. Rejects with LimitError (busy, time_limit) or the guard's error. */
export async function runPooled(
  guard: string,
  inputs: Record<string, unknown>,
  limits: Limits,
  options: PooledOptions,
): Promise<GuardOutcome> {
  const p = poolFor(limits);
  if (p.queueSize >= limits.queueLimit) throw busy(guard, limits);
  runs++;
  const timeout = options.timeLimitMs > 0 ? AbortSignal.timeout(options.timeLimitMs) : undefined;
  const signals = [options.signal, timeout].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length ? AbortSignal.any(signals) : undefined;
  const { port1, port2 } = new MessageChannel();
  const relayed = relayProgress(port1, options.onProgress);
  try {
    const moved = options.owned ? transferableBuffers(inputs) : [];
    const packed = packNumberArrays(inputs);
    const task: PoolTask = { guard, inputs: packed.inputs, packed: packed.paths, port: port2 };
    const transferList = [port2, ...moved, ...packed.buffers];
    const reply = (await p.run(task, { transferList, signal })) as PoolReply;
    // The worker ran to its end; its progress port is another channel, so its last events may still be on the way.
    await relayed;
    if (!reply.ok) throw rebuild(reply);
    return reply.outcome;
  } catch (e) {
    if (options.signal?.aborted) throw options.signal.reason ?? e;
    if (timeout?.aborted) throw timeLimit(guard, options.timeLimitMs);
    if (e instanceof Error && /queue is at limit|No task queue/.test(e.message)) throw busy(guard, limits);
    throw e;
  } finally {
    port1.close();
  }
}
