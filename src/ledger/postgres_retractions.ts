// The PostgreSQL ledger's retractions and flagged trials: the table of the operator's retractions (one row
// per retracted trial of an epoch, never deleted) and the trials' `flagged` column, added to older databases.
import type { Pool, PoolClient } from "pg";
import { nextLink } from "./chain.js";
import type { StoredRow } from "./chain_verify.js";
import { HEADS, lockHead } from "./postgres_heads.js";
import { transaction } from "./postgres_pool.js";
import { CURRENT_EPOCH, LOCK_SPACE, TRIALS } from "./postgres_schema.js";
import type { RetractionEvent } from "./store.js";

export const RETRACTIONS = "fin_skills_ledger_retractions";

/** Each statement a no-op when already done. */
const DDL = `
ALTER TABLE ${TRIALS} ADD COLUMN IF NOT EXISTS flagged TEXT;
CREATE TABLE IF NOT EXISTS ${RETRACTIONS} (
  ledger TEXT NOT NULL,
  epoch INTEGER NOT NULL,
  fingerprint TEXT NOT NULL,
  at TEXT NOT NULL,
  reason TEXT NOT NULL,
  chain_seq BIGINT,
  chain_hash TEXT,
  PRIMARY KEY (ledger, epoch, fingerprint)
);
CREATE UNIQUE INDEX IF NOT EXISTS ${RETRACTIONS}_chain ON ${RETRACTIONS} (ledger, chain_seq);`;

/** Adds the flagged column and the retractions table where missing (under the schema's advisory lock). */
export async function migrateRetractions(pool: Pool): Promise<void> {
  const sql = `SELECT to_regclass($1) IS NOT NULL AND EXISTS (SELECT 1 FROM information_schema.columns
    WHERE table_name = $2 AND column_name = 'flagged' AND table_schema = current_schema()) AS ready`;
  const { rows } = await pool.query<{ ready: boolean }>(sql, [RETRACTIONS, TRIALS]);
  if (rows[0]?.ready === true) return;
  await transaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1, 0)", [LOCK_SPACE]);
    await client.query(DDL);
  });
}

/** A row of the trials table (named by its table) that the operator has not retracted. */
export const NOT_RETRACTED = `NOT EXISTS (SELECT 1 FROM ${RETRACTIONS} r WHERE r.ledger = ${TRIALS}.ledger
  AND r.epoch = ${TRIALS}.epoch AND r.fingerprint = ${TRIALS}.fingerprint)`;

/** The retraction of a trials row, as two columns of a listing. */
export const RETRACTION_COLUMNS = ["at", "reason"]
  .map(
    (c) =>
      `(SELECT r.${c} FROM ${RETRACTIONS} r WHERE r.ledger = ${TRIALS}.ledger AND r.epoch = ${TRIALS}.epoch ` +
      `AND r.fingerprint = ${TRIALS}.fingerprint) AS retraction_${c}`,
  )
  .join(", ");

/**
 * Retracts trial `fingerprint` of `ledger`'s current epoch inside the caller's transaction, as the next link of
 * its hash chain (the head's row lock serialises it with every append); throws naming the trial when the
 * epoch holds no such trial or it is retracted already.
 */
export async function retractTrial(
  client: PoolClient,
  ledger: string,
  fingerprint: string,
  reason: string,
): Promise<RetractionEvent> {
  const at = new Date().toISOString();
  const head = await lockHead(client, ledger);
  const held = await client.query(
    `SELECT t.epoch, (SELECT r.at FROM ${RETRACTIONS} r WHERE r.ledger = t.ledger AND r.epoch = t.epoch
       AND r.fingerprint = t.fingerprint) AS retracted_at
     FROM ${TRIALS} t WHERE t.ledger = $1 AND t.epoch = ${CURRENT_EPOCH} AND t.fingerprint = $2`,
    [ledger, fingerprint],
  );
  const row = held.rows[0] as { epoch: number; retracted_at: string | null } | undefined;
  if (row === undefined) throw new Error(`ledger '${ledger}' counts no trial ${fingerprint} (since its last reset)`);
  if (row.retracted_at !== null)
    throw new Error(`trial ${fingerprint} of ledger '${ledger}' was retracted at ${row.retracted_at}`);
  const link = nextLink(head, { kind: "retraction", ledger, epoch: row.epoch, fingerprint, at, reason });
  await client.query(
    `WITH added AS (INSERT INTO ${RETRACTIONS} (ledger, epoch, fingerprint, at, reason, chain_seq, chain_hash)
      VALUES ($1, $2, $3, $4, $5, $6, $7))
     UPDATE ${HEADS} SET seq = $6, hash = $7 WHERE ledger = $1`,
    [ledger, row.epoch, fingerprint, at, reason, link.seq, link.hash],
  );
  return { fingerprint, at, reason };
}

/** The retraction rows of `ledger`, all epochs, as stored, for `ledger verify`. */
export async function retractionRows(q: Pool | PoolClient, ledger: string): Promise<StoredRow[]> {
  const sql = `SELECT epoch, fingerprint, at, reason, chain_seq, chain_hash FROM ${RETRACTIONS}
    WHERE ledger = $1 ORDER BY epoch, at, fingerprint`;
  type Row = { epoch: number; fingerprint: string; at: string; reason: string; chain_seq: string | null };
  const rows = (await q.query<Row & { chain_hash: string | null }>(sql, [ledger])).rows;
  return rows.map((r, i) => ({
    event: { kind: "retraction", ledger, epoch: r.epoch, fingerprint: r.fingerprint, at: r.at, reason: r.reason },
    seq: r.chain_seq === null ? null : Number(r.chain_seq),
    hash: r.chain_hash,
    order: i + 1,
    name: `retraction of ${r.fingerprint.slice(0, 12)}... (${r.at})`,
  }));
}

/** The retractions of ledger `ledger`'s current epoch, oldest first. */
export async function retractionsOf(pool: Pool, ledger: string): Promise<RetractionEvent[]> {
  const sql = `SELECT fingerprint, at, reason FROM ${RETRACTIONS} WHERE ledger = $1 AND epoch = ${CURRENT_EPOCH}
    ORDER BY at, fingerprint`;
  return (await pool.query(sql, [ledger])).rows as RetractionEvent[];
}
