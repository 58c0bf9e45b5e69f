// The SQLite ledger's retractions and flagged trials: the table of the operator's retractions (one row per
// retracted trial of an epoch, never deleted) and the trials' `flagged` column, added to older files.
import type Database from "better-sqlite3";
import { type ChainLink, nextLink } from "./chain.js";
import type { StoredRow } from "./chain_verify.js";
import type { RetractionEvent, TrialRecord } from "./store.js";

/** The chain heads a retraction moves (sqlite_chain.ts's, within the caller's transaction). */
interface ChainHeads {
  head(ledger: string): ChainLink;
  advance(ledger: string, link: ChainLink): void;
}

const RETRACTIONS = `
CREATE TABLE IF NOT EXISTS retractions (
  ledger TEXT NOT NULL, epoch INTEGER NOT NULL, fingerprint TEXT NOT NULL, at TEXT NOT NULL, reason TEXT NOT NULL,
  chain_seq INTEGER, chain_hash TEXT,
  PRIMARY KEY (ledger, epoch, fingerprint)
);
CREATE UNIQUE INDEX IF NOT EXISTS retractions_chain ON retractions (ledger, chain_seq);`;

/** Creates the retractions table and adds the trials' flagged column where missing (an older server's file). */
export function migrateRetractions(db: Database.Database): void {
  db.exec(RETRACTIONS);
  const columns = db.prepare("SELECT name FROM pragma_table_info('trials')").pluck().all() as string[];
  if (!columns.includes("flagged")) db.exec("ALTER TABLE trials ADD COLUMN flagged TEXT");
}

/** A trial row of table `trials` that the operator has not retracted. */
export const NOT_RETRACTED =
  "NOT EXISTS (SELECT 1 FROM retractions r WHERE r.ledger = trials.ledger AND r.epoch = trials.epoch " +
  "AND r.fingerprint = trials.fingerprint)";

/** The retraction of a trial row, as two columns of a listing. */
export const RETRACTION_COLUMNS = ["at", "reason"]
  .map(
    (c) =>
      `(SELECT r.${c} FROM retractions r WHERE r.ledger = trials.ledger AND r.epoch = trials.epoch ` +
      `AND r.fingerprint = trials.fingerprint) AS retraction_${c}`,
  )
  .join(", ");

type ListedRow = TrialRecord & { retraction_at: string | null; retraction_reason: string | null };

/** A listed row as a trial: flagged null when the call flagged nothing, retracted set when retracted. */
export function listedTrial({ retraction_at, retraction_reason, ...t }: ListedRow): TrialRecord {
  const retracted =
    retraction_at === null ? null : { fingerprint: t.fingerprint, at: retraction_at, reason: retraction_reason! };
  return { ...t, flagged: t.flagged ?? null, retracted };
}

/**
 * Retracts the trial `fingerprint` of `ledger`'s current epoch in one write transaction, as the next link of
 * its hash chain; throws naming it when that epoch holds no such trial or it is retracted already.
 */
export function retractTrial(
  db: Database.Database,
  ledger: string,
  epoch: () => number,
  fingerprint: string,
  reason: string,
  heads: ChainHeads,
): RetractionEvent {
  const at = new Date().toISOString();
  const write = db.transaction(() => {
    const e = epoch();
    const held = db.prepare("SELECT 1 FROM trials WHERE ledger = ? AND epoch = ? AND fingerprint = ?");
    if (held.get(ledger, e, fingerprint) === undefined)
      throw new Error(`ledger '${ledger}' counts no trial ${fingerprint} (since its last reset)`);
    const done = db.prepare("SELECT at FROM retractions WHERE ledger = ? AND epoch = ? AND fingerprint = ?");
    const before = done.pluck().get(ledger, e, fingerprint) as string | undefined;
    if (before !== undefined) throw new Error(`trial ${fingerprint} of ledger '${ledger}' was retracted at ${before}`);
    const link = nextLink(heads.head(ledger), { kind: "retraction", ledger, epoch: e, fingerprint, at, reason });
    db.prepare(
      "INSERT INTO retractions (ledger, epoch, fingerprint, at, reason, chain_seq, chain_hash) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
    ).run(ledger, e, fingerprint, at, reason, link.seq, link.hash);
    heads.advance(ledger, link);
  });
  write.immediate();
  return { fingerprint, at, reason };
}

/** The retractions of `ledger`'s epoch `epoch`, oldest first. */
export function retractionsOf(db: Database.Database, ledger: string, epoch: number): RetractionEvent[] {
  const sql = "SELECT fingerprint, at, reason FROM retractions WHERE ledger = ? AND epoch = ? ORDER BY at, fingerprint";
  return db.prepare(sql).all(ledger, epoch) as RetractionEvent[];
}

/** The retraction rows of `ledger`, all epochs, as stored, for `ledger verify`. */
export function retractionRows(db: Database.Database, ledger: string): StoredRow[] {
  const sql =
    "SELECT rowid, epoch, fingerprint, at, reason, chain_seq, chain_hash FROM retractions WHERE ledger = ? " +
    "ORDER BY rowid";
  const rows = db.prepare(sql).all(ledger) as {
    rowid: number;
    epoch: number;
    fingerprint: string;
    at: string;
    reason: string;
    chain_seq: number | null;
    chain_hash: string | null;
  }[];
  return rows.map((r) => ({
    event: { kind: "retraction", ledger, epoch: r.epoch, fingerprint: r.fingerprint, at: r.at, reason: r.reason },
    seq: r.chain_seq,
    hash: r.chain_hash,
    order: r.rowid,
    name: `retraction of ${r.fingerprint.slice(0, 12)}... (${r.at})`,
  }));
}
