// Declared track-record numbers checked against what the research ledger saw: a declared n_obs above the
// longest recorded trial, or a declared best Sharpe above every recorded one, is an error naming both; a
// declared Sharpe that no recorded trial has warns that the strategy was never evaluated through the server.
import type { LedgerSummary, Outcome } from "../contract/guard.js";
import { AGREEMENT, agrees, type Sourced } from "./reported_strategy.js";
import { verdictNumber } from "./verdict_number.js";

/**
 * The n_obs to use: a declared count above the ledger's longest recorded trial is an error naming both, and
 * the verdict uses the longest (source "ledger"). Measured counts and a ledger without trials pass through.
 */
export function boundObservations(out: Outcome, nObs: Sourced, recorded: LedgerSummary | undefined): Sourced {
  const longest = recorded?.longestNObs ?? null;
  if (nObs.source !== "declared" || longest === null || nObs.value <= longest) return nObs;
  out.error(
    `n_obs: you declared ${nObs.value} observations, but the longest track record research ledger ` +
      `'${recorded!.ledger}' recorded has ${longest}: the verdict uses ${longest}`,
    "n_obs",
  );
  return { value: longest, source: "ledger" };
}

/**
 * A declared best Sharpe (annualised) checked against the recorded ones: above every one (beyond rounding)
 * is an error naming both; else, matching none, a warning that it was never evaluated through this server.
 */
export function checkReportedSharpe(out: Outcome, best: Sourced, recorded: LedgerSummary | undefined): void {
  if (best.source !== "declared" || recorded === undefined) return;
  const { maxSharpe, ledger } = recorded;
  if (maxSharpe !== null && best.value > maxSharpe && !agrees(best.value, maxSharpe)) {
    out.error(
      `best_sharpe: you declared ${best.value}, above every Sharpe research ledger '${ledger}' recorded ` +
        `(max ${verdictNumber(maxSharpe)}): the strategy you report was not among the trials counted`,
      "best_sharpe",
    );
    return;
  }
  if (recorded.sharpes.some((s) => agrees(best.value, s))) return;
  out.warning(
    `best_sharpe: no trial in research ledger '${ledger}' has the Sharpe you report (${best.value}, within ` +
      `${AGREEMENT} x max(1, |Sharpe|)): the reported strategy was never evaluated through this server; send ` +
      "its returns as `returns` to have it measured and counted",
    "best_sharpe",
  );
}
