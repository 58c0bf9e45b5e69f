// The PostgreSQL ledger's retractions and flagged trials: the table of the operator's retractions (one row
// per retracted trial of an epoch, never deleted) and the trials' `flagged` column, added to older databases.
import type { Pool } from "pg";
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
  PRIMARY KEY (ledger, epoch, fingerprint)
);`;

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
 * Retracts trial $2 of ledger $1's current epoch in one transaction (retractions of a ledger serialised by its
 * advisory lock, as resets are); throws naming it when the epoch holds no such trial or it is retracted already.
 */
export async function retractTrial(
  pool: Pool,
  ledger: string,
  fingerprint: string,
  reason: string,
): Promise<RetractionEvent> {
  const at = new Date().toISOString();
  await transaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [LOCK_SPACE, ledger]);
    const held = await client.query(
      `SELECT (SELECT r.at FROM ${RETRACTIONS} r WHERE r.ledger = t.ledger AND r.epoch = t.epoch
         AND r.fingerprint = t.fingerprint) AS retracted_at
       FROM ${TRIALS} t WHERE t.ledger = $1 AND t.epoch = ${CURRENT_EPOCH} AND t.fingerprint = $2`,
      [ledger, fingerprint],
    );
    const row = held.rows[0] as { retracted_at: string | null } | undefined;
    if (row === undefined) throw new Error(`ledger '${ledger}' counts no trial ${fingerprint} (since its last reset)`);
    if (row.retracted_at !== null)
      throw new Error(`trial ${fingerprint} of ledger '${ledger}' was retracted at ${row.retracted_at}`);
    await client.query(
      `INSERT INTO ${RETRACTIONS} (ledger, epoch, fingerprint, at, reason) SELECT $1, ${CURRENT_EPOCH}, $2, $3, $4`,
      [ledger, fingerprint, at, reason],
    );
  });
  return { fingerprint, at, reason };
}

/** The retractions of ledger `ledger`'s current epoch, oldest first. */
export async function retractionsOf(pool: Pool, ledger: string): Promise<RetractionEvent[]> {
  const sql = `SELECT fingerprint, at, reason FROM ${RETRACTIONS} WHERE ledger = $1 AND epoch = ${CURRENT_EPOCH}
    ORDER BY at, fingerprint`;
  return (await pool.query(sql, [ledger])).rows as RetractionEvent[];
}
