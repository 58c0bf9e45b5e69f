// The errors of calls refused or stopped by a limit of the process, not by their input.
import { LimitError } from "../errors.js";
import type { Limits } from "../budget/limits.js";

/** Seconds a refused caller is told to wait before retrying. */
export const RETRY_AFTER_S = 1;

export function busy(guard: string, limits: Limits): LimitError {
  return new LimitError(
    "busy",
    `busy: check_${guard} needs a worker and all ${limits.poolSize} are taken with ${limits.queueLimit} call(s) ` +
      `waiting (the queue limit); retry after ${RETRY_AFTER_S} s`,
    `retry after ${RETRY_AFTER_S} s`,
  );
}

/** The error of a call stopped at the time limit (`tool`: the tool's name, check_<guard> by default). */
export function timeLimit(guard: string, ms: number, tool = `check_${guard}`): LimitError {
  return new LimitError(
    "time_limit",
    `${tool} was stopped at the time limit of ${ms} ms (the per-call time limit); send less data or ` +
      "raise the limit (fin-skills-mcp --time-limit)",
  );
}
