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
import type { LedgerStore, ResetEvent, RetractionEvent, StoreSummary, TrialRecord } from "./store.js";
import { summarize, type SummaryRow } from "./summary.js";
import { IdleCheckpoint } from "./sqlite_checkpoint.js";
import {
  listedTrial,
  migrateRetractions,
  NOT_RETRACTED,
  RETRACTION_COLUMNS,
  retractionsOf,
  retractTrial,
} from "./sqlite_retractions.js";
import { SummaryCache } from "./summary_cache.js";

/** How long a writer waits for another process's write lock before the call warns (ms). */
const BUSY_TIMEOUT_MS = 5000;

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
/** The columns a summary reads. */
const SUMMARY_COLUMNS = "fingerprint, n_obs AS nObs, sharpe_annual AS sharpeAnnual, recorded_at AS recordedAt";

/** Opens (creating when missing) the SQLite ledger file at `file`. */
export async function openSqliteStore(file: string): Promise<LedgerStore> {
  // Required, not imported: the one-file server build runs without a dynamic-import hook, and the driver is CJS.
  const Sqlite = createRequire(import.meta.url)("better-sqlite3") as typeof Database;
  const location = path.resolve(file);
  refuseNonFile(location);
  let db: Database.Database | null = null;
  try {
    mkdirSync(path.dirname(location), { recursive: true });
    db = new Sqlite(location, { timeout: BUSY_TIMEOUT_MS });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (!db.readonly) db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    if (!db.readonly) {
      db.exec(SCHEMA);
      migrateRetractions(db);
      ensureSqliteChain(db);
    } else db.prepare("SELECT count(*) FROM trials").get();
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
  /** Moves when another connection commits (this one's own commits leave it). */
  private readonly dataVersion: Database.Statement<[], number>;
  private readonly summaries = new SummaryCache();
  private readonly statements = new Map<string, Database.Statement>();
  /** Null on a read-only connection (nothing to checkpoint). */
  private readonly checkpoint: IdleCheckpoint | null;
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
    this.dataVersion = db.prepare<[], number>("PRAGMA data_version").pluck();
    this.insert = db.prepare(
      "INSERT OR IGNORE INTO trials (ledger, epoch, fingerprint, tool, input, experiment, n_obs, " +
        "periods_per_year, mean, sd, skew, kurtosis, sharpe_annual, recorded_at, flagged, chain_seq, chain_hash) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    this.heads = hasChain(db) ? new SqliteChainHeads(db) : null;
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
  }

  private insertOne(ledger: string, epoch: number, t: TrialRecord, seq: number, hash: string): number {
    return this.insert.run(
      ledger,
      epoch,
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
      t.flagged ?? null,
      seq,
      hash,
    ).changes;
  }

  private epoch(ledger: string): number {
    return this.epochOf.get(ledger)?.epoch ?? 0;
  }

  async record(ledger: string, trials: readonly TrialRecord[]): Promise<number> {
    if (trials.length === 0) return 0;
    this.checkFile(ledger);
    const added = this.insertAll.immediate(ledger, trials);
    if (added > 0) {
      this.summaries.clear();
      this.checkpoint?.wrote();
    }
    return added;
  }

  async list(ledger: string, experiment: string | null = null): Promise<TrialRecord[]> {
    this.checkFile(ledger);
    return this.counted<Parameters<typeof listedTrial>[0]>(COLUMNS, ledger, experiment, "").map(listedTrial);
  }

  /** Read again only when some connection wrote since the last read (a long ledger costs one read per change). */
  async summary(ledger: string, experiment: string | null = null): Promise<StoreSummary> {
    this.checkFile(ledger);
    // The version is read before the rows: a commit in between makes the next call read again, never miss it.
    const version = this.dataVersion.get()!;
    const kept = this.summaries.get(ledger, experiment, version);
    if (kept) return kept;
    let head: string | null = null;
    const rows = this.counted<SummaryRow>(SUMMARY_COLUMNS, ledger, experiment, ` AND ${NOT_RETRACTED}`, () => {
      head = this.headHash(ledger);
    });
    return this.summaries.set(summarize(ledger, experiment, rows, head), version);
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

  /**
   * The trials since the last reset (of one experiment when given; `where` filters more), oldest first, in one
   * read (`alsoRead` runs in the same read transaction).
   */
  private counted<R>(
    columns: string,
    ledger: string,
    experiment: string | null,
    where: string,
    alsoRead?: () => void,
  ): R[] {
    const filter = (experiment === null ? "" : " AND experiment = ?") + where;
    const select = this.statement(`SELECT ${columns} FROM trials WHERE ledger = ? AND epoch = ?${filter} ORDER BY id`);
    const read = this.db.transaction(() => {
      const args: unknown[] = [ledger, this.epoch(ledger), ...(experiment === null ? [] : [experiment])];
      alsoRead?.();
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
    const rows = this.db.prepare("SELECT ledger FROM trials UNION SELECT ledger FROM resets ORDER BY ledger").all() as {
      ledger: string;
    }[];
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
    write.immediate();
    this.summaries.clear();
    this.checkpoint?.wrote();
    return { ledger, at, reason };
  }

  async resets(ledger: string): Promise<ResetEvent[]> {
    return this.db
      .prepare("SELECT ledger, at, reason FROM resets WHERE ledger = ? ORDER BY epoch")
      .all(ledger) as ResetEvent[];
  }

  async retract(ledger: string, fingerprint: string, reason: string): Promise<RetractionEvent> {
    this.checkFile(ledger);
    const event = retractTrial(this.db, ledger, () => this.epoch(ledger), fingerprint, reason, this.chainHeads());
    this.summaries.clear();
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
