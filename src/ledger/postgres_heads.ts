// A PostgreSQL ledger's chain head: one row per ledger, locked by the transaction that appends to its chain.
import type { Pool, PoolClient } from "pg";
import { CHAIN_START, type ChainLink } from "./chain.js";

/** The table of chain heads (ledger, seq, hash). */
export const HEADS = "fin_skills_ledger_chain";

/**
 * Locks the head of `ledger` for this transaction (creating it at position 0) and returns it: every
 * append of the ledger takes this lock first, so concurrent writers append one after another.
 */
export async function lockHead(client: PoolClient, ledger: string): Promise<ChainLink> {
  const sql = `INSERT INTO ${HEADS} AS h (ledger, seq, hash) VALUES ($1, 0, $2)
    ON CONFLICT (ledger) DO UPDATE SET seq = h.seq RETURNING seq, hash`;
  const row = (await client.query<{ seq: string; hash: string }>(sql, [ledger, CHAIN_START.hash])).rows[0]!;
  return { seq: Number(row.seq), hash: row.hash };
}

/** The stored head, or null when the ledger has none (or it is at position 0: nothing was ever appended). */
export async function storedHead(q: Pool | PoolClient, ledger: string): Promise<ChainLink | null> {
  const sql = `SELECT seq, hash FROM ${HEADS} WHERE ledger = $1 AND seq > 0`;
  const row = (await q.query<{ seq: string; hash: string }>(sql, [ledger])).rows[0];
  return row ? { seq: Number(row.seq), hash: row.hash } : null;
}
