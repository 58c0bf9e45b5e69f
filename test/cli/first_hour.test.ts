// Issue #31 item 8: what a newcomer types first. --version and --help, where check --html wrote, and a
// demo whose report and sample paths are its own (a second run never overwrites the first) and usable.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_JS, ROOT } from "../server/fixtures.js";

const elsewhere = mkdtempSync(path.join(tmpdir(), "fin-skills-first-hour-"));
/** The demo's own temporary folder: everything it writes must land under one documented place in it. */
const temp = mkdtempSync(path.join(tmpdir(), "fin-skills-first-hour-tmp-"));
const cli = (args: string[]) =>
  spawnSync(process.execPath, [CLI_JS, ...args], {
    cwd: elsewhere,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, TMPDIR: temp },
  });
const version = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).version;

describe("fin-skills --version and --help", () => {
  it("--version prints the package version and exits 0, as fin-skills-mcp --version does", () => {
    const r = cli(["--version"]);
    expect([r.status, r.stdout]).toEqual([0, `fin-skills ${version}\n`]);
  });
  it("--help opens with a one-line description that names the MCP server", () => {
    const r = cli(["--help"]);
    expect(r.status).toBe(0);
    const first = r.stdout.split("\n")[0]!;
    expect(first).toContain("research-integrity checks for quantitative finance");
    expect(r.stdout.split("\n\n")[0]).toContain("fin-skills-mcp");
    expect(r.stdout).toContain("fin-skills --version");
  });
});

describe("fin-skills check --html FILE", () => {
  it("says on stderr where it wrote the report, as an absolute path that exists", () => {
    const r = cli(["check", path.join(ROOT, "data", "sample-bundle.json"), "--html", "report.html"]);
    const file = path.join(elsewhere, "report.html");
    expect(r.stderr).toContain(`fin-skills: wrote the HTML report to ${file}\n`);
    expect(readFileSync(file, "utf8")).toContain('id="report-data"');
  });
});

describe("fin-skills demo", () => {
  const named = (out: string) => ({
    report: /open the charts of this run:\s+(\S+)/.exec(out)?.[1],
    bundle: /a JSON object like\s+(\S+?):?\n/.exec(out)?.[1],
  });
  it("writes each run's report to its own folder and names a sample bundle that check can read from anywhere", () => {
    const first = cli(["demo"]);
    const second = cli(["demo"]);
    expect([first.status, second.status]).toEqual([0, 0]);
    const a = named(first.stdout);
    const b = named(second.stdout);
    expect(a.report).toBeDefined();
    expect(a.report).not.toBe(b.report);
    expect(existsSync(a.report!) && existsSync(b.report!)).toBe(true);
    expect(path.isAbsolute(a.bundle!)).toBe(true);
    const check = cli(["check", a.bundle!]);
    expect(check.stdout.split("\n")[0]).toMatch(/^check_backtest: /);
    expect(check.status === 0 || check.status === 1).toBe(true);
  });
  it("writes only under fin-skills-demo-<user> in the temp folder, a run-* folder per run, no ledger left", () => {
    const home = `fin-skills-demo-${userInfo().username}`;
    expect(readdirSync(temp)).toEqual([home]);
    const runs = readdirSync(path.join(temp, home)).sort();
    expect(runs).toHaveLength(2);
    expect(runs.every((r) => r.startsWith("run-"))).toBe(true);
    for (const r of runs)
      expect(readdirSync(path.join(temp, home, r)).sort()).toEqual(["sample-bundle.json", "sample-report.html"]);
  });
});
