// Ledger summaries kept in process and advanced by the trials recorded since they were last read: a
// verdict or list_trials on a long ledger reads only the new rows (by id, which SQLite gives in commit
// order), adds each to its set, and rehashes only the digest groups that changed (digest.ts).
import { combineGroups, digestGroup, groupDigest } from "./digest.js";
import type { StoreSummary, TrialRecord } from "./store.js";

/** The columns of a trial a summary needs, with its row id. */
export type SummaryRow = Pick<TrialRecord, "fingerprint" | "experiment" | "nObs" | "sharpeAnnual" | "recordedAt"> & {
  readonly id: number;
};

interface Group {
  /** Sorted by code unit when `digest` is set; added to at the end, and sorted again when next hashed. */
  readonly fingerprints: string[];
  digest: string | null;
}

/** One trial set (a ledger's epoch, or one experiment of it): count, Sharpes in recording order, since, digest. */
export class TrialSet {
  count = 0;
  private readonly sharpes: number[] = [];
  private since: string | null = null;
  private longestNObs: number | null = null;
  private maxSharpe: number | null = null;
  private readonly groups = new Map<string, Group>();
  /** The group lines' digests, null when a group changed since they were last hashed. */
  private lines: [string, string][] | null = null;

  add(row: SummaryRow): void {
    this.count++;
    if (row.sharpeAnnual !== null) {
      this.sharpes.push(row.sharpeAnnual);
      if (this.maxSharpe === null || row.sharpeAnnual > this.maxSharpe) this.maxSharpe = row.sharpeAnnual;
    }
    if (this.longestNObs === null || row.nObs > this.longestNObs) this.longestNObs = row.nObs;
    if (this.since === null || row.recordedAt < this.since) this.since = row.recordedAt;
    const key = digestGroup(row.fingerprint);
    let group = this.groups.get(key);
    if (!group) {
      group = { fingerprints: [], digest: null };
      this.groups.set(key, group);
    }
    group.fingerprints.push(row.fingerprint);
    group.digest = null;
    this.lines = null;
  }

  /** The summary now, its digest covering `chainHead`; the Sharpes are the caller's own copy. */
  summary(ledger: string, experiment: string | null, chainHead: string | null): StoreSummary {
    const digest = combineGroups(this.groupLines(), chainHead);
    const sharpes = this.sharpes.slice();
    const { count, since, longestNObs, maxSharpe } = this;
    return { ledger, experiment, count, sharpes, since, digest, longestNObs, maxSharpe, chainHead };
  }

  private groupLines(): [string, string][] {
    if (this.lines === null) {
      const lines: [string, string][] = [];
      for (const [key, g] of this.groups) {
        // Mostly sorted already (new fingerprints at the end): the sort is a merge of two runs.
        g.digest ??= groupDigest(g.fingerprints.sort());
        lines.push([key, g.digest]);
      }
      this.lines = lines;
    }
    return this.lines;
  }
}

/** A ledger's current epoch, whole and per experiment label (in order of first recording). */
export class LedgerTally {
  readonly all = new TrialSet();
  readonly byExperiment = new Map<string | null, TrialSet>();
  /** The largest row id added. */
  lastId = 0;
  /** The ledger's chain head as last read (null: no chain). */
  chainHead: string | null = null;

  constructor(readonly epoch: number) {}

  add(rows: readonly SummaryRow[]): void {
    for (const row of rows) {
      this.all.add(row);
      let set = this.byExperiment.get(row.experiment);
      if (!set) {
        set = new TrialSet();
        this.byExperiment.set(row.experiment, set);
      }
      set.add(row);
      if (row.id > this.lastId) this.lastId = row.id;
    }
  }

  summary(ledger: string, experiment: string | null): StoreSummary {
    const set = experiment === null ? this.all : (this.byExperiment.get(experiment) ?? new TrialSet());
    return set.summary(ledger, experiment, this.chainHead);
  }

  /** Trials per experiment label (null: recorded without one), in order of first recording. */
  experiments(): { experiment: string | null; count: number }[] {
    return [...this.byExperiment].map(([experiment, set]) => ({ experiment, count: set.count }));
  }
}

/** Reads, in one snapshot, a ledger's current epoch and up to `limit` of its rows in id order: those after
 * `known.lastId` when `known` is of that epoch, else from its first. */
export type ReadAfter = (
  ledger: string,
  known: { epoch: number; lastId: number } | null,
  limit: number,
) => Promise<{ epoch: number; rows: SummaryRow[]; chainHead: string | null }>;

/** Rows read per snapshot: a long ledger's first read yields the event loop between chunks. */
export const CHUNK_ROWS = 5000;

/**
 * Each ledger's tally, brought up to date on request. Requests of one ledger run one after another, so
 * two calls never add the same rows; a request behind another reads only what that one left.
 */
export class Tallies {
  private readonly kept = new Map<string, LedgerTally>();
  private readonly running = new Map<string, Promise<LedgerTally>>();

  constructor(private readonly readAfter: ReadAfter) {}

  current(ledger: string): Promise<LedgerTally> {
    const before = this.running.get(ledger) ?? Promise.resolve(null);
    const next = before.catch(() => null).then(() => this.advance(ledger));
    this.running.set(ledger, next);
    const done = () => {
      if (this.running.get(ledger) === next) this.running.delete(ledger);
    };
    next.then(done, done);
    return next;
  }

  private async advance(ledger: string): Promise<LedgerTally> {
    for (;;) {
      const known = this.kept.get(ledger) ?? null;
      const { epoch, rows, chainHead } = await this.readAfter(ledger, known, CHUNK_ROWS);
      const tally = known !== null && known.epoch === epoch ? known : new LedgerTally(epoch);
      tally.add(rows);
      tally.chainHead = chainHead;
      this.kept.set(ledger, tally);
      if (rows.length < CHUNK_ROWS) return tally;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}
