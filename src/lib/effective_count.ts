// The ledger's count a verdict weighs against the declared one: the effective number of trials when the tool
// layer measured it from the kept returns (docs/ledger.md, "Effective trials"), else the recorded count.
import type { EffectiveTrials, LedgerSummary } from "../contract/guard.js";

export interface LedgerCount {
  /** The count compared with the declared one. */
  readonly count: number;
  /** "effective" when measured from the kept returns, else "recorded". */
  readonly basis: "effective" | "recorded";
  /** Words after "recorded N distinct strategies", e.g. ", 2 effective (...)"; empty when not measured. */
  readonly clause: string;
  readonly effective: EffectiveTrials | null;
}

export function ledgerCount(recorded: LedgerSummary): LedgerCount {
  const e = recorded.effective ?? null;
  if (e === null || !e.available || e.n_trials_effective === null)
    return { count: recorded.count, basis: "recorded", clause: "", effective: e };
  const apart = e.n_not_aligned + e.n_without_returns;
  const loose = apart > 0 ? `, ${apart} of them counted as independent (too little overlap or no returns kept)` : "";
  const clause =
    `, ${e.n_trials_effective} effective (${e.n_clusters} cluster(s) of returns correlated >= 0.9 over ` +
    `${e.n_dates} common dates${loose})`;
  return { count: e.n_trials_effective, basis: "effective", clause, effective: e };
}

/** An info line when the ledger could not measure its effective count (its reason). */
export function unavailableNote(c: LedgerCount): string | null {
  const e = c.effective;
  return e !== null && !e.available ? `effective number of trials unavailable: ${e.reason}` : null;
}
