// The PostgreSQL ledger's tables, created if missing. Trials are keyed by (ledger, epoch, fingerprint);
// a reset is a row of the resets table whose epoch is the ledger's new one. Nothing is ever deleted.
import type { Pool } from "pg";
import { transaction } from "./postgres_pool.js";

export const TRIALS = "fin_skills_ledger_trials";
export const RESETS = "fin_skills_ledger_resets";

/** First key of this module's advisory locks (second key: 0 for the schema, a ledger's hash for its resets). */
export const LOCK_SPACE = 0x46_53_4c_47; // "FSLG"

const DDL = `
CREATE TABLE IF NOT EXISTS ${TRIALS} (
  id BIGSERIAL PRIMARY KEY,
  ledger TEXT NOT NULL,
  epoch INTEGER NOT NULL,
  fingerprint TEXT NOT NULL,
  tool TEXT NOT NULL,
  input TEXT NOT NULL,
  experiment TEXT,
  n_obs INTEGER NOT NULL,
  periods_per_year DOUBLE PRECISION,
  mean DOUBLE PRECISION NOT NULL,
  sd DOUBLE PRECISION NOT NULL,
  skew DOUBLE PRECISION NOT NULL,
  kurtosis DOUBLE PRECISION NOT NULL,
  sharpe_annual DOUBLE PRECISION,
  recorded_at TEXT NOT NULL,
  UNIQUE (ledger, epoch, fingerprint)
);
CREATE TABLE IF NOT EXISTS ${RESETS} (
  ledger TEXT NOT NULL,
  epoch INTEGER NOT NULL,
  at TEXT NOT NULL,
  reason TEXT NOT NULL,
  PRIMARY KEY (ledger, epoch)
);`;

/** The epoch trials of ledger $1 are counted in: the last reset's, 0 before any. */
export const CURRENT_EPOCH = `(SELECT COALESCE(MAX(epoch), 0) FROM ${RESETS} WHERE ledger = $1)`;

/** True when both tables exist (seen without the CREATE privilege a CREATE ... IF NOT EXISTS checks first). */
async function tablesExist(pool: Pool): Promise<boolean> {
  const sql = "SELECT to_regclass($1) IS NOT NULL AND to_regclass($2) IS NOT NULL AS ready";
  const { rows } = await pool.query<{ ready: boolean }>(sql, [TRIALS, RESETS]);
  return rows[0]?.ready === true;
}

/** Creates the tables if missing; an advisory lock makes concurrent first opens (replicas) safe. */
export async function createSchema(pool: Pool): Promise<void> {
  if (await tablesExist(pool)) return;
  await transaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1, 0)", [LOCK_SPACE]);
    await client.query(DDL);
  });
}
