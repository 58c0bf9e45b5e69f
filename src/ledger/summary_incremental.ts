// Ledger summaries kept in process and advanced by what was recorded since they were last read: a verdict
// or list_trials on a long ledger reads only the new rows (after the last cursor seen: SQLite's row id,
// PostgreSQL's chain sequence, both in commit order) and the new retractions, adds or takes out each, and
// rehashes only the digest groups that changed (digest.ts).
import { combineGroups, digestGroup, groupDigest } from "./digest.js";
import { SharpeAggregates } from "./sharpe_aggregates.js";
import type { PreviewField, StoreSummary, StoreTally, TrialRecord } from "./store.js";

/** The columns of a trial a summary needs, with its cursor (`id`: commit order within its ledger). */
export type SummaryRow = Pick<TrialRecord, "fingerprint" | "experiment" | "nObs" | "sharpeAnnual" | "recordedAt"> & {
  readonly id: number;
  /** The unit mistake it was first seen with, null when none. */
  readonly flagged: string | null;
};

/** A retraction newer than the tally's, with the trial it retracts (`rid`: the retraction's own cursor). */
export type RetractedRow = SummaryRow & { readonly rid: number };

/** The columns of a trial a preview adds. */
export type PreviewRow = Pick<TrialRecord, PreviewField>;

interface Group {
  /** Sorted by code unit up to `sorted`; added to at the end, and sorted again when next hashed. */
  readonly fingerprints: string[];
  sorted: number;
  digest: string | null;
}

/** Most fingerprints added since a group's last sort that are put in place one by one (else it is sorted whole). */
const INSERT_LIMIT = 32;

/** Sorts a group's fingerprints by code unit: the few added since its last sort by binary insertion. */
function sortGroup(g: Group): void {
  const f = g.fingerprints;
  if (f.length - g.sorted > INSERT_LIMIT) f.sort();
  else
    for (let i = g.sorted; i < f.length; i++) {
      const x = f[i]!;
      let [lo, hi] = [0, i];
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (f[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      f.copyWithin(lo + 1, lo, i);
      f[lo] = x;
    }
  g.sorted = f.length;
}

/** An extreme (a minimum or maximum) and how many trials hold it: taking one out is known to leave it. */
class Extreme<T> {
  value: T | null = null;
  holders = 0;
  constructor(private readonly better: (a: T, b: T) => boolean) {}

  add(v: T): void {
    if (this.value === null || this.better(v, this.value)) {
      this.value = v;
      this.holders = 1;
    } else if (v === this.value) this.holders++;
  }

  /** False when the last holder went (the extreme must be found again). */
  remove(v: T): boolean {
    if (v !== this.value) return true;
    this.holders--;
    return this.holders > 0;
  }
}

/** One trial set (a ledger's epoch, or one experiment of it): count, Sharpes in recording order, since, digest. */
export class TrialSet {
  count = 0;
  /** Trials first seen flagged in the wrong unit. */
  flagged = 0;
  /** The cursor of its first trial (experiments are listed in that order). */
  firstId = Number.POSITIVE_INFINITY;
  private readonly sharpes: number[] = [];
  /** The Sharpes' histogram and dilution-proof spread, kept as they arrive. */
  private readonly aggregates = new SharpeAggregates();
  private readonly since = new Extreme<string>((a, b) => a < b);
  private readonly longestNObs = new Extreme<number>((a, b) => a > b);
  private maxSharpe: number | null = null;
  private readonly groups = new Map<string, Group>();
  /** The group lines' digests, null when a group changed since they were last hashed. */
  private lines: [string, string][] | null = null;

  add(row: SummaryRow): void {
    this.count++;
    if (row.flagged) this.flagged++;
    if (row.id < this.firstId) this.firstId = row.id;
    if (row.sharpeAnnual !== null) {
      this.sharpes.push(row.sharpeAnnual);
      this.aggregates.add(row.sharpeAnnual);
      if (this.maxSharpe === null || row.sharpeAnnual > this.maxSharpe) this.maxSharpe = row.sharpeAnnual;
    }
    this.longestNObs.add(row.nObs);
    this.since.add(row.recordedAt);
    const key = digestGroup(row.fingerprint);
    let group = this.groups.get(key);
    if (!group) {
      group = { fingerprints: [], sorted: 0, digest: null };
      this.groups.set(key, group);
    }
    group.fingerprints.push(row.fingerprint);
    group.digest = null;
    this.lines = null;
  }

  /**
   * Takes out a trial it holds (retracted). False when the set must be read again: the trial was its first,
   * or the last one at its since or longest n_obs (which the set cannot find again without its rows).
   */
  remove(row: SummaryRow): boolean {
    this.count--;
    if (row.flagged) this.flagged--;
    if (row.sharpeAnnual !== null) {
      // Equal Sharpes are one value: taking out any of them leaves the same sequence.
      const at = this.sharpes.lastIndexOf(row.sharpeAnnual);
      if (at >= 0) this.sharpes.splice(at, 1);
      this.aggregates.drop();
      if (row.sharpeAnnual === this.maxSharpe)
        this.maxSharpe = this.sharpes.length === 0 ? null : this.sharpes.reduce((m, s) => Math.max(s, m));
    }
    const key = digestGroup(row.fingerprint);
    const group = this.groups.get(key);
    const at = group?.fingerprints.indexOf(row.fingerprint) ?? -1;
    if (group && at >= 0) {
      group.fingerprints.splice(at, 1);
      if (at < group.sorted) group.sorted--;
      group.digest = null;
      if (group.fingerprints.length === 0) this.groups.delete(key);
      this.lines = null;
    }
    const kept = this.since.remove(row.recordedAt) && this.longestNObs.remove(row.nObs);
    return kept && row.id !== this.firstId && at >= 0;
  }

  /** It holds a trial of this fingerprint. */
  holds(fingerprint: string): boolean {
    return this.groups.get(digestGroup(fingerprint))?.fingerprints.includes(fingerprint) ?? false;
  }

  /** The summary now, its digest covering `chainHead`; the Sharpes are the caller's own copy (none: `copy` false). */
  summary(ledger: string, experiment: string | null, chainHead: string | null, copy = true): StoreSummary {
    const digest = combineGroups(this.groupLines(), chainHead);
    const sharpes = copy ? this.sharpes.slice() : [];
    const { count } = this;
    const [since, longestNObs, maxSharpe] = [this.since.value, this.longestNObs.value, this.maxSharpe];
    const sharpeHistogram = this.aggregates.histogram(this.sharpes);
    const dilutionVariance = this.aggregates.dilutionVariance(this.sharpes);
    const kept = { sharpeHistogram, dilutionVariance };
    return { ledger, experiment, count, sharpes, since, digest, longestNObs, maxSharpe, ...kept, chainHead };
  }

  /** The summary with `extra` (trials it does not hold, distinct) added after its own, the set unchanged. */
  summaryWith(ledger: string, extra: readonly PreviewRow[], chainHead: string | null): StoreSummary {
    if (extra.length === 0) return this.summary(ledger, null, chainHead);
    const base = { ...this.summary(ledger, null, chainHead, false) };
    const added = new Map<string, string[]>();
    for (const t of extra) {
      const key = digestGroup(t.fingerprint);
      added.set(key, [...(added.get(key) ?? []), t.fingerprint]);
    }
    const lines = new Map(this.groupLines());
    for (const [key, fingerprints] of added)
      lines.set(key, groupDigest([...(this.groups.get(key)?.fingerprints ?? []), ...fingerprints].sort()));
    const more = extra.flatMap((t) => (t.sharpeAnnual === null ? [] : [t.sharpeAnnual]));
    const sharpes = this.sharpes.concat(more);
    // A copy of what the base summary kept (read just above), given only the added Sharpes.
    const aggregates = this.aggregates.clone();
    for (const s of more) aggregates.add(s);
    const sharpeHistogram = aggregates.histogram(sharpes);
    const dilutionVariance = aggregates.dilutionVariance(sharpes);
    const pick = <T>(a: T | null, b: T, better: (x: T, y: T) => boolean) => (a === null || better(b, a) ? b : a);
    let { since, longestNObs, maxSharpe } = base;
    for (const t of extra) {
      since = pick(since, t.recordedAt, (x, y) => x < y);
      longestNObs = pick(longestNObs, t.nObs, (x, y) => x > y);
      if (t.sharpeAnnual !== null) maxSharpe = pick(maxSharpe, t.sharpeAnnual, (x, y) => x > y);
    }
    const digest = combineGroups([...lines], chainHead);
    const kept = { sharpeHistogram, dilutionVariance };
    return { ...base, count: base.count + extra.length, sharpes, since, longestNObs, maxSharpe, ...kept, digest };
  }

  private groupLines(): [string, string][] {
    if (this.lines === null) {
      const lines: [string, string][] = [];
      for (const [key, g] of this.groups) {
        if (g.digest === null) {
          sortGroup(g);
          g.digest = groupDigest(g.fingerprints);
        }
        lines.push([key, g.digest]);
      }
      this.lines = lines;
    }
    return this.lines;
  }
}

/** Where a tally has read to: its epoch, its last trial's cursor and its last retraction's (-1: none read). */
export interface TallyCursor {
  readonly epoch: number;
  readonly lastId: number;
  readonly lastRetraction: number;
}

/** A ledger's current epoch, whole and per experiment label (in order of first recording). */
export class LedgerTally implements TallyCursor, StoreTally {
  readonly all = new TrialSet();
  readonly byExperiment = new Map<string | null, TrialSet>();
  /** Fingerprints of the epoch's retracted trials (counted by no verdict). */
  readonly retracted = new Set<string>();
  /** The largest trial cursor read, and retraction cursor. */
  lastId = 0;
  lastRetraction = -1;
  /** The ledger's chain head as last read (null: no chain). */
  chainHead: string | null = null;
  /** A retraction took out what the tally cannot find again: it must be read whole. */
  stale = false;
  /** Rows read from the store into this tally (trials and retractions). */
  rowsRead = 0;

  constructor(readonly epoch: number) {}

  /** Adds trials (in cursor order); a retracted one is counted as retracted only. */
  add(rows: readonly SummaryRow[]): void {
    this.rowsRead += rows.length;
    for (const row of rows) {
      if (row.id > this.lastId) this.lastId = row.id;
      if (this.retracted.has(row.fingerprint)) continue;
      this.all.add(row);
      let set = this.byExperiment.get(row.experiment);
      if (!set) {
        set = new TrialSet();
        this.byExperiment.set(row.experiment, set);
      }
      set.add(row);
    }
  }

  /** Takes the newly retracted trials out (those read already; later ones are left out as they are read). */
  retract(rows: readonly RetractedRow[]): void {
    this.rowsRead += rows.length;
    for (const row of rows) {
      if (row.rid > this.lastRetraction) this.lastRetraction = row.rid;
      if (this.retracted.has(row.fingerprint)) continue;
      this.retracted.add(row.fingerprint);
      if (row.id > this.lastId) continue;
      const set = this.byExperiment.get(row.experiment);
      if (!this.all.remove(row) || !set?.remove(row)) this.stale = true;
      if (set?.count === 0) this.byExperiment.delete(row.experiment);
    }
  }

  summary(ledger: string, experiment: string | null): StoreSummary {
    const set = experiment === null ? this.all : (this.byExperiment.get(experiment) ?? new TrialSet());
    return set.summary(ledger, experiment, this.chainHead);
  }

  holds(fingerprint: string): boolean {
    return this.retracted.has(fingerprint) || this.all.holds(fingerprint);
  }

  /** Trials of one experiment (null: all) first seen flagged in the wrong unit. */
  flagged(experiment: string | null): number {
    return (experiment === null ? this.all : this.byExperiment.get(experiment))?.flagged ?? 0;
  }

  /**
   * The whole epoch's summary as it will be once `trials` are recorded: those it holds (or holds retracted)
   * and repeats within them add nothing. Its digest covers the chain head as it is now.
   */
  preview(ledger: string, trials: readonly PreviewRow[]): StoreSummary {
    const seen = new Set<string>();
    const fresh = trials.filter((t) => {
      const skip = seen.has(t.fingerprint) || this.holds(t.fingerprint);
      seen.add(t.fingerprint);
      return !skip;
    });
    return this.all.summaryWith(ledger, fresh, this.chainHead);
  }

  /** Trials per experiment label (null: recorded without one), in order of first recording. */
  experiments(): { experiment: string | null; count: number }[] {
    return [...this.byExperiment]
      .sort(([, a], [, b]) => a.firstId - b.firstId)
      .map(([experiment, set]) => ({ experiment, count: set.count }));
  }
}

/** What a store reads in one snapshot: the ledger's current epoch, its chain head, up to `limit` trial rows in
 * cursor order (after `known`'s when `known` is of that epoch, else from the first), and the retractions of
 * that epoch after `known`'s (all of them for a new epoch), oldest first. */
export type ReadAfter = (
  ledger: string,
  known: TallyCursor | null,
  limit: number,
) => Promise<{ epoch: number; rows: SummaryRow[]; retractions: RetractedRow[]; chainHead: string | null }>;

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
      const { epoch, rows, retractions, chainHead } = await this.readAfter(ledger, known, CHUNK_ROWS);
      const tally = known !== null && known.epoch === epoch ? known : new LedgerTally(epoch);
      // Retractions first: a trial of these rows retracted in this snapshot is left out as it is added.
      tally.retract(retractions);
      tally.add(rows);
      tally.chainHead = chainHead;
      if (tally.stale) this.kept.delete(ledger);
      else this.kept.set(ledger, tally);
      if (rows.length < CHUNK_ROWS && !tally.stale) return tally;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}
