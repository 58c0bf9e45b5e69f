// The research ledger's storage contract: one interface, one implementation per backend
// (SQLite by default, PostgreSQL for replicas). Stores hold statistics of trials, never the data.
import type { LedgerSummary } from "../contract/guard.js";
import type { ChainReport } from "./chain_verify.js";
import type { KeptReturns } from "./returns.js";

import type { RetractionEvent, TrialRecord } from "./trial_record.js";
export type { KeptReturns, RetractionEvent, TrialRecord };

/** What the guards need from a ledger: defined in the guard contract, which guards may import. */
export type { LedgerSummary };

/** A store's summary: the guards' fields, and the chain head the digest covers (null: no chain head). */
export interface StoreSummary extends LedgerSummary {
  readonly chainHead: string | null;
}

/**
 * A ledger's current epoch as a process keeps it (summary_incremental.ts's LedgerTally): everything a verdict
 * or list_trials reads of it, without reading every row.
 */
export interface StoreTally {
  /** The summary of the epoch, or of one experiment of it. */
  summary(ledger: string, experiment: string | null): StoreSummary;
  /** Counted trials (of one experiment; null: all) first seen flagged in the wrong unit. */
  flagged(experiment: string | null): number;
  /** The epoch holds a trial of this fingerprint (counted or retracted). */
  holds(fingerprint: string): boolean;
  /** Fingerprints of the epoch's retracted trials. */
  readonly retracted: ReadonlySet<string>;
  /** Counted trials per experiment label (null: none), in order of first recording. */
  experiments(): { experiment: string | null; count: number }[];
  /** The whole epoch's summary once `trials` are recorded (held ones and repeats add nothing). */
  preview(ledger: string, trials: readonly Pick<TrialRecord, PreviewField>[]): StoreSummary;
  /** Rows this process read from the store into it (trials and retractions). */
  readonly rowsRead: number;
}

/** The fields of a trial a preview reads. */
export type PreviewField = "fingerprint" | "nObs" | "sharpeAnnual" | "recordedAt";

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
  /**
   * A named ledger's current epoch as this process keeps it (summary_incremental.ts), brought up to date by
   * reading only the trials and retractions recorded since it was last read: summaries, flagged and retracted
   * counts, per-experiment counts and a call's preview, without reading every row.
   */
  tally(ledger: string): Promise<StoreTally>;
  /** Count, Sharpes, since, digest (covering the chain head) of the trials a named ledger counts (not retracted). */
  summary(ledger: string, experiment?: string | null): Promise<StoreSummary>;
  /** Trials counted per experiment label (null: none), in order of first recording. */
  experiments(ledger: string): Promise<{ experiment: string | null; count: number }[]>;
  /** The trials of the current epoch, oldest first, optionally of one experiment; retracted ones marked. */
  list(ledger: string, experiment?: string | null): Promise<TrialRecord[]>;
  /** Compressed bytes of returns a named ledger may still keep (its budget less what it holds). */
  returnsRoom(ledger: string): Promise<number>;
  /** The returns kept of the trials counted now (since the last reset). */
  returns(ledger: string): Promise<KeptReturns>;
  /** Names of the ledgers this store holds. */
  ledgers(): Promise<string[]>;
  /** Starts a new epoch of a named ledger and records the event (the CLI's reset; no tool calls it). */
  reset(ledger: string, reason: string): Promise<ResetEvent>;
  /** The resets of a named ledger, oldest first. */
  resets(ledger: string): Promise<ResetEvent[]>;
  /** Retracts one trial of the current epoch (throws naming it when there is none or it is retracted already). */
  retract(ledger: string, fingerprint: string, reason: string): Promise<RetractionEvent>;
  /** The retractions of a named ledger's current epoch, oldest first. */
  retractions(ledger: string): Promise<RetractionEvent[]>;
  /** Checks a named ledger's hash chain (`fin-skills ledger verify`). */
  verify(ledger: string): Promise<ChainReport>;
  close(): Promise<void>;
}
