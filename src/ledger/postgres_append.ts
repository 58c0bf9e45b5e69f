// Appending chained rows to the PostgreSQL ledger, one transaction each: lock the ledger's chain head,
// read its epoch and which of the call's trials it already holds, insert the new ones with their links
// and move the head, in one statement. Writers of one ledger take turns on the head row's lock.
import type { PoolClient } from "pg";
import { type ChainLink, nextLink } from "./chain.js";
import { HEADS, lockHead } from "./postgres_chain.js";
import { insertParams, TRIAL_COLUMNS, TRIAL_TYPES } from "./postgres_rows.js";
import { CURRENT_EPOCH, RESETS, TRIALS } from "./postgres_schema.js";
import type { TrialRecord } from "./store.js";

/** Parameter number of the epoch: after the ledger ($1) and one array per trial column. */
const E = TRIAL_TYPES.length + 2;

/** Inserts trials of ledger $1 (an array per column) in epoch $E, links $E+1, $E+2; moves the head to $E+3, $E+4. */
const INSERT_CHAINED = `WITH added AS (
  INSERT INTO ${TRIALS} (ledger, epoch, ${TRIAL_COLUMNS}, chain_seq, chain_hash)
  SELECT $1, $${E}, ${TRIAL_COLUMNS}, chain_seq, chain_hash
  FROM unnest(${TRIAL_TYPES.map((t, i) => `$${i + 2}::${t}[]`).join(", ")}, $${E + 1}::bigint[], $${E + 2}::text[])
    WITH ORDINALITY AS t(${TRIAL_COLUMNS}, chain_seq, chain_hash, ord)
  ORDER BY ord
)
UPDATE ${HEADS} SET seq = $${E + 3}, hash = $${E + 4} WHERE ledger = $1`;

const SEEN = `SELECT ${CURRENT_EPOCH} AS epoch, ARRAY(SELECT fingerprint FROM ${TRIALS}
  WHERE ledger = $1 AND epoch = ${CURRENT_EPOCH} AND fingerprint = ANY($2::text[])) AS seen`;

/** Appends the trials the ledger's current epoch does not hold yet (first of repeats within the call); how many. */
export async function appendTrials(
  client: PoolClient,
  ledger: string,
  trials: readonly TrialRecord[],
): Promise<number> {
  // Checked and normalised as stored (recordedAt as toISOString writes it), so the hash is of what is read back.
  insertParams(ledger, trials);
  let head = await lockHead(client, ledger);
  const fingerprints = trials.map((t) => t.fingerprint);
  const { epoch, seen } = (await client.query<{ epoch: number; seen: string[] }>(SEEN, [ledger, fingerprints]))
    .rows[0]!;
  const known = new Set(seen);
  const fresh: TrialRecord[] = [];
  const links: ChainLink[] = [];
  for (const t of trials) {
    if (known.has(t.fingerprint)) continue;
    known.add(t.fingerprint);
    const trial = { ...t, recordedAt: new Date(t.recordedAt).toISOString() };
    head = nextLink(head, { kind: "trial", ledger, epoch, trial });
    fresh.push(trial);
    links.push(head);
  }
  if (fresh.length === 0) return 0;
  const params = [
    ...insertParams(ledger, fresh),
    epoch,
    links.map((l) => l.seq),
    links.map((l) => l.hash),
    head.seq,
    head.hash,
  ];
  await client.query(INSERT_CHAINED, params);
  return fresh.length;
}

/** Appends a reset row starting the ledger's next epoch. */
export async function appendReset(client: PoolClient, ledger: string, at: string, reason: string): Promise<void> {
  const head = await lockHead(client, ledger);
  const { epoch } = (await client.query<{ epoch: number }>(`SELECT ${CURRENT_EPOCH} + 1 AS epoch`, [ledger])).rows[0]!;
  const link = nextLink(head, { kind: "reset", ledger, epoch, at, reason });
  await client.query(
    `WITH added AS (INSERT INTO ${RESETS} (ledger, epoch, at, reason, chain_seq, chain_hash)
      VALUES ($1, $2, $3, $4, $5, $6))
     UPDATE ${HEADS} SET seq = $5, hash = $6 WHERE ledger = $1`,
    [ledger, epoch, at, reason, link.seq, link.hash],
  );
}
