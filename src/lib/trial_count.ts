// The honest trial count of an overfitting verdict: the declared count, raised to what the research
// ledger recorded; and the Sharpe spread, never below the ledger's recorded one. Shared by the guards that
// deflate a Sharpe by a search (check_trial_ledger, check_research_audit).
import type { EffectiveTrials, LedgerSummary, Outcome } from "../contract/guard.js";
import { ledgerCount, unavailableNote } from "./effective_count.js";
import { sharpeHistogram, type SharpeHistogram } from "./sharpe_distribution.js";
import { dilutionProofVariance, SPREAD_BIN_WIDTH } from "./recorded_spread.js";
import { plain } from "./unit_checks.js";

/** What a verdict's evidence says about its trial count. */
export interface TrialCountEvidence {
  readonly source: "declared" | "ledger";
  readonly declared: number;
  readonly used: number;
  /**
   * The ledger read ({name, experiment, count, since, digest}, and its recorded annualised Sharpes: how many,
   * and their histogram bins for the report's chart), or null when there was none.
   */
  readonly ledger: {
    readonly name: string;
    readonly experiment: string | null;
    readonly count: number;
    readonly since: string | null;
    readonly digest: string;
    readonly sharpes: number;
    readonly sharpe_histogram: SharpeHistogram;
  } | null;
  /** The recorded count, and the effective one measured from the kept returns (null: not measured). */
  readonly recorded: number | null;
  readonly effective: EffectiveTrials | null;
}

/**
 * The count to deflate by: `declared`, or the ledger's count when it recorded more (with a warning naming
 * both numbers and since when). Without a ledger the count is self-declared, and a finding says so.
 */
export function honestTrialCount(
  out: Outcome,
  declared: number,
  recorded: LedgerSummary | undefined,
  where = "n_trials",
): TrialCountEvidence {
  if (recorded === undefined) {
    out.info(
      `the trial count ${declared} is self-declared: no research ledger recorded this search (the server runs ` +
        "with --no-ledger, the ledger could not be read, or the guard was called in process)",
      where,
    );
    return { source: "declared", declared, used: declared, ledger: null, recorded: null, effective: null };
  }
  const { ledger: name, experiment, count, since, digest, sharpes } = recorded;
  const ledger = {
    name,
    experiment,
    count,
    since,
    digest,
    sharpes: sharpes.length,
    sharpe_histogram: recorded.sharpeHistogram ?? sharpeHistogram(sharpes),
  };
  const scope = `research ledger '${name}'${experiment === null ? "" : ` (experiment '${experiment}')`}`;
  const measured = ledgerCount(recorded);
  const more = { recorded: count, effective: measured.effective };
  const note = unavailableNote(measured);
  if (note !== null) out.info(note, where);
  const which = measured.basis === "effective" ? " (the effective count, above the declared)" : "";
  if (measured.count > declared) {
    out.warning(
      `you declared ${declared} trial${declared === 1 ? "" : "s"}; this ${scope} recorded ${strategies(count)} ` +
        `since ${since}${measured.clause}: the verdict uses ${measured.count}${which}`,
      where,
    );
    return { source: "ledger", declared, used: measured.count, ledger, ...more };
  }
  const declaredWins = measured.basis === "effective" ? `: the verdict uses the declared ${declared}` : "";
  out.info(
    `the ${scope} recorded ${strategies(count)}${measured.clause}; the declared ${declared} covers them${declaredWins}`,
    where,
  );
  return { source: "declared", declared, used: declared, ledger, ...more };
}

/** The ledger's recorded spread: the dilution-proof variance of its annualised Sharpes; null with fewer than 2 bins. */
export function ledgerSharpeVariance(recorded: LedgerSummary | undefined): number | null {
  if (recorded === undefined) return null;
  return recorded.dilutionVariance !== undefined ? recorded.dilutionVariance : dilutionProofVariance(recorded.sharpes);
}

/** The Sharpe spread a verdict uses and where it came from (null: neither declared nor recorded). */
export interface SpreadUsed {
  readonly variance: number | null;
  readonly source: "given" | "ledger" | null;
}

/**
 * The larger of the declared variance of the annualised trial Sharpes and the ledger's recorded one: a
 * declared spread below what the ledger saw is a warning naming both, and the verdict uses the recorded.
 */
export function honestSpread(out: Outcome, declared: number | null, recorded: LedgerSummary | undefined): SpreadUsed {
  const seen = ledgerSharpeVariance(recorded);
  if (declared === null) return { variance: seen, source: seen === null ? null : "ledger" };
  if (seen === null || seen <= declared) return { variance: declared, source: "given" };
  out.warning(
    `you declared a Sharpe variance of ${plain(declared)}; the Sharpes research ledger '${recorded!.ledger}' ` +
      `recorded spread by ${plain(seen)} (annualised, near-copies within ${SPREAD_BIN_WIDTH} counted once): ` +
      `the verdict uses ${plain(seen)}`,
    "sharpe_variance",
  );
  return { variance: seen, source: "ledger" };
}

const strategies = (n: number) => `${n} distinct strateg${n === 1 ? "y" : "ies"}`;
