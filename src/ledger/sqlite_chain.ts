// The hash chain of the SQLite ledger: chain columns on the event tables, a head row per ledger, the
// migration of a file written before the chain (its rows are chained at open, in recording order), and
// reading the rows back for `ledger verify`. Appends happen inside the store's BEGIN IMMEDIATE transaction,
// so concurrent writer processes take turns on the head and never fork the chain.
import type Database from "better-sqlite3";
import { CHAIN_START, type ChainEvent, type ChainLink, linksAfter } from "./chain.js";
import type { StoredRow } from "./chain_verify.js";
import { retractionRows } from "./sqlite_retractions.js";
import type { TrialRecord } from "./store.js";

/** The tables whose rows are chained, and the head table. */
const CHAINED = ["trials", "resets"] as const;
const HEADS = "chain_heads";

const HEAD_DDL = `CREATE TABLE IF NOT EXISTS ${HEADS} (
  ledger TEXT PRIMARY KEY, seq INTEGER NOT NULL, hash TEXT NOT NULL)`;

/** Adds the chain to a ledger file without it (a new one, or one from before the chain): once, under a write lock. */
export function ensureSqliteChain(db: Database.Database): void {
  if (hasChain(db)) return;
  db.transaction(() => {
    if (hasChain(db)) return;
    for (const table of CHAINED) {
      db.exec(`ALTER TABLE ${table} ADD COLUMN chain_seq INTEGER; ALTER TABLE ${table} ADD COLUMN chain_hash TEXT`);
      db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${table}_chain ON ${table} (ledger, chain_seq)`);
    }
    db.exec(HEAD_DDL);
    chainExistingRows(db);
  }).immediate();
}

/** The file has the chain's columns and head table. */
export function hasChain(db: Database.Database): boolean {
  const columns = db.prepare("SELECT name FROM pragma_table_info('resets')").pluck().all();
  return columns.includes("chain_hash") && db.prepare("SELECT 1 FROM pragma_table_info(?)").get(HEADS) !== undefined;
}

/** Chains the rows a file held before the chain, per ledger: each epoch's reset, then its trials by id. */
function chainExistingRows(db: Database.Database): void {
  const ledgers = db.prepare("SELECT ledger FROM trials UNION SELECT ledger FROM resets").pluck().all() as string[];
  const setTrial = db.prepare("UPDATE trials SET chain_seq = ?, chain_hash = ? WHERE id = ?");
  const setReset = db.prepare("UPDATE resets SET chain_seq = ?, chain_hash = ? WHERE ledger = ? AND epoch = ?");
  const heads = new SqliteChainHeads(db);
  for (const ledger of ledgers) {
    const rows = readRows(db, ledger).sort((a, b) => eventEpoch(a) - eventEpoch(b) || kindRank(a) - kindRank(b));
    const links = linksAfter(
      CHAIN_START,
      rows.map((r) => r.event),
    );
    rows.forEach((r, i) => {
      const l = links[i]!;
      if (r.event.kind === "trial") setTrial.run(l.seq, l.hash, r.order);
      else setReset.run(l.seq, l.hash, ledger, r.event.epoch);
    });
    const last = links.at(-1);
    if (last) heads.advance(ledger, last);
  }
}

const eventEpoch = (r: StoredRow) => r.event.epoch;
/** Within an epoch: its reset first, then trials in id order (a stable sort keeps readRows' id order). */
const kindRank = (r: StoredRow) => (r.event.kind === "reset" ? 0 : 1);

/** The head row of each ledger, read and moved with statements prepared once per connection. */
export class SqliteChainHeads {
  private readonly get: Database.Statement<[string], ChainLink>;
  private readonly put: Database.Statement<[string, number, string]>;
  constructor(db: Database.Database) {
    this.get = db.prepare(`SELECT seq, hash FROM ${HEADS} WHERE ledger = ?`);
    this.put = db.prepare(
      `INSERT INTO ${HEADS} (ledger, seq, hash) VALUES (?, ?, ?) ` +
        "ON CONFLICT (ledger) DO UPDATE SET seq = excluded.seq, hash = excluded.hash",
    );
  }

  /** The stored head, or null when the ledger has no head row. */
  stored(ledger: string): ChainLink | null {
    return this.get.get(ledger) ?? null;
  }

  /** The head to append after (position 0 before the ledger's first row). */
  head(ledger: string): ChainLink {
    return this.stored(ledger) ?? CHAIN_START;
  }

  /** Moves the head of `ledger` to `link` (inside the transaction that appended its rows). */
  advance(ledger: string, link: ChainLink): void {
    this.put.run(ledger, link.seq, link.hash);
  }
}

interface TrialRow {
  id: number;
  epoch: number;
  chain_seq: number | null;
  chain_hash: string | null;
  fingerprint: string;
  tool: string;
  input: string;
  experiment: string | null;
  nObs: number;
  periodsPerYear: number | null;
  mean: number;
  sd: number;
  skew: number;
  kurtosis: number;
  sharpeAnnual: number | null;
  recordedAt: string;
  flagged: string | null;
}

/** Every event row of `ledger`, all epochs, as stored (trials in id order, then resets in epoch order). */
export function readRows(db: Database.Database, ledger: string): StoredRow[] {
  const trials = db
    .prepare(
      "SELECT id, epoch, chain_seq, chain_hash, fingerprint, tool, input, experiment, n_obs AS nObs, " +
        "periods_per_year AS periodsPerYear, mean, sd, skew, kurtosis, sharpe_annual AS sharpeAnnual, " +
        "recorded_at AS recordedAt, flagged FROM trials WHERE ledger = ? ORDER BY id",
    )
    .all(ledger) as TrialRow[];
  const resets = db
    .prepare("SELECT epoch, at, reason, chain_seq, chain_hash FROM resets WHERE ledger = ? ORDER BY epoch")
    .all(ledger) as {
    epoch: number;
    at: string;
    reason: string;
    chain_seq: number | null;
    chain_hash: string | null;
  }[];
  return [
    ...retractionRows(db, ledger),
    ...trials.map((r) => trialRow(ledger, r)),
    ...resets.map((r) => ({
      event: { kind: "reset", ledger, epoch: r.epoch, at: r.at, reason: r.reason } satisfies ChainEvent,
      seq: r.chain_seq,
      hash: r.chain_hash,
      order: r.epoch,
      name: `reset to epoch ${r.epoch} (${r.at})`,
    })),
  ];
}

function trialRow(ledger: string, r: TrialRow): StoredRow {
  const { id, epoch, chain_seq, chain_hash, ...trial } = r;
  return {
    event: { kind: "trial", ledger, epoch, trial: trial satisfies TrialRecord },
    seq: chain_seq,
    hash: chain_hash,
    order: id,
    name: `trial id ${id} (fingerprint ${trial.fingerprint.slice(0, 12)}...)`,
  };
}
