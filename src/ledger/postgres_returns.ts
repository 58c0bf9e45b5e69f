// The PostgreSQL ledger's kept returns: one row per (ledger, fingerprint) in fin_skills_ledger_returns,
// inserted by the statement that records the trials (a data-modifying WITH, so both commit or neither),
// read joined to the trials counted now.
import type { Pool } from "pg";
import { LOCK_SPACE, TRIALS } from "./postgres_schema.js";
import { transaction } from "./postgres_pool.js";
import { encodedBytes, keptFrom, RETURNS_BUDGET_BYTES, type ReturnsRow } from "./returns.js";
import type { KeptReturns, TrialRecord } from "./store.js";

export const RETURNS = "fin_skills_ledger_returns";

const DDL = `CREATE TABLE IF NOT EXISTS ${RETURNS} (
  ledger TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  points INTEGER NOT NULL,
  total INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  vals BYTEA NOT NULL,
  labels BYTEA,
  PRIMARY KEY (ledger, fingerprint)
)`;

/**
 * Creates the returns table if missing (under the schema's advisory lock, as the other tables). False when it
 * is missing and this role cannot create it (a ledger made before returns were kept): trials then keep their
 * statistics only, and reading returns says why.
 */
export async function createReturnsSchema(pool: Pool): Promise<boolean> {
  const { rows } = await pool.query<{ ready: boolean }>("SELECT to_regclass($1) IS NOT NULL AS ready", [RETURNS]);
  if (rows[0]?.ready === true) return true;
  try {
    await transaction(pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock($1, 0)", [LOCK_SPACE]);
      await client.query(DDL);
    });
    return true;
  } catch {
    return false;
  }
}

const MISSING = `the table ${RETURNS} is missing and this role cannot create it: trials keep statistics only`;

/** Inserts the returns ($2..$7, one element per trial that carries them) of ledger $1 not kept yet. */
export const INSERT_RETURNS = `INSERT INTO ${RETURNS} (ledger, fingerprint, points, total, bytes, vals, labels)
SELECT $1, fingerprint, points, total, bytes, vals, labels
FROM unnest($2::text[], $3::int[], $4::int[], $5::int[], $6::bytea[], $7::bytea[])
  AS r(fingerprint, points, total, bytes, vals, labels)
ON CONFLICT (ledger, fingerprint) DO NOTHING`;

/** The returns parameters ($2..$7) of the trials that carry returns. */
export function returnsParams(trials: readonly TrialRecord[]): unknown[] {
  const withReturns = trials.filter((t) => t.returns !== undefined);
  const col = <T>(f: (t: TrialRecord) => T) => withReturns.map(f);
  return [
    col((t) => t.fingerprint),
    col((t) => t.returns!.points),
    col((t) => t.returns!.total),
    col((t) => encodedBytes(t.returns!)),
    col((t) => Buffer.from(t.returns!.values)),
    col((t) => (t.returns!.index === null ? null : Buffer.from(t.returns!.index))),
  ];
}

/** How long a summed budget is trusted before it is summed again (other replicas write meanwhile). */
const ROOM_TTL_MS = 5000;

/** Budget bookkeeping and reads of one pool. */
export class PostgresReturns {
  private readonly held = new Map<string, { bytes: number; at: number }>();

  constructor(
    private readonly pool: Pool,
    /** False when the returns table is missing (see createReturnsSchema). */
    readonly available: boolean,
  ) {}

  /** This process wrote returns: the next room() sums again (an insert that met an existing row added none). */
  wrote(ledger: string): void {
    this.held.delete(ledger);
  }

  async room(ledger: string): Promise<number> {
    if (!this.available) throw new Error(MISSING);
    let held = this.held.get(ledger);
    if (!held || Date.now() - held.at > ROOM_TTL_MS) {
      const sql = `SELECT coalesce(sum(bytes), 0)::float8 AS bytes FROM ${RETURNS} WHERE ledger = $1`;
      const { rows } = await this.pool.query<{ bytes: number }>(sql, [ledger]);
      held = { bytes: rows[0]?.bytes ?? 0, at: Date.now() };
      this.held.set(ledger, held);
    }
    return RETURNS_BUDGET_BYTES - held.bytes;
  }

  /**
   * The returns kept of the `trials` rows of `ledger`'s epoch `epoch` up to chain sequence `lastSeq` (what its
   * tally holds), in chain order: read from the returns kept, never every trial.
   */
  async returns(ledger: string, epoch: number, lastSeq: number, trials: number): Promise<KeptReturns> {
    if (!this.available) throw new Error(MISSING);
    const sql = `SELECT t.fingerprint, t.sharpe_annual AS "sharpeAnnual", t.periods_per_year AS "periodsPerYear",
      r.total, r.vals, r.labels FROM ${RETURNS} r JOIN ${TRIALS} t
      ON t.ledger = r.ledger AND t.epoch = $2 AND t.fingerprint = r.fingerprint
      WHERE r.ledger = $1 AND t.chain_seq <= $3 ORDER BY t.chain_seq`;
    const { series } = await keptFrom((await this.pool.query<ReturnsRow>(sql, [ledger, epoch, lastSeq])).rows);
    return { series, without: trials - series.length };
  }
}
