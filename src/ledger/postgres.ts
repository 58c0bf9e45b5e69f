// The PostgreSQL ledger backend: server replicas share one ledger through one database.
// Trials are inserted with ON CONFLICT DO NOTHING on (ledger, epoch, fingerprint), so concurrent writers
// never double a trial, and each record call is one statement, so a committed trial is never lost.
import type { Pool } from "pg";
import { createPool, ledgerError, type PostgresTarget, postgresTarget, transaction } from "./postgres_pool.js";
import { fromRow, INSERT_TRIALS, insertParams, TRIAL_COLUMNS, type TrialRow } from "./postgres_rows.js";
import { CURRENT_EPOCH, createSchema, LOCK_SPACE, RESETS, TRIALS } from "./postgres_schema.js";
import type { LedgerStore, LedgerSummary, ResetEvent, TrialRecord } from "./store.js";
import { summarize } from "./summary.js";

/** Opens (creating its tables if missing) the ledger store at a postgres:// URL; errors name the server. */
export async function openPostgresStore(url: string): Promise<LedgerStore> {
  const target = postgresTarget(url);
  const pool = createPool(url);
  try {
    await createSchema(pool);
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw ledgerError(target, e);
  }
  return new PostgresStore(pool, target);
}

/** The trials of ledger $1 counted now (its current epoch), of experiment $2 unless that is null. */
const COUNTED = `FROM ${TRIALS} WHERE ledger = $1 AND epoch = ${CURRENT_EPOCH}
  AND ($2::text IS NULL OR experiment = $2)`;

class PostgresStore implements LedgerStore {
  readonly kind = "postgres";
  readonly location: string;

  constructor(
    private readonly pool: Pool,
    private readonly target: PostgresTarget,
  ) {
    this.location = target.location;
  }

  async record(ledger: string, trials: readonly TrialRecord[]): Promise<number> {
    if (trials.length === 0) return 0;
    const params = insertParams(ledger, trials);
    return this.named(async () => (await this.pool.query(INSERT_TRIALS, params)).rowCount ?? 0);
  }

  async summary(ledger: string, experiment: string | null = null): Promise<LedgerSummary> {
    const sql = `SELECT fingerprint, sharpe_annual, recorded_at ${COUNTED} ORDER BY id`;
    const rows = await this.rows<Pick<TrialRow, "fingerprint" | "sharpe_annual" | "recorded_at">>(sql, [
      ledger,
      experiment,
    ]);
    const trials = rows.map((r) => ({
      fingerprint: r.fingerprint,
      sharpeAnnual: r.sharpe_annual,
      recordedAt: r.recorded_at,
    }));
    return summarize(ledger, experiment, trials);
  }

  async experiments(ledger: string): Promise<{ experiment: string | null; count: number }[]> {
    const sql = `SELECT experiment, count(*)::int AS count ${COUNTED} GROUP BY experiment ORDER BY min(id)`;
    return this.rows<{ experiment: string | null; count: number }>(sql, [ledger, null]);
  }

  async list(ledger: string, experiment: string | null = null): Promise<TrialRecord[]> {
    const rows = await this.rows<TrialRow>(`SELECT ${TRIAL_COLUMNS} ${COUNTED} ORDER BY id`, [ledger, experiment]);
    return rows.map(fromRow);
  }

  async ledgers(): Promise<string[]> {
    const sql = `SELECT ledger FROM ${TRIALS} UNION SELECT ledger FROM ${RESETS} ORDER BY ledger`;
    return (await this.rows<{ ledger: string }>(sql, [])).map((r) => r.ledger);
  }

  async reset(ledger: string, reason: string): Promise<ResetEvent> {
    const at = new Date().toISOString();
    const sql = `INSERT INTO ${RESETS} (ledger, epoch, at, reason) SELECT $1, ${CURRENT_EPOCH} + 1, $2, $3`;
    // Resets of one ledger are serialised, so two never claim the same epoch.
    await this.named(() =>
      transaction(this.pool, async (client) => {
        await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [LOCK_SPACE, ledger]);
        await client.query(sql, [ledger, at, reason]);
      }),
    );
    return { ledger, at, reason };
  }

  async resets(ledger: string): Promise<ResetEvent[]> {
    const sql = `SELECT ledger, at, reason FROM ${RESETS} WHERE ledger = $1 ORDER BY epoch`;
    return this.rows<ResetEvent>(sql, [ledger]);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private async rows<R>(sql: string, params: unknown[]): Promise<R[]> {
    return this.named(async () => (await this.pool.query(sql, params)).rows as R[]);
  }

  /** Runs `op`, rethrowing its failure as an error that names the server. */
  private async named<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (e) {
      throw ledgerError(this.target, e);
    }
  }
}
