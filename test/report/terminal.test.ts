// A terminal that fits: `npm start` and `fin-skills check` print no line over 80 columns, findings
// wrap at word boundaries, skipped guards collapse to one line; `--html -` writes the page to stdout.
// dist/ is built by the e2e global setup.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { callToolUntyped } from "../../src/runtime/index.js";
import { CLI_JS, ROOT } from "../server/fixtures.js";

const SAMPLE = path.join(ROOT, "data", "sample-bundle.json");
const longLines = (text: string) => text.split("\n").filter((l) => l.length > 80);
const words = (s: string) => s.split(/\s+/).filter(Boolean);
const cli = (args: string[]) =>
  spawnSync(process.execPath, [CLI_JS, ...args], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });

describe("npm start", () => {
  let out = "";
  beforeAll(() => {
    const r = spawnSync("npm", ["start"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
    expect(r.status).toBe(0);
    out = r.stdout;
  }, 180_000);

  it("prints no line over 80 characters", () => {
    expect(out.split("\n").length).toBeGreaterThan(20);
    expect(longLines(out)).toEqual([]);
  });
  it("says in two lines what the sample strategy is, from the bundle's own numbers", () => {
    const bundle = JSON.parse(readFileSync(SAMPLE, "utf8"));
    const lines = out.split("\n");
    const at = lines.findIndex((l) => l.startsWith("Sample: a synthetic daily strategy"));
    expect(at).toBeGreaterThanOrEqual(0);
    const story = `${lines[at]} ${lines[at + 1]}`;
    expect(lines[at + 2]).toMatch(/^Connected to fin-skills-mcp over stdio/);
    expect(story).toContain(`${bundle.returns.values.length} days`);
    expect(story).toContain(`best of ${bundle.n_trials} configurations`);
  });
  it("ends with what to do next, and the HTML report it names exists", () => {
    const tail = out.trimEnd().split("\n").slice(-9).join("\n");
    expect(tail).toContain("Next:");
    expect(tail).toContain("npx fin-skills check my-bundle.json --html report.html");
    const file = /open the charts of this run:\s+(\S+)/.exec(out)?.[1];
    expect(file).toBeDefined();
    expect(statSync(file!).size).toBeGreaterThan(10_000);
    expect(readFileSync(file!, "utf8")).toContain('id="report-data"');
  });
  it("collapses the skipped guards to one line with their count", async () => {
    const bundle = JSON.parse(readFileSync(SAMPLE, "utf8"));
    const r = (await callToolUntyped("check_backtest", { slots: bundle })) as Record<string, any>;
    const n = Object.keys(r.skipped).length;
    expect(out).toContain(`Skipped ${n} guards whose inputs the bundle lacks (--verbose lists them).`);
    // The --verbose list's row form (name padded to 24); the headline may wrap a name onto a line of its own.
    for (const g of Object.keys(r.skipped)) expect(out).not.toContain(`  ${g.padEnd(24)} `);
  });
});

describe("scripts/start.mjs", () => {
  it("says so when a first run builds, and not on later runs", () => {
    // A stand-in package whose build writes a one-line "demo", so only start.mjs's own logic runs.
    const dir = mkdtempSync(path.join(tmpdir(), "fin-skills-start-"));
    const script = 'console.log(process.argv[2] + " ran");\n';
    const build = `import { mkdirSync, writeFileSync } from "node:fs";
mkdirSync("dist/src/cli", { recursive: true });
writeFileSync("dist/src/cli/fin-skills.js", ${JSON.stringify(script)});
`;
    writeFileSync(path.join(dir, "build.mjs"), build);
    writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({ name: "stand-in", scripts: { build: "node build.mjs" } }),
    );
    const start = () =>
      spawnSync(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], { cwd: dir, encoding: "utf8" });
    const first = start();
    expect(first.status).toBe(0);
    expect(first.stdout.split("\n")[0]).toBe(
      "First run: building fin-skills (TypeScript, the SDK and report bundles).",
    );
    expect(first.stdout.trimEnd().endsWith("demo ran")).toBe(true);
    const again = start();
    expect(again.stdout).toBe("demo ran\n");
  });

  it("builds once after a source changes, even when the build leaves the entry file as it was", () => {
    // The stand-in's build is incremental like tsc's: the entry is written once, a last step every time.
    const dir = mkdtempSync(path.join(tmpdir(), "fin-skills-start-"));
    const build = `import { existsSync, mkdirSync, writeFileSync } from "node:fs";
mkdirSync("dist/src/cli", { recursive: true });
const entry = "dist/src/cli/fin-skills.js";
if (!existsSync(entry)) writeFileSync(entry, 'console.log(process.argv[2] + " ran");\\n');
writeFileSync("dist/last-step.js", "");
console.log("built");
`;
    writeFileSync(path.join(dir, "build.mjs"), build);
    writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({ name: "stand-in", scripts: { build: "node build.mjs" } }),
    );
    const start = () =>
      spawnSync(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], { cwd: dir, encoding: "utf8" }).stdout;
    expect(start()).toContain("built\n");
    const earlier = new Date(Date.now() - 60_000);
    for (const f of ["dist/src/cli/fin-skills.js", "dist/last-step.js"])
      utimesSync(path.join(dir, f), earlier, earlier);
    mkdirSync(path.join(dir, "generated"));
    writeFileSync(path.join(dir, "generated", "tools.json"), "{}"); // newer than every built file
    expect(start()).toBe("built\ndemo ran\n");
    expect(start()).toBe("demo ran\n"); // the entry is still older than the source; the last step is not
  });
});

describe("fin-skills check", () => {
  it("fits 80 columns with and without --verbose; findings wrap at word boundaries", async () => {
    // Compared with the in-process runtime, which keeps no research ledger: neither does this check.
    const r = cli(["check", SAMPLE, "--no-ledger"]);
    expect(r.status).toBe(1);
    expect(longLines(r.stdout)).toEqual([]);
    expect(longLines(cli(["check", SAMPLE, "--verbose"]).stdout)).toEqual([]);
    const result = (await callToolUntyped("check_backtest", {
      slots: JSON.parse(readFileSync(SAMPLE, "utf8")),
    })) as Record<string, any>;
    const flat = words(r.stdout).join(" ");
    for (const g of result.results)
      for (const f of g.findings) expect(flat).toContain(words(`${f.severity}: ${f.message}`).join(" "));
  });
  it("--html - writes one self-contained page to stdout and nothing else", () => {
    const r = cli(["check", SAMPLE, "--html", "-"]);
    expect(r.status).toBe(1);
    expect(r.stdout.startsWith("<!doctype html>")).toBe(true);
    expect(r.stdout.trimEnd().endsWith("</html>")).toBe(true);
    expect(r.stdout).toContain("default-src 'none'");
    expect(r.stdout).not.toMatch(/<script[^>]*\bsrc=|<link\b|<img\b|<iframe\b|@import|url\(\s*['"]?(https?:|\/\/)/i);
  });
  it("says it cannot write the report, naming the file, with exit 2", () => {
    const r = cli(["check", SAMPLE, "--html", "/nonexistent-dir/report.html"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("cannot write the HTML report to /nonexistent-dir/report.html");
  });
  it("rejects an unknown option as a usage error", () => {
    const r = cli(["check", SAMPLE, "--htlm", "x"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--htlm");
  });
});
