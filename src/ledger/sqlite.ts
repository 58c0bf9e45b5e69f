// The SQLite ledger (better-sqlite3): one file, WAL, a busy timeout, and a unique (ledger, epoch,
// fingerprint) key, so concurrent processes never lose or double a trial. Resets are epochs: an
// event row starts the next one and nothing is deleted.
import { accessSync, constants, existsSync, mkdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type Database from "better-sqlite3";

import { nextLink } from "./chain.js";
import { type ChainReport, verifyChain } from "./chain_verify.js";
import { ensureSqliteChain, hasChain, readRows, SqliteChainHeads } from "./sqlite_chain.js";
import { FileIdentity } from "./sqlite_identity.js";
import { trialFields } from "./trial_record.js";
import type { KeptReturns, LedgerStore, ResetEvent, RetractionEvent, StoreSummary, TrialRecord } from "./store.js";
import { IdleCheckpoint } from "./sqlite_checkpoint.js";
import {
  listedTrial,
  migrateRetractions,
  RETRACTION_COLUMNS,
  retractionsOf,
  retractTrial,
} from "./sqlite_retractions.js";
import { SqliteReturns } from "./sqlite_returns.js";
import {
  type LedgerTally,
  type RetractedRow,
  type SummaryRow,
  Tallies,
  type TallyCursor,
} from "./summary_incremental.js";
import { whenFree, WriteTurns } from "./sqlite_busy.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS resets (
  ledger TEXT NOT NULL, epoch INTEGER NOT NULL, at TEXT NOT NULL, reason TEXT NOT NULL,
  PRIMARY KEY (ledger, epoch)
);
CREATE TABLE IF NOT EXISTS trials (
  id INTEGER PRIMARY KEY, ledger TEXT NOT NULL, epoch INTEGER NOT NULL, fingerprint TEXT NOT NULL,
  tool TEXT NOT NULL, input TEXT NOT NULL, experiment TEXT, n_obs INTEGER NOT NULL, periods_per_year REAL,
  mean REAL NOT NULL, sd REAL NOT NULL, skew REAL NOT NULL, kurtosis REAL NOT NULL, sharpe_annual REAL,
  recorded_at TEXT NOT NULL, flagged TEXT,
  UNIQUE (ledger, epoch, fingerprint)
);`;

const COLUMNS =
  "fingerprint, tool, input, experiment, n_obs AS nObs, periods_per_year AS periodsPerYear, mean, sd, skew, " +
  `kurtosis, sharpe_annual AS sharpeAnnual, recorded_at AS recordedAt, flagged, ${RETRACTION_COLUMNS}`;
/**
 * The rows recorded after a row id, in id order (the rowid range, never the (ledger, epoch, fingerprint)
 * index, which would walk the whole ledger): what an in-process summary has not seen yet.
 */
const ROWS_AFTER =
  "SELECT id, fingerprint, experiment, n_obs AS nObs, sharpe_annual AS sharpeAnnual, recorded_at AS recordedAt, " +
  "flagged FROM trials NOT INDEXED WHERE id > ? AND ledger = ? AND epoch = ? ORDER BY id LIMIT ?";
/** An epoch's retractions after a retraction's rowid (few: read through their key), with their trial. */
const RETRACTIONS_AFTER =
  "SELECT r.rowid AS rid, t.id, t.fingerprint, t.experiment, t.n_obs AS nObs, t.sharpe_annual AS sharpeAnnual, " +
  "t.recorded_at AS recordedAt, t.flagged FROM retractions r JOIN trials t ON t.ledger = r.ledger AND " +
  "t.epoch = r.epoch AND t.fingerprint = r.fingerprint WHERE r.ledger = ? AND r.epoch = ? AND r.rowid > ? " +
  "ORDER BY r.rowid";

/** Opens (creating when missing) the SQLite ledger file at `file`. */
export async function openSqliteStore(file: string): Promise<LedgerStore> {
  // Required, not imported: the one-file server build runs without a dynamic-import hook, and the driver is CJS.
  const Sqlite = createRequire(import.meta.url)("better-sqlite3") as typeof Database;
  const location = path.resolve(file);
  refuseNonFile(location);
  let db: Database.Database | null = null;
  try {
    mkdirSync(path.dirname(location), { recursive: true });
    // No busy wait on this thread: a locked database is retried off the event loop (sqlite_busy.ts).
    db = new Sqlite(location, { timeout: 0 });
    const opened = db;
    await whenFree(() => {
      if (!opened.readonly) opened.pragma("journal_mode = WAL");
      opened.pragma("synchronous = NORMAL");
      if (!opened.readonly) {
        opened.exec(SCHEMA);
        migrateRetractions(opened);
        ensureSqliteChain(opened);
      } else opened.prepare("SELECT count(*) FROM trials").get();
    });
  } catch (e) {
    db?.close();
    throw withWriteAccess(e, location);
  }
  return new SqliteStore(db, location);
}

/** Throws for a path that exists and is not a regular file (SQLite would create its journal beside it). */
function refuseNonFile(location: string): void {
  const stat = statSync(location, { throwIfNoEntry: false });
  if (stat === undefined || stat.isFile()) return;
  const what = stat.isDirectory()
    ? "a directory"
    : stat.isFIFO()
      ? "a FIFO"
      : stat.isCharacterDevice() || stat.isBlockDevice()
        ? "a device"
        : stat.isSocket()
          ? "a socket"
          : "not a regular file";
  throw new Error(`the ledger path ${location} is ${what}, not a SQLite file`);
}

/**
 * SQLite says only "unable to open database file" when a WAL ledger cannot create its -shm and -wal files
 * beside it; the file system says why. The error gains the reason the ledger or its directory cannot be
 * written (a read-only file system, no permission), when there is one.
 */
function withWriteAccess(e: unknown, location: string): unknown {
  if (!(e instanceof Error)) return e;
  const target = existsSync(location) ? location : path.dirname(location);
  for (const p of [target, path.dirname(location)]) {
    try {
      accessSync(p, constants.W_OK);
    } catch (denied) {
      const code = (denied as NodeJS.ErrnoException).code ?? "";
      const why = code === "EROFS" ? "is on a read-only file system" : `cannot be written (${code})`;
      e.message = `${e.message}: ${p === location ? "the ledger file" : "its directory"} ${why}`;
      return e;
    }
  }
  return e;
}

class SqliteStore implements LedgerStore {
  readonly kind = "sqlite" as const;
  private readonly epochOf: Database.Statement<[string], { epoch: number | null }>;
  private readonly insert: Database.Statement<unknown[]>;
  /** Inserts a call's trials in one write transaction (the epoch read inside each insert). */
  private readonly insertAll: Database.Transaction<(ledger: string, trials: readonly TrialRecord[]) => number>;
  /** Each ledger's current epoch as last read, advanced by the rows after its last id (summary_incremental.ts). */
  private readonly tallies: Tallies;
  /** This connection's writes, one at a time (sqlite_busy.ts). */
  private readonly writes = new WriteTurns();
  private readonly statements = new Map<string, Database.Statement>();
  /** Null on a read-only connection (nothing to checkpoint). */
  private readonly checkpoint: IdleCheckpoint | null;
  private readonly kept: SqliteReturns;
  /** PRAGMA data_version: changes when another connection commits (the returns' room is read again then). */
  private readonly dataVersion: Database.Statement<[], number>;
  /** Null for a file from before the chain opened read-only (it cannot gain the chain there). */
  private readonly heads: SqliteChainHeads | null;
  /** The opened file's device and inode, checked before each commit and read. */
  private readonly identity: FileIdentity;
  constructor(
    private readonly db: Database.Database,
    readonly location: string,
  ) {
    this.identity = new FileIdentity(location);
    this.epochOf = db.prepare("SELECT max(epoch) AS epoch FROM resets WHERE ledger = ?");
    this.insert = db.prepare(
      "INSERT OR IGNORE INTO trials (ledger, epoch, fingerprint, tool, input, experiment, n_obs, " +
        "periods_per_year, mean, sd, skew, kurtosis, sharpe_annual, recorded_at, flagged, chain_seq, chain_hash) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    this.heads = hasChain(db) ? new SqliteChainHeads(db) : null;
    // Prepared on first read: a file of an older server opened read-only (no flagged column, no retractions
    // table) still opens, and only reading its summary fails, naming what is missing.
    let rowsAfter: Database.Statement<[number, string, number, number], SummaryRow> | null = null;
    let retractionsAfter: Database.Statement<[string, number, number], RetractedRow> | null = null;
    const readAfter = db.transaction((ledger: string, known: TallyCursor | null, limit: number) => {
      rowsAfter ??= db.prepare<[number, string, number, number], SummaryRow>(ROWS_AFTER);
      retractionsAfter ??= db.prepare<[string, number, number], RetractedRow>(RETRACTIONS_AFTER);
      const epoch = this.epoch(ledger);
      const same = known !== null && known.epoch === epoch;
      const rows = rowsAfter.all(same ? known.lastId : 0, ledger, epoch, limit);
      const retractions = retractionsAfter.all(ledger, epoch, same ? known.lastRetraction : -1);
      return { epoch, rows, retractions, chainHead: this.headHash(ledger) };
    });
    this.tallies = new Tallies((ledger, known, limit) => whenFree(() => readAfter.deferred(ledger, known, limit)));
    // Under BEGIN IMMEDIATE: the epoch and the chain head are this writer's until it commits.
    this.insertAll = db.transaction((ledger: string, trials: readonly TrialRecord[]) => {
      const heads = this.chainHeads();
      const epoch = this.epoch(ledger);
      let head = heads.head(ledger);
      const start = head.seq;
      for (const trial of trials) {
        const link = nextLink(head, { kind: "trial", ledger, epoch, trial });
        if (this.insertOne(ledger, epoch, trial, link.seq, link.hash) > 0) head = link;
      }
      if (head.seq > start) heads.advance(ledger, head);
      return head.seq - start;
    });
    this.checkpoint = db.readonly ? null : new IdleCheckpoint(db);
    this.dataVersion = db.prepare<[], number>("PRAGMA data_version").pluck();
    this.kept = new SqliteReturns(db, () => this.dataVersion.get()!);
  }

  private insertOne(ledger: string, epoch: number, t: TrialRecord, seq: number, hash: string): number {
    this.kept.write(ledger, t);
    return this.insert.run(ledger, epoch, ...trialFields(t), t.flagged ?? null, seq, hash).changes;
  }

  private epoch(ledger: string): number {
    return this.epochOf.get(ledger)?.epoch ?? 0;
  }

  async record(ledger: string, trials: readonly TrialRecord[]): Promise<number> {
    if (trials.length === 0) return 0;
    this.checkFile(ledger);
    const added = await this.writes.run(() => this.insertAll.immediate(ledger, trials));
    if (added > 0) this.checkpoint?.wrote();
    return added;
  }

  async returnsRoom(ledger: string): Promise<number> {
    return this.kept.room(ledger);
  }

  /** The returns of the rows the ledger's tally holds (read from the returns kept, never every trial). */
  async returns(ledger: string): Promise<KeptReturns> {
    const tally = await this.tallies.current(ledger);
    const trials = tally.all.count + tally.retracted.size;
    const rows = await whenFree(() => this.kept.rows(ledger, tally.epoch, tally.lastId));
    return this.kept.returns(rows, trials);
  }

  async list(ledger: string, experiment: string | null = null): Promise<TrialRecord[]> {
    this.checkFile(ledger);
    return whenFree(() =>
      this.counted<Parameters<typeof listedTrial>[0]>(COLUMNS, ledger, experiment, "").map(listedTrial),
    );
  }

  /** Only the rows and retractions recorded since the last read (by any connection) are read. */
  async tally(ledger: string): Promise<LedgerTally> {
    this.checkFile(ledger);
    return this.tallies.current(ledger);
  }

  async summary(ledger: string, experiment: string | null = null): Promise<StoreSummary> {
    return (await this.tally(ledger)).summary(ledger, experiment);
  }

  async experiments(ledger: string): Promise<{ experiment: string | null; count: number }[]> {
    return (await this.tally(ledger)).experiments();
  }

  /** Throws when the path no longer names the file opened (deleted or replaced), naming what it held of `ledger`. */
  private checkFile(ledger: string): void {
    this.identity.check(() => this.counted("fingerprint", ledger, null, "").length);
  }

  /** The chain head's hash, null when the ledger has none (or the file has no chain: read-only, from before it). */
  private headHash(ledger: string): string | null {
    return this.heads?.stored(ledger)?.hash ?? null;
  }

  private chainHeads(): SqliteChainHeads {
    if (this.heads) return this.heads;
    throw new Error("this ledger file has no hash chain yet (written before it, opened read-only): open it writable");
  }

  /** The trials since the last reset (of one experiment when given; `where` filters more), oldest first. */
  private counted<R>(columns: string, ledger: string, experiment: string | null, where: string): R[] {
    const filter = (experiment === null ? "" : " AND experiment = ?") + where;
    const select = this.statement(`SELECT ${columns} FROM trials WHERE ledger = ? AND epoch = ?${filter} ORDER BY id`);
    const read = this.db.transaction(() => {
      const args: unknown[] = [ledger, this.epoch(ledger), ...(experiment === null ? [] : [experiment])];
      return select.all(...args) as R[];
    });
    return read.deferred();
  }

  /** A statement prepared once per connection. */
  private statement(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  async ledgers(): Promise<string[]> {
    const sql = "SELECT ledger FROM trials UNION SELECT ledger FROM resets ORDER BY ledger";
    const rows = (await whenFree(() => this.db.prepare(sql).all())) as { ledger: string }[];
    return rows.map((r) => r.ledger);
  }

  async reset(ledger: string, reason: string): Promise<ResetEvent> {
    const at = new Date().toISOString();
    this.checkFile(ledger);
    const write = this.db.transaction(() => {
      const heads = this.chainHeads();
      const epoch = this.epoch(ledger) + 1;
      const link = nextLink(heads.head(ledger), { kind: "reset", ledger, epoch, at, reason });
      this.db
        .prepare("INSERT INTO resets (ledger, epoch, at, reason, chain_seq, chain_hash) VALUES (?, ?, ?, ?, ?, ?)")
        .run(ledger, epoch, at, reason, link.seq, link.hash);
      heads.advance(ledger, link);
    });
    await this.writes.run(() => write.immediate());
    this.checkpoint?.wrote();
    return { ledger, at, reason };
  }

  async resets(ledger: string): Promise<ResetEvent[]> {
    const sql = "SELECT ledger, at, reason FROM resets WHERE ledger = ? ORDER BY epoch";
    return (await whenFree(() => this.db.prepare(sql).all(ledger))) as ResetEvent[];
  }

  async retract(ledger: string, fingerprint: string, reason: string): Promise<RetractionEvent> {
    this.checkFile(ledger);
    const event = retractTrial(this.db, ledger, () => this.epoch(ledger), fingerprint, reason, this.chainHeads());
    this.checkpoint?.wrote();
    return event;
  }

  async retractions(ledger: string): Promise<RetractionEvent[]> {
    return retractionsOf(this.db, ledger, this.epoch(ledger));
  }

  async verify(ledger: string): Promise<ChainReport> {
    const heads = this.chainHeads();
    const read = this.db.transaction(() => verifyChain(ledger, readRows(this.db, ledger), heads.stored(ledger)));
    return read.deferred();
  }

  async close(): Promise<void> {
    this.checkpoint?.cancel();
    this.db.close();
  }
}
