// `fin-skills ledger` on a bad target, through the real command line: a missing ledger or an empty name is a
// one-line mistake (exit 2) that creates nothing; a corrupt ledger, a device, FIFO or directory path and a
// full output device are one line with the reason (exit 1), no stack, and no file beside the path.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/ledger/sqlite.js";
import { CLI_JS, ROOT, ensureBuilt } from "../server/fixtures.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "fin-ledger-errors-"));

function ledger(args: string[], stdout: "pipe" | number = "pipe") {
  const r = spawnSync(process.execPath, [CLI_JS, "ledger", ...args], {
    encoding: "utf8",
    cwd: ROOT,
    timeout: 60_000,
    stdio: ["ignore", stdout, "pipe"],
  });
  return { status: r.status, stdout: r.stdout ?? "", lines: (r.stderr ?? "").trimEnd().split("\n") };
}

/** Asserts one stderr line starting "fin-skills: " and containing `text`, and no stack frame. */
function oneLine(lines: string[], text: string): void {
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^fin-skills: /);
  expect(lines[0]).toContain(text);
  expect(lines[0]).not.toContain("SqliteError");
}

beforeAll(() => ensureBuilt());

describe("fin-skills ledger on a bad target", () => {
  it.each(["show", "list", "export"])("%s on a missing path: exit 2, names it, creates nothing", (sub) => {
    const missing = path.join(dir, `typo-${sub}`, "ledger.sqlite");
    const r = ledger([sub, "--ledger", missing]);
    expect(r.status).toBe(2);
    oneLine(r.lines, `no ledger at ${missing} (nothing was created)`);
    expect(existsSync(path.dirname(missing))).toBe(false);
  });

  it("an empty or spaced ledger name: exit 2, one line naming the flag", () => {
    const file = path.join(dir, "named.sqlite");
    writeFileSync(file, "");
    for (const name of ["", "a b"]) {
      const r = ledger(["show", "--ledger", file, "--name", name]);
      expect(r.status).toBe(2);
      oneLine(r.lines, `--name must be 1-128 printable ASCII characters without spaces, got '${name}'`);
    }
  });

  it("a corrupt ledger: exit 1, one line with SQLite's reason", () => {
    const file = path.join(dir, "corrupt.sqlite");
    writeFileSync(file, "this is not a SQLite database, only text long enough to have a header\n".repeat(20));
    const r = ledger(["show", "--ledger", file]);
    expect(r.status).toBe(1);
    oneLine(r.lines, `ledger ${file}: file is not a database`);
  });

  it("a device, a FIFO or a directory is refused, and no journal is created beside it", () => {
    const fifo = path.join(dir, "fifo");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const folder = mkdtempSync(path.join(dir, "folder-"));
    for (const [target, what] of [
      ["/dev/null", "a device"],
      [fifo, "a FIFO"],
      [folder, "a directory"],
    ] as const) {
      const r = ledger(["list", "--ledger", target]);
      expect(r.status).toBe(1);
      oneLine(r.lines, `the ledger path ${target} is ${what}, not a SQLite file`);
      for (const suffix of ["-journal", "-wal", "-shm"]) expect(existsSync(`${target}${suffix}`)).toBe(false);
    }
    expect(readdirSync(dir).filter((f) => f.startsWith("fifo"))).toEqual(["fifo"]);
    expect(readdirSync(folder)).toEqual([]);
  });

  it("the server's store refuses a device path too", async () => {
    await expect(openSqliteStore("/dev/null")).rejects.toThrow("the ledger path /dev/null is a device");
  });

  it("an export to a full device: exit 1, one line saying the output could not be written", async () => {
    const file = path.join(dir, "full.sqlite");
    await (await openSqliteStore(file)).close();
    const full = openSync("/dev/full", "w");
    try {
      const r = ledger(["export", "--ledger", file], full);
      expect(r.status).toBe(1);
      oneLine(r.lines, "could not write the output (ENOSPC)");
    } finally {
      closeSync(full);
    }
  });
});
