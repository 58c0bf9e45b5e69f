// The SQLite ledger (better-sqlite3): one file, WAL, a busy timeout, and a unique (ledger, epoch,
// fingerprint) key, so concurrent processes never lose or double a trial. Resets are epochs: an
// event row starts the next one and nothing is deleted.
import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type Database from "better-sqlite3";

import type { LedgerStore, LedgerSummary, ResetEvent, TrialRecord } from "./store.js";
import { summarize } from "./summary.js";

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
  recorded_at TEXT NOT NULL,
  UNIQUE (ledger, epoch, fingerprint)
);`;

const COLUMNS =
  "fingerprint, tool, input, experiment, n_obs AS nObs, periods_per_year AS periodsPerYear, mean, sd, skew, " +
  "kurtosis, sharpe_annual AS sharpeAnnual, recorded_at AS recordedAt";

/** Opens (creating when missing) the SQLite ledger file at `file`. */
export async function openSqliteStore(file: string): Promise<LedgerStore> {
  // Required, not imported: the one-file server build runs without a dynamic-import hook, and the driver is CJS.
  const Sqlite = createRequire(import.meta.url)("better-sqlite3") as typeof Database;
  const location = path.resolve(file);
  let db: Database.Database | null = null;
  try {
    mkdirSync(path.dirname(location), { recursive: true });
    db = new Sqlite(location, { timeout: BUSY_TIMEOUT_MS });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (!db.readonly) db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    if (!db.readonly) db.exec(SCHEMA);
    else db.prepare("SELECT count(*) FROM trials").get();
  } catch (e) {
    db?.close();
    throw withWriteAccess(e, location);
  }
  return new SqliteStore(db, location);
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
  private readonly insert: Database.Statement<Record<string, unknown>>;
  /** Inserts a call's trials in one write transaction (the epoch read inside each insert). */
  private readonly insertAll: Database.Transaction<(ledger: string, trials: readonly TrialRecord[]) => number>;
  constructor(
    private readonly db: Database.Database,
    readonly location: string,
  ) {
    this.epochOf = db.prepare("SELECT max(epoch) AS epoch FROM resets WHERE ledger = ?");
    this.insert = db.prepare(
      "INSERT OR IGNORE INTO trials (ledger, epoch, fingerprint, tool, input, experiment, n_obs, " +
        "periods_per_year, mean, sd, skew, kurtosis, sharpe_annual, recorded_at) VALUES (@ledger, " +
        "(SELECT coalesce(max(epoch), 0) FROM resets WHERE ledger = @ledger), " +
        "@fingerprint, @tool, @input, @experiment, @nObs, @periodsPerYear, @mean, @sd, @skew, @kurtosis, " +
        "@sharpeAnnual, @recordedAt)",
    );
    this.insertAll = db.transaction((ledger: string, trials: readonly TrialRecord[]) => {
      let added = 0;
      for (const t of trials) added += this.insert.run({ ...t, ledger }).changes;
      return added;
    });
  }

  private epoch(ledger: string): number {
    return this.epochOf.get(ledger)?.epoch ?? 0;
  }

  async record(ledger: string, trials: readonly TrialRecord[]): Promise<number> {
    if (trials.length === 0) return 0;
    // One statement is its own atomic transaction; several share one.
    if (trials.length === 1) return this.insert.run({ ...trials[0], ledger }).changes;
    return this.insertAll.immediate(ledger, trials);
  }

  async list(ledger: string, experiment: string | null = null): Promise<TrialRecord[]> {
    const read = this.db.transaction(() => {
      const filter = experiment === null ? "" : " AND experiment = ?";
      const args: unknown[] = [ledger, this.epoch(ledger), ...(experiment === null ? [] : [experiment])];
      return this.db
        .prepare(`SELECT ${COLUMNS} FROM trials WHERE ledger = ? AND epoch = ?${filter} ORDER BY id`)
        .all(...args) as TrialRecord[];
    });
    return read.deferred();
  }

  async summary(ledger: string, experiment: string | null = null): Promise<LedgerSummary> {
    return summarize(ledger, experiment, await this.list(ledger, experiment));
  }

  async ledgers(): Promise<string[]> {
    const rows = this.db.prepare("SELECT ledger FROM trials UNION SELECT ledger FROM resets ORDER BY ledger").all() as {
      ledger: string;
    }[];
    return rows.map((r) => r.ledger);
  }

  async reset(ledger: string, reason: string): Promise<ResetEvent> {
    const at = new Date().toISOString();
    const write = this.db.transaction(() => {
      this.db
        .prepare("INSERT INTO resets (ledger, epoch, at, reason) VALUES (?, ?, ?, ?)")
        .run(ledger, this.epoch(ledger) + 1, at, reason);
    });
    write.immediate();
    return { ledger, at, reason };
  }

  async resets(ledger: string): Promise<ResetEvent[]> {
    return this.db
      .prepare("SELECT ledger, at, reason FROM resets WHERE ledger = ? ORDER BY epoch")
      .all(ledger) as ResetEvent[];
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
