// The options of one tool call (signal, progress, data directories, limits, where it runs).
import type { ProgressEvent } from "../lib/progress.js";
import type { DataDirs } from "./files/index.js";

export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: ProgressEvent) => void;
  /** Directories file references may read from (absolute paths or file:// URIs); none: references are refused. */
  readonly dataDirs?: DataDirs;
  /** The refusal text when there are no data directories (how to enable file references). */
  readonly filesOff?: string;
  /** Work units this call may cost (default: the process's configured budget). */
  readonly workBudget?: number;
  /** Working bytes this call's estimate may need (default: the configured memory budget). */
  readonly memoryBudget?: number;
  /** Wall-clock limit in ms (default: the configured time limit; 0 = none). */
  readonly timeLimitMs?: number;
  /**
   * "pooled" runs a heavy guard call on a worker thread (cancellable at once, the caller's
   * thread stays free); "inline" runs it on the calling thread. Default: pooled when the
   * process has a pool (configureLimits({ poolSize })), else inline.
   */
  readonly mode?: "inline" | "pooled";
  /** The research ledger name this call records in and reads (the operator's: no tool argument names one). */
  readonly ledger?: string;
  /** The experiment label of this call's trials (a tool's `experiment` argument wins). */
  readonly experiment?: string;
}
