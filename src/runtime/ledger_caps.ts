// The research ledger's documented caps (docs/ledger.md, "Caps"): trials per call and ledger size. A call
// carrying more trials than a call may record is refused before its guard runs, naming the input (never
// recorded in part: a verdict would then count fewer strategies than the agent saw); a ledger past its size
// cap keeps recording, and every verdict and list_trials that reads it says so.
import { GUARDS } from "../../generated/dispatch.js";
import type { Finding, Frame } from "../contract/guard.js";
import { BadInputError } from "./errors.js";

/** Trials one call may carry (series, plus numeric columns of candidate frames, of its `@trial` inputs). */
export const MAX_TRIALS_PER_CALL = 10_000;
/** Trials of a ledger's current epoch up to which its speed is measured (bench ledger_scale) and kept. */
export const MAX_LEDGER_TRIALS = 250_000;

/** Throws a too_large error naming the input when `guard`'s `@trial` inputs carry more than the per-call cap. */
export function checkTrialsPerCall(guard: string, inputs: Record<string, unknown>): void {
  let total = 0;
  let largest = { input: "", n: 0 };
  for (const d of GUARDS[guard]?.trials ?? []) {
    const value = inputs[d.input];
    const n = d.kind === "frame" ? frameColumns(value) : value === undefined || value === null ? 0 : 1;
    total += n;
    if (n > largest.n) largest = { input: d.input, n };
  }
  if (total <= MAX_TRIALS_PER_CALL) return;
  const detail =
    `${largest.n} candidate column(s), ${total} trial(s) in this call; the research ledger records at most ` +
    `${MAX_TRIALS_PER_CALL} per call (MAX_TRIALS_PER_CALL) and never part of a call. Send the candidates in ` +
    "several calls: every one is counted";
  throw new BadInputError("too_large", largest.input, `${largest.input}: ${detail}`);
}

const frameColumns = (v: unknown): number =>
  v !== null && typeof v === "object" && Array.isArray((v as Frame).columns) ? (v as Frame).columns.length : 0;

/** A warning for a ledger whose current epoch holds more trials than its size cap; null under it. */
export function ledgerSizeWarning(location: string | null, count: number): Finding | null {
  if (count <= MAX_LEDGER_TRIALS) return null;
  return {
    severity: "warning",
    message:
      `research ledger ${location} holds ${count} trials in its current epoch, past its cap of ` +
      `${MAX_LEDGER_TRIALS} (MAX_LEDGER_TRIALS): every trial is still recorded and counted, but verdicts and ` +
      "list_trials may be slower than documented; start a new ledger (--ledger-name) or reset it for a new " +
      "research question",
    where: "ledger",
  };
}
