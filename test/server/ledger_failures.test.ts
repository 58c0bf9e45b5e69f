// A research ledger the server cannot use never breaks a call: the real stdio server, its SQLite ledger
// locked by another connection past the busy timeout, on a read-only file system, or on a full one; each
// time the guard's verdict arrives and a warning names the ledger and the problem. (A corrupt ledger:
// test/ledger/call_path.test.ts.) The read-only and full file systems are real ones, mounted in a user and
// mount namespace of the server's own (unshare -rm): a bind mount remounted read-only (root cannot write
// there either, unlike a file of mode 0444), and a tmpfs filled up to the last few kilobytes.
import { mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeWithTool, UNSHARE } from "../helpers/system_tool.js";
import { SERVER_JS } from "./fixtures.js";
import { callOk, costArgs, noise, seededLedger, withStdioClient } from "./ledger_fixtures.js";

type Obj = Record<string, any>;
const dir = mkdtempSync(path.join(os.tmpdir(), "fin-ledger-fail-"));
/** Trials the ledger holds before the server starts. */
const SEEDED = 5;

const call = callOk;
/** A SQLite ledger at `file` holding SEEDED trials of the default ledger, closed (no -wal or -shm left). */
const seeded = (file: string) => seededLedger(file, SEEDED);
const ledgerWarning = (r: Obj): string => {
  const w = (r.findings as Obj[]).filter((f) => f.where === "ledger");
  expect(w.map((f) => f.severity)).toEqual(["warning"]);
  return w[0]!.message;
};
const strategy = costArgs(noise(77));
const declared = { best_sharpe: 1, n_obs: 756, n_trials: 2 };

describe("a ledger locked by another connection", () => {
  const file = path.join(dir, "locked", "ledger.sqlite");
  let holder: Database.Database;
  beforeAll(async () => {
    mkdirSync(path.dirname(file));
    await seeded(file);
    holder = new Database(file);
  });
  afterAll(() => holder.close());

  it("warns while the write lock is held past the busy timeout, and records once it is free", async () => {
    await withStdioClient({ command: process.execPath, args: [SERVER_JS, "--ledger", file] }, async (c) => {
      expect((await call(c, "check_trial_ledger", declared)).evidence.n_trials).toBe(SEEDED);
      holder.exec("BEGIN EXCLUSIVE");
      const r = await call(c, "check_cost_curve", strategy);
      expect(r.evidence.breakeven_bps).toEqual(expect.any(Number));
      const w = ledgerWarning(r);
      expect(w).toContain(`research ledger ${file} could not record (database is locked)`);
      expect(w).toContain("this call's 1 trial(s) were not recorded");
      // Readers are not blocked by a writer (WAL): the count is still read while the lock is held.
      expect((await call(c, "check_trial_ledger", declared)).evidence.n_trials).toBe(SEEDED);
      holder.exec("ROLLBACK");
      const again = await call(c, "check_cost_curve", strategy);
      expect(again.provenance.ledger).toMatchObject({ trials: 1, recorded: 1 });
      expect((await call(c, "check_trial_ledger", declared)).evidence.n_trials).toBe(SEEDED + 1);
    });
  });
});

describeWithTool(UNSHARE)("a ledger the file system will not let the server write", () => {
  it("on a read-only file system: the store cannot open; the guard answers, its count declared", async () => {
    const ro = path.join(dir, "readonly");
    mkdirSync(ro);
    const file = await seeded(path.join(ro, "ledger.sqlite"));
    const script = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && exec "$2" "$3" --ledger "$4"';
    const args = ["-rm", "sh", "-c", script, "sh", ro, process.execPath, SERVER_JS, file];
    await withStdioClient({ command: "unshare", args }, async (c) => {
      const r = await call(c, "check_cost_curve", strategy);
      expect(r.evidence.breakeven_bps).toEqual(expect.any(Number));
      const w = ledgerWarning(r);
      expect(w).toContain(`research ledger ${file} could not be opened`);
      expect(w).toContain("is on a read-only file system");
      expect(w).toContain("this call's 1 trial(s) were not recorded");
      const t = await call(c, "check_trial_ledger", declared);
      expect(t.evidence).toMatchObject({ n_trials: declared.n_trials, n_trials_source: "declared", ledger: null });
      expect(ledgerWarning(t)).toContain("is on a read-only file system");
      const listed = await call(c, "list_trials", {});
      expect(listed.warnings.join("\n")).toContain(`research ledger ${file} could not be opened`);
    });
  });

  it("on a full file system: the trial is not recorded; the guard answers, the count still read", async () => {
    const mnt = path.join(dir, "full");
    mkdirSync(mnt);
    const source = await seeded(path.join(dir, "full-seed.sqlite"));
    const file = path.join(mnt, "ledger.sqlite");
    // 36 KiB left free: SQLite's 32 KiB shared-memory index fits, one WAL frame (4 KiB + header) does not.
    const script =
      'mount -t tmpfs -o size=256k tmpfs "$1" && cp "$2" "$1/ledger.sqlite" && ' +
      '{ dd if=/dev/zero of="$1/fill" bs=4k 2>/dev/null; true; } && truncate -s -36K "$1/fill" && ' +
      'exec "$3" "$4" --ledger "$1/ledger.sqlite"';
    const args = ["-rm", "sh", "-c", script, "sh", mnt, source, process.execPath, SERVER_JS];
    await withStdioClient({ command: "unshare", args }, async (c) => {
      const r = await call(c, "check_cost_curve", strategy);
      expect(r.evidence.breakeven_bps).toEqual(expect.any(Number));
      const w = ledgerWarning(r);
      expect(w).toContain(`research ledger ${file} could not record (database or disk is full)`);
      expect(w).toContain("this call's 1 trial(s) were not recorded");
      const t = await call(c, "check_trial_ledger", declared);
      expect(t.evidence.n_trials).toBe(SEEDED);
      expect(t.evidence.ledger.count).toBe(SEEDED);
      const listed = await call(c, "list_trials", {});
      expect(listed.count).toBe(SEEDED);
    });
  });
});
