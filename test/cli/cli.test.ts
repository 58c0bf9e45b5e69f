// The fin-skills command line: tools, call, check and demo, with exit codes.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { exportTools, listTools, tableInfo } from "../../src/runtime/index.js";
import { CATALOGUE } from "../../src/catalogue/tools.js";
import { CLI_JS, ROOT, costFail, rf200 } from "../server/fixtures.js";

const cli = (args: string[], input?: string) =>
  spawnSync(process.execPath, [CLI_JS, ...args], { encoding: "utf8", input, cwd: ROOT, timeout: 60_000 });

describe("fin-skills tools", () => {
  it("--json --format mcp --indent 0 prints one parseable line equal to the table", () => {
    const r = cli(["tools", "--json", "--format", "mcp", "--indent", "0"]);
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split("\n").length).toBe(1);
    const parsed = JSON.parse(r.stdout);
    expect(parsed.length).toBe(listTools().length);
    expect(parsed[0].name).toBe(listTools()[0]!.name);
    expect(parsed).toEqual(exportTools("mcp"));
  });
  it("defaults to the anthropic format", () => {
    expect(JSON.parse(cli(["tools"]).stdout)).toEqual(exportTools("anthropic"));
  });
  it("--excluded lists every excluded guard with its reason", () => {
    const r = cli(["tools", "--excluded"]);
    // the pinned set of formats
    const names = ["assert_causal", "fold_leak_test", "result_manifest", "warmup_probe"];
    expect(r.stdout.split("\n")[0]).toBe(`${names.length} guard(s) cannot be driven over JSON:`);
    for (const n of names) expect(r.stdout).toContain(`  ${n} [`);
  });
  it("--list prints the header and one line per tool", () => {
    const r = cli(["tools", "--list"]);
    const tools = listTools();
    const guards = tools.filter((t) => t.guard).length;
    expect(r.stdout.split("\n")[0]).toBe(
      `${tools.length} tools (${guards} guards, ${tools.length - guards} catalogue), ` +
        `${tableInfo().counts.excluded} guards excluded`,
    );
    expect(r.stdout.trimEnd().split("\n").length).toBe(tools.length + 1);
  });
  it("--tools selects in table order", () => {
    expect(JSON.parse(cli(["tools", "--tools", "catalogue"]).stdout).length).toBe(CATALOGUE.length);
    const two = JSON.parse(cli(["tools", "--tools", "check_cost_curve,list_skills"]).stdout);
    expect(two.map((t: any) => t.name)).toEqual(["list_skills", "check_cost_curve"]);
    const bad = cli(["tools", "--tools", "check_cost_curv"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("did you mean");
    expect(cli(["tools", "--format", "xml"]).status).toBe(2);
    expect(cli(["tools", "--bogus"]).status).toBe(2);
  });
  it("--stats --json totals are the entry sizes plus commas and brackets", () => {
    const r = JSON.parse(cli(["tools", "--stats", "--json"]).stdout);
    for (const [format, f] of Object.entries<any>(r.formats)) {
      const sizes = Object.values<number>(f.tools);
      expect(f.total, format).toBe(sizes.reduce((a, b) => a + b, 0) + (sizes.length - 1) + 2);
    }
    expect(cli(["tools", "--stats"]).stdout).toMatch(/^anthropic\s+\d+ chars, \d+ tools/);
  });
});

describe("fin-skills call and check", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "fs-cli-"));
  it("exits 0 on pass, 1 on fail, 2 on bad input; reads --args, --args-file and stdin", () => {
    const pass = cli(["call", "check_rf_convention", "--args", JSON.stringify(rf200)]);
    expect(pass.status).toBe(0);
    expect(JSON.parse(pass.stdout).passed).toBe(true);
    const file = path.join(dir, "args.json");
    writeFileSync(file, JSON.stringify(costFail));
    const fail = cli(["call", "check_cost_curve", "--args-file", file]);
    expect(fail.status).toBe(1);
    expect(JSON.parse(fail.stdout).status).toBe("fail");
    const stdin = cli(["call", "check_cost_curve", "--args-file", "-"], JSON.stringify(costFail));
    expect(stdin.status).toBe(1);
    const bad = cli(["call", "check_cost_curve", "--args", '{"returns":{"vals":[1]},"turnover":0.1}']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("returns: key 'vals' looks like a mistyped 'values'");
    expect(cli(["call", "check_cost_curve", "--args", "{nope"]).status).toBe(2);
    expect(cli(["call", "list_skills"]).status).toBe(0);
  });
  it("check prints the verdicts, the cost table and what was skipped; exit 1 on fail", () => {
    const bundle = path.join(dir, "bundle.json");
    writeFileSync(bundle, JSON.stringify({ returns: costFail.returns, turnover: costFail.turnover, rf: 0.05 }));
    const r = cli(["check", bundle]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("check_backtest: FAIL");
    expect(r.stdout).toContain("FAIL  cost_curve");
    expect(r.stdout).toContain("PASS  rf_convention");
    expect(r.stdout).toContain("Cost curve (round-trip bps):");
    const skipped = Object.keys(
      JSON.parse(cli(["call", "check_backtest", "--args-file", bundleArgs(bundle)]).stdout).skipped,
    );
    expect(r.stdout).toContain(
      `Skipped ${skipped.length} guards whose inputs the bundle lacks (--verbose lists them).`,
    );
    const verbose = cli(["check", bundle, "--verbose"]).stdout;
    expect(verbose).toContain(`Skipped (${skipped.length}) - each needs:`);
    for (const g of skipped) expect(verbose).toMatch(new RegExp(`^  ${g} `, "m"));
    expect(cli(["check", path.join(dir, "missing.json")]).status).toBe(2);
    expect(cli(["nope"]).status).toBe(2);
  });
});

/** A check_backtest arguments file ({slots}) beside a bundle file. */
function bundleArgs(bundle: string): string {
  const file = `${bundle}.args.json`;
  writeFileSync(file, JSON.stringify({ slots: JSON.parse(readFileSync(bundle, "utf8")) }));
  return file;
}

describe("fin-skills demo", () => {
  it("runs the worked example over stdio MCP and prints the verdicts", () => {
    const r = cli(["demo"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Connected to fin-skills-mcp over stdio");
    expect(r.stdout).toContain("bundle_coverage");
    expect(r.stdout).toContain("FAIL  cost_curve");
    expect(r.stdout).toContain("PASS  rf_convention");
    expect(r.stdout).toContain("breakeven");
  }, 60_000);
});
