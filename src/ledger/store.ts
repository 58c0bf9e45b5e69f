// The research ledger's storage contract: one interface, one implementation per backend
// (SQLite by default, PostgreSQL for replicas). Stores hold statistics of trials, never the data.
import type { LedgerSummary } from "../contract/guard.js";
import type { ChainReport } from "./chain_verify.js";

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
}

/** What the guards need from a ledger: defined in the guard contract, which guards may import. */
export type { LedgerSummary };

/** A store's summary: the guards' fields, and the chain head the digest covers (null: no chain head). */
export interface StoreSummary extends LedgerSummary {
  readonly chainHead: string | null;
}

/** A reset: never a deletion; trials before it stop counting and it is itself recorded. */
export interface ResetEvent {
  readonly ledger: string;
  readonly at: string;
  readonly reason: string;
}

/**
 * A ledger backend. Append-only: `record` inserts trials whose fingerprint the ledger has not seen since
 * its last reset and ignores the rest; concurrent writers (processes, replicas) never lose or double a trial.
 */
export interface LedgerStore {
  /** Backend name for provenance: "sqlite" or "postgres". */
  readonly kind: "sqlite" | "postgres";
  /** Where it lives, without credentials (a file path, or a postgres URL with the password removed). */
  readonly location: string;
  /** Inserts the new trials of a named ledger; resolves to how many were new. */
  record(ledger: string, trials: readonly TrialRecord[]): Promise<number>;
  /** Count, Sharpes, since, digest (covering the chain head) of a named ledger, optionally of one experiment. */
  summary(ledger: string, experiment?: string | null): Promise<StoreSummary>;
  /** Trials counted per experiment label (null: none), in order of first recording. */
  experiments(ledger: string): Promise<{ experiment: string | null; count: number }[]>;
  /** The trials counted (since the last reset), oldest first, optionally of one experiment. */
  list(ledger: string, experiment?: string | null): Promise<TrialRecord[]>;
  /** Names of the ledgers this store holds. */
  ledgers(): Promise<string[]>;
  /** Starts a new epoch of a named ledger and records the event (the CLI's reset; no tool calls it). */
  reset(ledger: string, reason: string): Promise<ResetEvent>;
  /** The resets of a named ledger, oldest first. */
  resets(ledger: string): Promise<ResetEvent[]>;
  /** Checks a named ledger's hash chain (`fin-skills ledger verify`). */
  verify(ledger: string): Promise<ChainReport>;
  close(): Promise<void>;
}
