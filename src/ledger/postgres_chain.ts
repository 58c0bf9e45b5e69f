// The hash chain of the PostgreSQL ledger: chain columns on the event tables, a head row per ledger, the
// migration of tables written before the chain (chained once, under the schema's advisory lock), the head
// lock every append takes (INSERT ... ON CONFLICT DO UPDATE locks the row, so replicas take turns), and
// reading the rows back for `ledger verify`.
import type { Pool, PoolClient } from "pg";
import { CHAIN_START, type ChainEvent, linksAfter } from "./chain.js";
import type { StoredRow } from "./chain_verify.js";
import { transaction } from "./postgres_pool.js";
import { fromRow, TRIAL_COLUMNS, type TrialRow } from "./postgres_rows.js";
import { HEADS, lockHead, storedHead } from "./postgres_heads.js";
import { retractionRows } from "./postgres_retractions.js";
import { LOCK_SPACE, RESETS, TRIALS } from "./postgres_schema.js";

export { HEADS, lockHead, storedHead };

const DDL = `
ALTER TABLE ${TRIALS} ADD COLUMN IF NOT EXISTS chain_seq BIGINT, ADD COLUMN IF NOT EXISTS chain_hash TEXT;
ALTER TABLE ${RESETS} ADD COLUMN IF NOT EXISTS chain_seq BIGINT, ADD COLUMN IF NOT EXISTS chain_hash TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS ${TRIALS}_chain ON ${TRIALS} (ledger, chain_seq);
CREATE UNIQUE INDEX IF NOT EXISTS ${RESETS}_chain ON ${RESETS} (ledger, chain_seq);
CREATE TABLE IF NOT EXISTS ${HEADS} (ledger TEXT PRIMARY KEY, seq BIGINT NOT NULL, hash TEXT NOT NULL);`;

/** Adds the chain to tables that lack it (new ones, or ones from before the chain), chaining their rows once. */
export async function ensurePostgresChain(pool: Pool): Promise<void> {
  const ready = async (q: Pool | PoolClient) =>
    (await q.query<{ ready: boolean }>("SELECT to_regclass($1) IS NOT NULL AS ready", [HEADS])).rows[0]?.ready;
  if (await ready(pool)) return;
  await transaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1, 0)", [LOCK_SPACE]);
    if (await ready(client)) return;
    await client.query(DDL);
    await chainExistingRows(client);
  });
}

/** Chains the rows written before the chain, per ledger: each epoch's reset, then its trials by id. */
async function chainExistingRows(client: PoolClient): Promise<void> {
  const sql = `SELECT ledger FROM ${TRIALS} UNION SELECT ledger FROM ${RESETS}`;
  const ledgers = (await client.query<{ ledger: string }>(sql)).rows.map((r) => r.ledger);
  for (const ledger of ledgers) {
    const rows = (await readRows(client, ledger)).sort(
      (a, b) => a.event.epoch - b.event.epoch || rank(a) - rank(b) || a.order - b.order,
    );
    const links = linksAfter(
      CHAIN_START,
      rows.map((r) => r.event),
    );
    const trials = rows.flatMap((r, i) => (r.event.kind === "trial" ? [[r.order, links[i]!] as const] : []));
    const resets = rows.flatMap((r, i) => (r.event.kind === "reset" ? [[r.order, links[i]!] as const] : []));
    await client.query(
      `UPDATE ${TRIALS} t SET chain_seq = u.seq, chain_hash = u.hash
       FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS u(id, seq, hash) WHERE t.id = u.id`,
      [trials.map(([id]) => id), trials.map(([, l]) => l.seq), trials.map(([, l]) => l.hash)],
    );
    await client.query(
      `UPDATE ${RESETS} r SET chain_seq = u.seq, chain_hash = u.hash
       FROM unnest($2::int[], $3::bigint[], $4::text[]) AS u(epoch, seq, hash)
       WHERE r.ledger = $1 AND r.epoch = u.epoch`,
      [ledger, resets.map(([e]) => e), resets.map(([, l]) => l.seq), resets.map(([, l]) => l.hash)],
    );
    const last = links.at(-1);
    if (last)
      await client.query(`INSERT INTO ${HEADS} (ledger, seq, hash) VALUES ($1, $2, $3)`, [ledger, last.seq, last.hash]);
  }
}

const rank = (r: StoredRow) => (r.event.kind === "reset" ? 0 : 1);

type ChainedTrialRow = TrialRow & { id: string; epoch: number; chain_seq: string | null; chain_hash: string | null };

/** Every event row of `ledger`, all epochs, as stored. */
export async function readRows(q: Pool | PoolClient, ledger: string): Promise<StoredRow[]> {
  const trialSql = `SELECT id, epoch, chain_seq, chain_hash, ${TRIAL_COLUMNS}
    FROM ${TRIALS} WHERE ledger = $1 ORDER BY id`;
  const trials = (await q.query<ChainedTrialRow>(trialSql, [ledger])).rows;
  const resetSql = `SELECT epoch, at, reason, chain_seq, chain_hash FROM ${RESETS} WHERE ledger = $1 ORDER BY epoch`;
  const resets = (
    await q.query<{ epoch: number; at: string; reason: string; chain_seq: string | null; chain_hash: string | null }>(
      resetSql,
      [ledger],
    )
  ).rows;
  const seq = (s: string | null) => (s === null ? null : Number(s));
  return [
    ...(await retractionRows(q, ledger)),
    ...trials.map((r) => ({
      event: { kind: "trial", ledger, epoch: r.epoch, trial: fromRow(r) } satisfies ChainEvent,
      seq: seq(r.chain_seq),
      hash: r.chain_hash,
      order: Number(r.id),
      name: `trial id ${r.id} (fingerprint ${r.fingerprint.slice(0, 12)}...)`,
    })),
    ...resets.map((r) => ({
      event: { kind: "reset", ledger, epoch: r.epoch, at: r.at, reason: r.reason } satisfies ChainEvent,
      seq: seq(r.chain_seq),
      hash: r.chain_hash,
      order: r.epoch,
      name: `reset to epoch ${r.epoch} (${r.at})`,
    })),
  ];
}
