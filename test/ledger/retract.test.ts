// `fin-skills ledger retract`: the operator withdraws one trial with a reason; it stops counting, stays listed
// (marked retracted), and the retraction is itself recorded, on every backend. No tool can retract.
import { createRequire } from "node:module";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { CLI_JS } from "../server/fixtures.js";
import { trialSetDigest } from "../../src/ledger/digest.js";
import { openSqliteStore } from "../../src/ledger/sqlite.js";
import { trialFields } from "../../src/ledger/trial_record.js";
import type { LedgerStore } from "../../src/ledger/store.js";
import { listTools } from "../../src/runtime/index.js";
import { BACKENDS } from "./backends.js";
import { fingerprintOf, trial } from "./trials.js";

/** The built CLI's `fin-skills ledger ...`: its stdout, or a rejection with its stderr and exit code. */
async function ledger(args: string[]): Promise<string> {
  const r = spawnSync(process.execPath, [CLI_JS, "ledger", ...args], { encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) throw new Error(`exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}

for (const describeBackend of BACKENDS)
  describeBackend("ledger retract", (backend) => {
    const opened: LedgerStore[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.close()));
    });
    /** A ledger 'L' holding trials 1, 2, 3. */
    const threeTrials = async () => {
      const location = await backend.fresh();
      const store = await backend.open(location);
      opened.push(store);
      await store.record("L", [trial(1), trial(2), trial(3)]);
      return { location, store };
    };
    const retract = (location: string, fp: string, reason: string) =>
      ledger(["retract", fp, "--ledger", location, "--name", "L", "--reason", reason]);

    it("stops counting the trial, keeps it listed and marked, and records the retraction", async () => {
      const { location, store } = await threeTrials();
      const out = await retract(location, fingerprintOf(2), "sent the benchmark by mistake");
      expect(out).toContain(`retracted trial ${fingerprintOf(2)} of ledger 'L'`);
      expect(out).toContain("sent the benchmark by mistake; the ledger now counts 2 trial(s)");
      const before = await store.verify("L");
      const summary = await store.summary("L");
      expect(summary.count).toBe(2);
      expect(summary.digest).toBe(trialSetDigest([fingerprintOf(1), fingerprintOf(3)], summary.chainHead));
      // The retraction is the chain's fourth row, after the three trials: the chain is intact and ends at it.
      expect(before).toMatchObject({ rows: 4, problems: [] });
      expect(before.head).toEqual({ seq: 4, hash: summary.chainHead });
      expect(summary.sharpes).toEqual([trial(1).sharpeAnnual, trial(3).sharpeAnnual]);
      const listed = await store.list("L");
      expect(listed.map((t) => t.fingerprint)).toEqual([1, 2, 3].map(fingerprintOf));
      expect(listed.map((t) => t.retracted?.reason ?? null)).toEqual([null, "sent the benchmark by mistake", null]);
      const [event] = await store.retractions("L");
      expect(event).toEqual({
        fingerprint: fingerprintOf(2),
        at: listed[1]!.retracted!.at,
        reason: listed[1]!.retracted!.reason,
      });
      const csv = (await ledger(["export", "--ledger", location, "--name", "L"])).trim().split("\n");
      expect(csv[0]!.endsWith(",retractedAt,retractionReason")).toBe(true);
      expect(csv[2]!.endsWith(`,${event!.at},sent the benchmark by mistake`)).toBe(true);
      expect(csv[1]!.endsWith(",,,")).toBe(true);
      const shown = await ledger(["show", "--ledger", location, "--name", "L"]);
      expect(shown).toContain("trials: 2 since");
      expect(shown).toContain(`retracted (listed, not counted): ${fingerprintOf(2)} at ${event!.at}`);
    });

    it("refuses a trial the ledger does not count and one already retracted, naming it", async () => {
      const { location, store } = await threeTrials();
      await expect(retract(location, fingerprintOf(9), "x")).rejects.toThrow(
        new RegExp(`counts no trial ${fingerprintOf(9)}`),
      );
      await retract(location, fingerprintOf(1), "first");
      await expect(retract(location, fingerprintOf(1), "second")).rejects.toThrow(/^exit 1: .*was retracted at/);
      expect((await store.retractions("L")).map((r) => r.reason)).toEqual(["first"]);
      expect((await store.summary("L")).count).toBe(2);
    });

    it("chains a flagged trial with its mark: the chain stays intact and the mark is listed", async () => {
      const { store } = await threeTrials();
      expect(await store.record("L", [trial(4, { flagged: "percent" })])).toBe(1);
      expect((await store.list("L")).map((t) => t.flagged)).toEqual([null, null, null, "percent"]);
      expect(await store.verify("L")).toMatchObject({ rows: 4, problems: [] });
    });

    it("is per epoch: a retraction before a reset does not touch the series counted again after it", async () => {
      const { location, store } = await threeTrials();
      await retract(location, fingerprintOf(3), "mistake");
      expect(await store.record("L", [trial(3)])).toBe(0); // the retracted row is held: nothing added
      expect((await store.summary("L")).count).toBe(2);
      await store.reset("L", "new study");
      expect(await store.record("L", [trial(3)])).toBe(1);
      const after = await store.summary("L");
      expect(after).toMatchObject({ count: 1, digest: trialSetDigest([fingerprintOf(3)], after.chainHead) });
      expect((await store.verify("L")).problems).toEqual([]);
      expect(await store.retractions("L")).toEqual([]);
    });
  });

describe("retraction", () => {
  it("is no tool's: no tool is named for it or takes a fingerprint to withdraw", () => {
    for (const t of listTools()) {
      expect(t.name).not.toMatch(/retract|ledger_reset|reset_ledger|delete/);
      expect(Object.keys(t.input_schema.properties as object)).not.toContain("fingerprint");
    }
  });

  it("is a link of the hash chain: a retraction's reason edited outside the server is named by verify", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "fin-ledger-retract-")), "l.sqlite");
    const store = await openSqliteStore(file);
    await store.record("L", [trial(1), trial(2)]);
    await store.retract("L", fingerprintOf(1), "mistake");
    await store.close();
    const Sqlite = createRequire(import.meta.url)("better-sqlite3") as typeof Database;
    const db = new Sqlite(file);
    db.prepare("UPDATE retractions SET reason = 'nothing to see'").run();
    db.close();
    const reopened = await openSqliteStore(file);
    try {
      const report = await reopened.verify("L");
      expect(report.problems[0]!.at).toBe(3);
      expect(report.problems[0]!.message).toContain(`retraction of ${fingerprintOf(1).slice(0, 12)}`);
    } finally {
      await reopened.close();
    }
  });

  it("upgrades a ledger file of an older server: flagged column and retractions table added, rows kept", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "fin-ledger-old-")), "old.sqlite");
    const Sqlite = createRequire(import.meta.url)("better-sqlite3") as typeof Database;
    const db = new Sqlite(file);
    db.exec(`CREATE TABLE resets (ledger TEXT NOT NULL, epoch INTEGER NOT NULL, at TEXT NOT NULL,
      reason TEXT NOT NULL, PRIMARY KEY (ledger, epoch));
    CREATE TABLE trials (id INTEGER PRIMARY KEY, ledger TEXT NOT NULL, epoch INTEGER NOT NULL,
      fingerprint TEXT NOT NULL, tool TEXT NOT NULL, input TEXT NOT NULL, experiment TEXT, n_obs INTEGER NOT NULL,
      periods_per_year REAL, mean REAL NOT NULL, sd REAL NOT NULL, skew REAL NOT NULL, kurtosis REAL NOT NULL,
      sharpe_annual REAL, recorded_at TEXT NOT NULL, UNIQUE (ledger, epoch, fingerprint));`);
    const t = trial(1);
    db.prepare(
      "INSERT INTO trials (ledger, epoch, fingerprint, tool, input, experiment, n_obs, periods_per_year, mean, sd, " +
        "skew, kurtosis, sharpe_annual, recorded_at) VALUES ('L', 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).run(...trialFields(t));
    db.close();
    const store = await openSqliteStore(file);
    try {
      expect(await store.list("L")).toEqual([t]);
      await store.record("L", [trial(2, { flagged: "percent" })]);
      await store.retract("L", t.fingerprint, "old mistake");
      expect((await store.list("L")).map((r) => [r.flagged, r.retracted?.reason ?? null])).toEqual([
        [null, "old mistake"],
        ["percent", null],
      ]);
      expect((await store.summary("L")).count).toBe(1);
    } finally {
      await store.close();
    }
  });
});
