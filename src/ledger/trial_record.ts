// One trial as the ledger stores it (its own file: the chain hashes it and the store contract names it).
import type { EncodedReturns } from "./returns.js";
/** One trial: a distinct strategy return series some guard call evaluated. */
export interface TrialRecord {
  /** SHA-256 (hex) of the series' canonical numbers and index: the same series sent twice is one trial. */
  readonly fingerprint: string;
  /** The guard tool that first saw it, e.g. "check_cost_curve". */
  readonly tool: string;
  /** The input (and column, for a frame of candidates) it came from, e.g. "returns" or "model_returns.m3". */
  readonly input: string;
  /** Optional label the caller gave the call's experiment; null when none. */
  readonly experiment: string | null;
  /** Number of finite observations. */
  readonly nObs: number;
  /** Periods per year used to annualise (null when the call gave none and none could be inferred). */
  readonly periodsPerYear: number | null;
  /** Per-period mean, sample standard deviation (n-1), skewness and raw (non-excess) kurtosis. */
  readonly mean: number;
  readonly sd: number;
  readonly skew: number;
  readonly kurtosis: number;
  /** Annualised Sharpe (mean / sd · sqrt(periodsPerYear)); null when periodsPerYear is null or sd is 0. */
  readonly sharpeAnnual: number | null;
  /** When it was first recorded, ISO-8601 UTC. */
  readonly recordedAt: string;
  /** The unit mistake the call that first saw it flagged ("percent"), its statistics those of the corrected series. */
  readonly flagged?: string | null;
  /** Set in listings when the operator retracted it: it is listed but no longer counted. */
  readonly retracted?: RetractionEvent | null;
  /** Its returns, kept beside the statistics (src/ledger/returns.ts); absent: statistics only. */
  readonly returns?: EncodedReturns;
}

/** A retraction: the operator's, from the CLI, with a reason; the trial stays listed and stops counting. */
export interface RetractionEvent {
  readonly fingerprint: string;
  readonly at: string;
  readonly reason: string;
}

/** A trial's fields in stored column order, fingerprint to recordedAt: what the chain hashes and a store writes. */
export function trialFields(t: TrialRecord): (string | number | null)[] {
  return [
    t.fingerprint,
    t.tool,
    t.input,
    t.experiment,
    t.nObs,
    t.periodsPerYear,
    t.mean,
    t.sd,
    t.skew,
    t.kurtosis,
    t.sharpeAnnual,
    t.recordedAt,
  ];
}
