// One research ledger for every entry point: `fin-skills call` and `fin-skills check` record into the
// server's default ledger (under the first --data-dir, else the working directory; $FIN_SKILLS_LEDGER),
// which `fin-skills ledger` and the stdio server read; --ledger and --no-ledger choose as the server's do.
// No message blames "the server" when the CLI ran, and reading a ledger that is not there creates nothing.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { CLI_JS, SERVER_JS } from "../server/fixtures.js";
import { noise } from "../server/ledger_fixtures.js";

const root = mkdtempSync(path.join(tmpdir(), "fin-skills-cli-ledger-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
/** A fresh working directory. */
const workDir = () => {
  const d = path.join(root, `w${++dirs}`);
  mkdirSync(d);
  return d;
};
/** The process environment without the test's own ledger, so the defaults apply. */
const env = (): Record<string, string> => {
  const { FIN_SKILLS_LEDGER: _, ...rest } = process.env;
  return Object.fromEntries(Object.entries(rest).filter((e): e is [string, string] => e[1] !== undefined));
};
const defaultLedger = (dir: string) => path.join(dir, ".fin-skills", "ledger.sqlite");

function cli(cwd: string, args: string[]) {
  const r = spawnSync(process.execPath, [CLI_JS, ...args], { cwd, env: env(), encoding: "utf8", timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
const costCall = (seed: number, ...more: string[]) => [
  "call",
  "check_cost_curve",
  "--args",
  JSON.stringify({ returns: noise(seed, 252), turnover: 0.1 }),
  ...more,
];
const listTrials = (cwd: string, ...more: string[]) => {
  const r = cli(cwd, ["call", "list_trials", ...more]);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

/** list_trials through a stdio server started in `cwd` with `args` and no ledger setting of the test's. */
async function serverList(cwd: string, args: string[] = []): Promise<Record<string, any>> {
  const client = new Client({ name: "cli-ledger", version: "1" });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_JS, ...args],
    cwd,
    env: env(),
  });
  await client.connect(transport);
  try {
    return ((await client.callTool({ name: "list_trials", arguments: {} })) as any).structuredContent;
  } finally {
    await client.close();
  }
}

describe("the CLI's research ledger", () => {
  it("call and check record into the server's default ledger, which the server and 'ledger show' read", async () => {
    const cwd = workDir();
    expect(cli(cwd, costCall(1)).status).toBeLessThanOrEqual(1); // 1: the strategy failed its check
    const bundle = ["check", "--arg", `returns=${JSON.stringify(noise(2, 252))}`, "--arg", "turnover=0.1"];
    expect(cli(cwd, bundle).status).toBeLessThanOrEqual(1);
    expect(existsSync(defaultLedger(cwd))).toBe(true);
    const listed = listTrials(cwd);
    expect(listed).toMatchObject({ kept: true, count: 2, location: defaultLedger(cwd) });
    expect(await serverList(cwd)).toMatchObject({ count: 2, digest: listed.digest, location: defaultLedger(cwd) });
    const shown = cli(cwd, ["ledger", "show"]);
    expect(shown.stdout).toContain(`(sqlite ${defaultLedger(cwd)})`);
    expect(shown.stdout).toContain(`digest: ${listed.digest}`);
  }, 120_000);

  it("keeps the default under the first --data-dir, as the server does", async () => {
    const cwd = workDir();
    const data = workDir();
    expect(cli(cwd, costCall(3, "--data-dir", data)).status).toBeLessThanOrEqual(1);
    expect(existsSync(defaultLedger(data))).toBe(true);
    expect(existsSync(defaultLedger(cwd))).toBe(false);
    expect(await serverList(cwd, ["--data-dir", data])).toMatchObject({ count: 1, location: defaultLedger(data) });
  }, 60_000);

  it("follows --ledger, --ledger-name, FIN_SKILLS_LEDGER's default and --no-ledger", () => {
    const cwd = workDir();
    const file = path.join(cwd, "elsewhere.sqlite");
    const r = cli(cwd, costCall(4, "--ledger", file, "--ledger-name", "study"));
    expect(JSON.parse(r.stdout).provenance.ledger).toMatchObject({ name: "study", location: file, recorded: 1 });
    expect(listTrials(cwd, "--ledger", file, "--ledger-name", "study")).toMatchObject({ ledger: "study", count: 1 });
    const off = cli(cwd, costCall(5, "--no-ledger"));
    expect(JSON.parse(off.stdout).provenance.ledger).toBeUndefined();
    expect(existsSync(defaultLedger(cwd))).toBe(false);
  }, 60_000);

  it("blames no server when the CLI ran: no ledger kept, and one that cannot be opened", () => {
    const cwd = workDir();
    const off = listTrials(cwd, "--no-ledger");
    expect(off.kept).toBe(false);
    expect(off.summary).toContain("no research ledger is kept: this process runs with --no-ledger");
    expect(off.summary).not.toMatch(/server/i);
    const r = cli(cwd, costCall(6, "--ledger", cwd)); // a directory: refused before SQLite writes beside it
    const warning = JSON.parse(r.stdout).findings.find((f: any) => f.where === "ledger");
    expect(warning.message).toContain(`research ledger ${cwd} could not be opened`);
    expect(warning.message).not.toMatch(/server/i);
  }, 60_000);

  it("reads a ledger that is not there without creating it: list_trials and the ledger commands", () => {
    const cwd = workDir();
    expect(listTrials(cwd)).toMatchObject({ kept: true, count: 0, location: defaultLedger(cwd) });
    for (const sub of ["show", "list", "export"]) {
      const r = cli(cwd, ["ledger", sub]);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`no ledger at ${defaultLedger(cwd)} (nothing was created)`);
    }
    // A verdict with no trial to record reads the absent ledger as empty, and creates none either.
    const verdict = cli(cwd, ["call", "check_trial_ledger", "--args", '{"best_sharpe":1,"n_obs":500,"n_trials":3}']);
    expect(JSON.parse(verdict.stdout).provenance.ledger).toMatchObject({ backend: "sqlite", count: 0, recorded: 0 });
    expect(existsSync(path.join(cwd, ".fin-skills"))).toBe(false);
  }, 60_000);
});
