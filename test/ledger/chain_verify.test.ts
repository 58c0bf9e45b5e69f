// `fin-skills ledger verify` through the real command line on SQLite ledgers edited outside the server with
// better-sqlite3: a changed Sharpe, a deleted row, an inserted row and an edited reset are each named as the
// first broken row (exit 1); an intact ledger, one with a reset, and one from before the chain (chained at
// open) verify (exit 0).
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { trialSetDigest } from "../../src/ledger/digest.js";
import { openSqliteStore } from "../../src/ledger/sqlite.js";
import { trialFields } from "../../src/ledger/trial_record.js";
import { CLI_JS, ROOT, ensureBuilt } from "../server/fixtures.js";
import { fingerprintOf, trial } from "./trials.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "fin-ledger-chain-"));
let files = 0;
/** Trials recorded before each edit. */
const N = 10;

function verify(file: string) {
  const r = spawnSync(process.execPath, [CLI_JS, "ledger", "verify", "--ledger", file], {
    encoding: "utf8",
    cwd: ROOT,
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A ledger of N trials recorded through the store (one call each, like a server), closed. */
async function recorded(): Promise<string> {
  const file = path.join(dir, `ledger${++files}.sqlite`);
  const store = await openSqliteStore(file);
  for (let i = 0; i < N; i++) await store.record("default", [trial(i)]);
  await store.close();
  return file;
}

function edit(file: string, sql: string, ...args: unknown[]): void {
  const db = new Database(file);
  try {
    expect(db.prepare(sql).run(...args).changes).toBe(1);
  } finally {
    db.close();
  }
}

const idOf = (file: string, i: number) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT id FROM trials WHERE fingerprint = ?").get(fingerprintOf(i)) as { id: number }).id;
  } finally {
    db.close();
  }
};

beforeAll(() => ensureBuilt());

describe("fin-skills ledger verify", () => {
  it("an intact ledger: exit 0, the row count and the head", async () => {
    const file = await recorded();
    const r = verify(file);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`^ledger 'default': chain intact, ${N} row\\(s\\), head ${N} [0-9a-f]{64}\\n$`),
    );
  });

  it("a changed Sharpe: exit 1 naming that row as edited", async () => {
    const file = await recorded();
    const id = idOf(file, 4);
    edit(file, "UPDATE trials SET sharpe_annual = sharpe_annual + 1.5 WHERE id = ?", id);
    const r = verify(file);
    expect(r.status).toBe(1);
    expect(r.stderr.split("\n")[0]).toBe(
      `fin-skills: ledger 'default': chain broken: trial id ${id} (fingerprint ${fingerprintOf(4).slice(0, 12)}...) ` +
        "at chain position 5 does not match its hash: edited",
    );
  });

  it("a deleted row: exit 1 naming its position and the row after it", async () => {
    const file = await recorded();
    edit(file, "DELETE FROM trials WHERE id = ?", idOf(file, 6));
    const r = verify(file);
    expect(r.status).toBe(1);
    expect(r.stderr.split("\n")[0]).toBe(
      "fin-skills: ledger 'default': chain broken: the row at chain position 7 is missing before " +
        `trial id ${idOf(file, 7)} (fingerprint ${fingerprintOf(7).slice(0, 12)}...): deleted`,
    );
  });

  it("the last row deleted: exit 1, the head names the missing position", async () => {
    const file = await recorded();
    edit(file, "DELETE FROM trials WHERE id = ?", idOf(file, N - 1));
    const r = verify(file);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`chain broken: the last row(s) are missing: chain position ${N} is gone`);
  });

  it("a row inserted with plain SQL: exit 1 naming it as outside the chain", async () => {
    const file = await recorded();
    const t = trial(99);
    edit(
      file,
      "INSERT INTO trials (ledger, epoch, fingerprint, tool, input, experiment, n_obs, periods_per_year, mean, sd, " +
        "skew, kurtosis, sharpe_annual, recorded_at) VALUES ('default', 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ...trialFields(t),
    );
    const r = verify(file);
    expect(r.status).toBe(1);
    expect(r.stderr.split("\n")[0]).toBe(
      `fin-skills: ledger 'default': chain broken: trial id ${idOf(file, 99)} (fingerprint ` +
        `${fingerprintOf(99).slice(0, 12)}...) is not in the chain: inserted outside the server`,
    );
  });

  it("a reset is chained: intact after it, and an edited reason is named", async () => {
    const file = await recorded();
    const store = await openSqliteStore(file);
    await store.reset("default", "new question");
    await store.record("default", [trial(0)]);
    await store.close();
    expect(verify(file).stdout).toContain(`chain intact, ${N + 2} row(s), head ${N + 2} `);
    edit(file, "UPDATE resets SET reason = 'nothing to see' WHERE epoch = 1");
    const r = verify(file);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/chain broken: reset to epoch 1 \(\S+\) at chain position 11 does not match its hash/);
  });

  it("a ledger file from before the chain is chained at open, in recording order, and verifies", async () => {
    const file = path.join(dir, `legacy${++files}.sqlite`);
    const db = new Database(file);
    db.exec(`CREATE TABLE resets (ledger TEXT NOT NULL, epoch INTEGER NOT NULL, at TEXT NOT NULL,
      reason TEXT NOT NULL, PRIMARY KEY (ledger, epoch));
      CREATE TABLE trials (id INTEGER PRIMARY KEY, ledger TEXT NOT NULL, epoch INTEGER NOT NULL,
      fingerprint TEXT NOT NULL, tool TEXT NOT NULL, input TEXT NOT NULL, experiment TEXT, n_obs INTEGER NOT NULL,
      periods_per_year REAL, mean REAL NOT NULL, sd REAL NOT NULL, skew REAL NOT NULL, kurtosis REAL NOT NULL,
      sharpe_annual REAL, recorded_at TEXT NOT NULL, UNIQUE (ledger, epoch, fingerprint))`);
    const insert = db.prepare(
      "INSERT INTO trials (ledger, epoch, fingerprint, tool, input, n_obs, mean, sd, skew, kurtosis, " +
        "sharpe_annual, recorded_at) VALUES ('default', ?, ?, 't', 'returns', 10, 0, 1, 0, 3, ?, ?)",
    );
    insert.run(0, fingerprintOf(1), 0.5, "2026-01-01T00:00:00.000Z");
    db.prepare("INSERT INTO resets VALUES ('default', 1, '2026-01-02T00:00:00.000Z', 'r')").run();
    insert.run(1, fingerprintOf(2), 0.7, "2026-01-03T00:00:00.000Z");
    db.close();
    const store = await openSqliteStore(file);
    const summary = await store.summary("default");
    await store.close();
    const r = verify(file);
    expect(r.stdout).toContain("chain intact, 3 row(s), head 3 ");
    expect(r.status).toBe(0);
    // The digest covers the head the migration gave the ledger.
    expect(summary.digest).toBe(trialSetDigest([fingerprintOf(2)], summary.chainHead));
    expect(r.stdout).toContain(summary.chainHead as string);
    const chained = new Database(file, { readonly: true });
    const order = chained.prepare("SELECT fingerprint FROM trials ORDER BY chain_seq").pluck().all();
    const reset = chained.prepare("SELECT chain_seq FROM resets").pluck().get();
    chained.close();
    expect([order, reset]).toEqual([[fingerprintOf(1), fingerprintOf(2)], 2]);
  });
});
