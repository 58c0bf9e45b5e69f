// The PostgreSQL ledger backend: server replicas share one ledger through one database.
// Trials are inserted with ON CONFLICT DO NOTHING on (ledger, epoch, fingerprint), so concurrent writers
// never double a trial, and each record call is one statement, so a committed trial is never lost.
import type { Pool } from "pg";
import { createPool, ledgerError, type PostgresTarget, postgresTarget, transaction } from "./postgres_pool.js";
import { type ChainReport, verifyChain } from "./chain_verify.js";
import { appendReset, appendTrials } from "./postgres_append.js";
import { ensurePostgresChain, readRows, storedHead } from "./postgres_chain.js";
import { fromRow, TRIAL_COLUMNS, type TrialRow } from "./postgres_rows.js";
import { CURRENT_EPOCH, createSchema, RESETS, TRIALS } from "./postgres_schema.js";
import { migrateRetractions, RETRACTION_COLUMNS, retractionsOf, retractTrial } from "./postgres_retractions.js";
import { createReturnsSchema, INSERT_RETURNS, PostgresReturns, returnsParams } from "./postgres_returns.js";
import type { KeptReturns, LedgerStore, ResetEvent, RetractionEvent, StoreSummary, TrialRecord } from "./store.js";
import { postgresReadAfter } from "./postgres_tally.js";
import { type LedgerTally, Tallies } from "./summary_incremental.js";

/** Opens (creating its tables if missing) the ledger store at a postgres:// URL; errors name the server. */
export async function openPostgresStore(url: string): Promise<LedgerStore> {
  const target = postgresTarget(url);
  const pool = createPool(url);
  let returnsTable: boolean;
  try {
    await createSchema(pool);
    await migrateRetractions(pool);
    await ensurePostgresChain(pool);
    returnsTable = await createReturnsSchema(pool);
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw ledgerError(target, e);
  }
  return new PostgresStore(pool, target, returnsTable);
}

/** The trials of ledger $1 counted now (its current epoch), of experiment $2 unless that is null. */
const COUNTED = `FROM ${TRIALS} WHERE ledger = $1 AND epoch = ${CURRENT_EPOCH}
  AND ($2::text IS NULL OR experiment = $2)`;

class PostgresStore implements LedgerStore {
  readonly kind = "postgres";
  readonly location: string;
  private readonly kept: PostgresReturns;
  /** Each ledger's current epoch as last read, advanced by the rows after its last chain sequence. */
  private readonly tallies: Tallies;

  constructor(
    private readonly pool: Pool,
    private readonly target: PostgresTarget,
    returnsTable: boolean,
  ) {
    this.location = target.location;
    this.kept = new PostgresReturns(pool, returnsTable);
    const readAfter = postgresReadAfter(pool);
    this.tallies = new Tallies((ledger, known, limit) => this.named(() => readAfter(ledger, known, limit)));
  }

  async record(ledger: string, trials: readonly TrialRecord[]): Promise<number> {
    if (trials.length === 0) return 0;
    const keep = this.kept.available && trials.some((t) => t.returns !== undefined);
    const added = await this.named(() =>
      transaction(this.pool, async (client) => {
        const n = await appendTrials(client, ledger, trials);
        // The returns in the trials' transaction: both commit or neither.
        if (keep) await client.query(INSERT_RETURNS, [ledger, ...returnsParams(trials)]);
        return n;
      }),
    );
    if (keep) this.kept.wrote(ledger);
    return added;
  }

  async returnsRoom(ledger: string): Promise<number> {
    return this.named(() => this.kept.room(ledger));
  }

  /** The returns of the rows the ledger's tally holds. */
  async returns(ledger: string): Promise<KeptReturns> {
    const tally = await this.tallies.current(ledger);
    const trials = tally.all.count + tally.retracted.size;
    return this.named(() => this.kept.returns(ledger, tally.epoch, tally.lastId, trials));
  }

  /** Only the trials and retractions appended since the last read (by any replica) are read. */
  async tally(ledger: string): Promise<LedgerTally> {
    return this.tallies.current(ledger);
  }

  async summary(ledger: string, experiment: string | null = null): Promise<StoreSummary> {
    return (await this.tally(ledger)).summary(ledger, experiment);
  }

  async experiments(ledger: string): Promise<{ experiment: string | null; count: number }[]> {
    return (await this.tally(ledger)).experiments();
  }

  async list(ledger: string, experiment: string | null = null): Promise<TrialRecord[]> {
    const sql = `SELECT ${TRIAL_COLUMNS}, ${RETRACTION_COLUMNS} ${COUNTED} ORDER BY id`;
    const rows = await this.rows<TrialRow>(sql, [ledger, experiment]);
    return rows.map(fromRow);
  }

  async ledgers(): Promise<string[]> {
    const sql = `SELECT ledger FROM ${TRIALS} UNION SELECT ledger FROM ${RESETS} ORDER BY ledger`;
    return (await this.rows<{ ledger: string }>(sql, [])).map((r) => r.ledger);
  }

  async reset(ledger: string, reason: string): Promise<ResetEvent> {
    const at = new Date().toISOString();
    // Appends of one ledger are serialised on its chain head, so two resets never claim the same epoch.
    await this.named(() => transaction(this.pool, (client) => appendReset(client, ledger, at, reason)));
    return { ledger, at, reason };
  }

  async resets(ledger: string): Promise<ResetEvent[]> {
    const sql = `SELECT ledger, at, reason FROM ${RESETS} WHERE ledger = $1 ORDER BY epoch`;
    return this.rows<ResetEvent>(sql, [ledger]);
  }

  async retract(ledger: string, fingerprint: string, reason: string): Promise<RetractionEvent> {
    return this.named(() => transaction(this.pool, (client) => retractTrial(client, ledger, fingerprint, reason)));
  }

  async retractions(ledger: string): Promise<RetractionEvent[]> {
    return this.named(() => retractionsOf(this.pool, ledger));
  }

  async verify(ledger: string): Promise<ChainReport> {
    // Repeatable read: the rows and the head from one snapshot, while writers go on.
    return this.named(async () => {
      const client = await this.pool.connect();
      try {
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        const report = verifyChain(ledger, await readRows(client, ledger), await storedHead(client, ledger));
        await client.query("COMMIT");
        return report;
      } finally {
        client.release();
      }
    });
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
