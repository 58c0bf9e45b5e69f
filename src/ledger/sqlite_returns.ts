// The SQLite ledger's kept returns: one row per (ledger, fingerprint) in `trial_returns`, written in the
// transaction that records the trial, read joined to the trials counted now. The same series in two epochs
// is one row (a fingerprint hashes the values and the index).
import type Database from "better-sqlite3";
import { encodedBytes, keptFrom, RETURNS_BUDGET_BYTES, type ReturnsRow } from "./returns.js";
import type { KeptReturns, TrialRecord } from "./store.js";

export const RETURNS_SCHEMA = `
CREATE TABLE IF NOT EXISTS trial_returns (
  ledger TEXT NOT NULL, fingerprint TEXT NOT NULL, points INTEGER NOT NULL, total INTEGER NOT NULL,
  bytes INTEGER NOT NULL, vals BLOB NOT NULL, labels BLOB,
  PRIMARY KEY (ledger, fingerprint)
);`;

export class SqliteReturns {
  private readonly insert: Database.Statement<unknown[]>;
  private readonly used: Database.Statement<[string], number>;
  private readonly read: Database.Statement<[number, string, number]>;
  /** Bytes held per ledger, as last summed at a data version (this connection's writes added since). */
  private readonly held = new Map<string, { bytes: number; version: number }>();

  constructor(
    db: Database.Database,
    private readonly dataVersion: () => number,
  ) {
    if (!db.readonly) db.exec(RETURNS_SCHEMA);
    this.insert = db.prepare(
      "INSERT OR IGNORE INTO trial_returns (ledger, fingerprint, points, total, bytes, vals, labels) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    this.used = db
      .prepare<[string], number>("SELECT coalesce(sum(bytes), 0) FROM trial_returns WHERE ledger = ?")
      .pluck();
    // From the returns kept (CROSS JOIN: SQLite keeps that order), never every trial of the epoch.
    this.read = db.prepare(
      "SELECT t.fingerprint, t.sharpe_annual AS sharpeAnnual, t.periods_per_year AS periodsPerYear, r.total, " +
        "r.vals, r.labels FROM trial_returns r CROSS JOIN trials t ON t.ledger = r.ledger AND t.epoch = ? AND " +
        "t.fingerprint = r.fingerprint WHERE r.ledger = ? AND t.id <= ? ORDER BY t.id",
    );
  }

  /** Writes a trial's returns (inside the caller's transaction); nothing for a trial without them. */
  write(ledger: string, t: TrialRecord): void {
    const r = t.returns;
    if (r === undefined) return;
    const bytes = encodedBytes(r);
    const changed = this.insert.run(ledger, t.fingerprint, r.points, r.total, bytes, r.values, r.index).changes;
    const held = this.held.get(ledger);
    if (changed > 0 && held) held.bytes += bytes;
  }

  /** The budget less the bytes held (summed again after another connection wrote). */
  room(ledger: string): number {
    const version = this.dataVersion();
    let held = this.held.get(ledger);
    if (!held || held.version !== version) {
      held = { bytes: this.used.get(ledger) ?? 0, version };
      this.held.set(ledger, held);
    }
    return RETURNS_BUDGET_BYTES - held.bytes;
  }

  /** The kept rows of `ledger`'s epoch `epoch` up to row id `lastId`, in id order (one statement). */
  rows(ledger: string, epoch: number, lastId: number): ReturnsRow[] {
    return this.read.all(epoch, ledger, lastId) as ReturnsRow[];
  }

  /** The returns kept of the `trials` rows read by `rows`. */
  async returns(rows: readonly ReturnsRow[], trials: number): Promise<KeptReturns> {
    const { series } = await keptFrom(rows);
    return { series, without: trials - series.length };
  }
}
