// The server's limit flags (--workers, --queue, --time-limit, --work-budget) read into the
// runtime's process limits. Usage text and defaults come from the runtime's constants.
import {
  DEFAULT_POOL_SIZE,
  DEFAULT_TIME_LIMIT_MS,
  DEFAULT_WORK_BUDGET,
  configureLimits,
  currentLimits,
  formatUnits,
} from "../runtime/index.js";

export const LIMIT_OPTIONS = {
  workers: { type: "string" },
  queue: { type: "string" },
  "time-limit": { type: "string" },
  "work-budget": { type: "string" },
} as const;

export const LIMIT_USAGE =
  `  --workers N            worker threads for heavy calls (default ${DEFAULT_POOL_SIZE}: ` +
  "the cores but one; 0 = inline)\n" +
  "  --queue N              heavy calls that may wait for a worker; one more is answered busy " +
  `(default ${currentLimits().queueLimit})\n` +
  `  --time-limit MS        per-call time limit in ms (default ${DEFAULT_TIME_LIMIT_MS}; 0 = none)\n` +
  "  --work-budget UNITS    estimated work a call may cost, else it is refused " +
  `(default ${formatUnits(DEFAULT_WORK_BUDGET)})\n`;

type LimitValues = { [K in keyof typeof LIMIT_OPTIONS]?: string };

/** Applies the flags; returns an error message for a bad value, else null. */
export function applyLimitFlags(values: LimitValues): string | null {
  const read = (flag: keyof LimitValues, integer: boolean): number | undefined | string => {
    const raw = values[flag];
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(n) || n < 0 || (integer && !Number.isInteger(n)))
      return `--${flag} must be ${integer ? "an integer" : "a number"} >= 0, got '${raw}'`;
    return n;
  };
  const workers = read("workers", true);
  const queue = read("queue", true);
  const time = read("time-limit", true);
  const budget = read("work-budget", false);
  for (const v of [workers, queue, time, budget]) if (typeof v === "string") return v;
  configureLimits({
    poolSize: (workers as number | undefined) ?? DEFAULT_POOL_SIZE,
    queueLimit: queue as number | undefined,
    timeLimitMs: time as number | undefined,
    workBudget: budget as number | undefined,
  });
  return null;
}
