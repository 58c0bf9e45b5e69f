// No fault loses a trial unseen, through the real stdio server: the ledger file deleted under a running
// server, a ledger locked past the busy timeout, and one on a read-only file system each leave the lost trials
// counted durably (beside the ledger, or under $XDG_STATE_HOME when that cannot be written), and every later
// verdict, of that server and of the next one after a restart, carries a warning that its count is a lower
// bound, until `fin-skills ledger acknowledge` is run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { describeWithTool, UNSHARE } from "../helpers/system_tool.js";
import { CLI_JS, ensureBuilt, SERVER_JS } from "./fixtures.js";
import { callOk, costArgs, noise, seededLedger, withStdioClient } from "./ledger_fixtures.js";

type Obj = Record<string, any>;
const dir = mkdtempSync(path.join(os.tmpdir(), "fin-ledger-faults-"));
/** Trials the ledger holds before the server starts. */
const SEEDED = 5;
const declared = { best_sharpe: 1, n_obs: 756, n_trials: 2 };

/** A state directory of the test's own, so the fallback log never lands in the real home. */
const stateEnv = (state: string) => ({ ...(process.env as Record<string, string>), XDG_STATE_HOME: state });

const call = callOk;
const seeded = (file: string) => seededLedger(file, SEEDED);
/** The messages of the result's findings at `where`, each asserted to be a warning. */
const warnings = (r: Obj, where: string): string[] => {
  const w = (r.findings as Obj[]).filter((f) => f.where === where);
  expect(w.map((f) => f.severity)).toEqual(w.map(() => "warning"));
  return w.map((f) => f.message);
};
const lowerBound = (n: number) => `${n} trial(s) could not be recorded since `;

function acknowledge(env: Record<string, string>, file: string) {
  const args = [CLI_JS, "ledger", "acknowledge", "--ledger", file, "--reason", "checked the disk"];
  return spawnSync(process.execPath, args, { encoding: "utf8", env, timeout: 60_000 });
}

beforeAll(() => ensureBuilt());

describe("a ledger file deleted under a running server", () => {
  it("is noticed before the next commit, in that call and every later verdict, and after a restart", async () => {
    const state = path.join(dir, "state-deleted");
    const file = await seeded(path.join(dir, "deleted", "ledger.sqlite"));
    const env = stateEnv(state);
    await withStdioClient({ env, command: process.execPath, args: [SERVER_JS, "--ledger", file] }, async (c) => {
      expect((await call(c, "check_cost_curve", costArgs(noise(1)))).provenance.ledger.recorded).toBe(1);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
      const r = await call(c, "check_cost_curve", costArgs(noise(2)));
      expect(r.provenance.ledger.recorded).toBe(0);
      const [gone] = warnings(r, "ledger");
      expect(gone).toContain(`the ledger file ${file} was deleted while the server had it open`);
      expect(gone).toContain(`(it held ${SEEDED + 1} trial(s) of this ledger)`);
      // The vanished file's trials and this call's are the lost ones.
      expect(warnings(r, "ledger.unrecorded")[0]).toContain(lowerBound(SEEDED + 2));
      const verdict = await call(c, "check_trial_ledger", declared);
      expect(warnings(verdict, "ledger")[0]).toContain("was deleted while the server had it open");
      expect(warnings(verdict, "ledger.unrecorded")[0]).toContain(lowerBound(SEEDED + 2));
      expect(existsSync(file)).toBe(false);
    });
    // The next server opens a fresh file there: its count starts at 0, and the verdict says that is a lower bound.
    await withStdioClient({ env, command: process.execPath, args: [SERVER_JS, "--ledger", file] }, async (c) => {
      const verdict = await call(c, "check_trial_ledger", declared);
      expect(verdict.evidence.ledger.count).toBe(0);
      const [warning] = warnings(verdict, "ledger.unrecorded");
      expect(warning).toContain(lowerBound(SEEDED + 2));
      expect(warning).toContain(`fin-skills ledger acknowledge --ledger ${file} --name default`);
      const ack = acknowledge(env, file);
      expect([ack.status, ack.stderr]).toEqual([0, ""]);
      expect(ack.stdout).toContain(`acknowledged ${SEEDED + 2} trial(s) that could not be recorded`);
      expect(warnings(await call(c, "check_trial_ledger", declared), "ledger.unrecorded")).toEqual([]);
    });
  });
});

describe("a ledger locked past the busy timeout", () => {
  it("counts the trial it could not record; later verdicts warn, after the lock and after a restart", async () => {
    const state = path.join(dir, "state-locked");
    const file = await seeded(path.join(dir, "locked", "ledger.sqlite"));
    const env = stateEnv(state);
    const holder = new Database(file);
    try {
      await withStdioClient({ env, command: process.execPath, args: [SERVER_JS, "--ledger", file] }, async (c) => {
        holder.exec("BEGIN EXCLUSIVE");
        const r = await call(c, "check_cost_curve", costArgs(noise(3)));
        expect(warnings(r, "ledger")[0]).toContain("could not record (database is locked)");
        holder.exec("ROLLBACK");
        const verdict = await call(c, "check_trial_ledger", declared);
        expect(verdict.evidence.n_trials).toBe(SEEDED);
        expect(warnings(verdict, "ledger")).toEqual([]);
        const [warning] = warnings(verdict, "ledger.unrecorded");
        expect(warning).toContain(`${lowerBound(1)}`);
        expect(warning).toContain("last because: could not record (database is locked)");
      });
    } finally {
      holder.close();
    }
    // Counted beside the ledger, so the restarted server knows it too.
    expect(existsSync(`${file}.unrecorded`)).toBe(true);
    await withStdioClient({ env, command: process.execPath, args: [SERVER_JS, "--ledger", file] }, async (c) => {
      expect(warnings(await call(c, "check_trial_ledger", declared), "ledger.unrecorded")[0]).toContain(lowerBound(1));
    });
  });
});

describeWithTool(UNSHARE)("a ledger on a read-only file system", () => {
  it("counts lost trials in the state directory; verdicts warn, after a restart too, until acknowledged", async () => {
    const state = path.join(dir, "state-readonly");
    const ro = path.join(dir, "readonly");
    const file = await seeded(path.join(ro, "ledger.sqlite"));
    const env = stateEnv(state);
    const script = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && exec "$2" "$3" --ledger "$4"';
    const args = ["-rm", "sh", "-c", script, "sh", ro, process.execPath, SERVER_JS, file];
    await withStdioClient({ env, command: "unshare", args }, async (c) => {
      const r = await call(c, "check_cost_curve", costArgs(noise(4)));
      expect(warnings(r, "ledger")[0]).toContain("is on a read-only file system");
      await call(c, "check_cost_curve", costArgs(noise(5)));
      const verdict = await call(c, "check_trial_ledger", declared);
      expect(warnings(verdict, "ledger.unrecorded")[0]).toContain(lowerBound(2));
    });
    expect(existsSync(`${file}.unrecorded`)).toBe(false);
    // Writable again: the count is there, the verdict warns until the operator acknowledges.
    await withStdioClient({ env, command: process.execPath, args: [SERVER_JS, "--ledger", file] }, async (c) => {
      const verdict = await call(c, "check_trial_ledger", declared);
      expect(verdict.evidence.n_trials).toBe(SEEDED);
      expect(warnings(verdict, "ledger.unrecorded")[0]).toContain(lowerBound(2));
      expect(acknowledge(env, file).status).toBe(0);
      expect(warnings(await call(c, "check_trial_ledger", declared), "ledger.unrecorded")).toEqual([]);
      const again = acknowledge(env, file);
      expect(again.stdout).toContain("no unrecorded trials to acknowledge");
    });
  });
});
