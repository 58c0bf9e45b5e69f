// The PostgreSQL ledger's in-process tally reads (summary_incremental.ts): the trials and retractions after
// the last chain sequence seen. Ids come from a sequence, which gives no commit order, but chain sequences
// do: every append of a ledger takes its chain head's row lock and the next sequence under it, so a row
// another replica commits later always has a larger one (and a snapshot that sees it sees every smaller one).
import type { Pool } from "pg";
import { HEADS } from "./postgres_heads.js";
import { RETRACTIONS } from "./postgres_retractions.js";
import { CURRENT_EPOCH, TRIALS } from "./postgres_schema.js";
import type { ReadAfter, RetractedRow, SummaryRow } from "./summary_incremental.js";

const EPOCH_AND_HEAD = `SELECT ${CURRENT_EPOCH} AS epoch,
  (SELECT hash FROM ${HEADS} WHERE ledger = $1 AND seq > 0) AS head`;

const COLUMNS = `t.fingerprint, t.experiment, t.n_obs AS "nObs", t.sharpe_annual AS "sharpeAnnual",
  t.recorded_at AS "recordedAt", t.flagged, t.chain_seq::float8 AS id`;

/** Trials of ledger $1, epoch $2, after chain sequence $3, in chain order, at most $4 (by the chain's index). */
const ROWS_AFTER = `SELECT ${COLUMNS} FROM ${TRIALS} t
  WHERE t.ledger = $1 AND t.chain_seq > $3 AND t.epoch = $2 ORDER BY t.chain_seq LIMIT $4`;

/** Retractions of ledger $1, epoch $2, after chain sequence $3 (each a link of the chain), with their trial. */
const RETRACTIONS_AFTER = `SELECT ${COLUMNS}, r.chain_seq::float8 AS rid FROM ${RETRACTIONS} r
  JOIN ${TRIALS} t ON t.ledger = r.ledger AND t.epoch = r.epoch AND t.fingerprint = r.fingerprint
  WHERE r.ledger = $1 AND r.epoch = $2 AND r.chain_seq > $3 ORDER BY r.chain_seq`;

/** The ReadAfter of a PostgreSQL ledger: one repeatable-read snapshot per read. */
export function postgresReadAfter(pool: Pool): ReadAfter {
  return async (ledger, known, limit) => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const head = (await client.query<{ epoch: number; head: string | null }>(EPOCH_AND_HEAD, [ledger])).rows[0]!;
      const same = known !== null && known.epoch === head.epoch;
      const after = same ? known.lastId : -1;
      const rows = (await client.query<SummaryRow>(ROWS_AFTER, [ledger, head.epoch, after, limit])).rows;
      const since = same ? known.lastRetraction : -1;
      const retractions = (await client.query<RetractedRow>(RETRACTIONS_AFTER, [ledger, head.epoch, since])).rows;
      await client.query("COMMIT");
      return { epoch: head.epoch, rows, retractions, chainHead: head.head };
    } catch (e) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  };
}
