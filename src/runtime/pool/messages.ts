// What crosses between the calling thread and a pool worker: one task, one reply, progress events.
import type { MessagePort } from "node:worker_threads";
import type { GuardOutcome } from "../../contract/guard.js";
import type { ProgressEvent } from "../../lib/progress.js";
import type { PackedRows } from "./packing.js";

export interface PoolTask {
  readonly guard: string;
  readonly inputs: Record<string, unknown>;
  /** Where long number arrays were packed into Float64Arrays (packing.ts); the worker unpacks them. */
  readonly packed?: readonly (readonly string[])[];
  /** Progress events go back on this port, then PROGRESS_END once the guard has ended. */
  readonly port: MessagePort;
}

/** The last message on a task's progress port: every progress event of the task was sent before it. */
export const PROGRESS_END = "end";
export type ProgressMessage = ProgressEvent | typeof PROGRESS_END;

/** A guard's outcome, or its error as plain data (class identity does not survive a thread hop). */
export type PoolReply =
  | { readonly ok: true; readonly outcome: GuardOutcome }
  | {
      readonly ok: false;
      readonly bad: boolean;
      readonly code: string;
      readonly field: string;
      readonly message: string;
      readonly hint: string | null;
    };

/** A hash task for the hash thread: the arguments to hash as canonical JSON (long number arrays packed). */
export interface HashTask {
  readonly hash: Record<string, unknown>;
  /** Matrices in `hash` packed from rows, unpacked before hashing. */
  readonly rows?: readonly PackedRows[];
}

export interface HashReply {
  readonly sha256: string;
  /** UTF-8 bytes of the canonical text. */
  readonly bytes: number;
}
