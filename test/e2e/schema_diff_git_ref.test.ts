// End to end in a clone of HEAD: edit guards/cost_curve.ts, run gen, then schema:diff against HEAD.
// HEAD commits only the review surface of generated/, so schema:diff rebuilds HEAD's tool table from
// HEAD's sources (once; later runs reuse it from node_modules/.cache).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COST_CURVE_EDITS } from "../../bench/cases/diff_sizes_edits.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
let clone = "";

const git = (...args: string[]) => execFileSync("git", args, { cwd: clone, encoding: "utf8" });
const tsx = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, script), "--root", clone, ...args], {
    cwd: ROOT,
    encoding: "utf8",
  });

function editAndGen(editName: string): void {
  git("checkout", "--quiet", "--", ".");
  const file = path.join(clone, "guards/cost_curve.ts");
  const edit = COST_CURVE_EDITS.find((e) => e.name === editName)!;
  writeFileSync(file, edit.apply(readFileSync(file, "utf8")));
  const gen = tsx("scripts/gen.ts");
  expect(gen.status, gen.stderr).toBe(0);
}

// Each case runs the real compiler once (tens of seconds on a loaded machine): a generous ceiling, not a bound.
describe("schema:diff against a git ref, in a clone", { timeout: 300_000 }, () => {
  beforeAll(() => {
    clone = mkdtempSync(path.join(os.tmpdir(), "fin-skills-schema-diff-"));
    execFileSync("git", ["clone", "--quiet", "--shared", ROOT, clone]);
    git("checkout", "--quiet", "--detach", execFileSync("git", ["rev-parse", "HEAD"], { cwd: ROOT }).toString().trim());
    symlinkSync(path.join(ROOT, "node_modules"), path.join(clone, "node_modules"), "dir");
  });
  afterAll(() => rmSync(clone, { recursive: true, force: true }));

  it("renaming cost_bps is breaking, names the tool and the input, and fails --fail-on breaking", () => {
    editAndGen("rename an input");
    const run = tsx("scripts/schema-diff.ts", "HEAD", "--fail-on", "breaking");
    expect(run.stderr).toContain("the tool table of HEAD is not committed");
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^check_cost_curve\n {2}BREAKING +input cost_bps renamed to stated_cost_bps/m);
    const json = JSON.parse(tsx("scripts/schema-diff.ts", "HEAD", "--format", "json").stdout);
    expect(json.bump).toBe("major");
    expect(json.findings.filter((f: { severity: string }) => f.severity === "breaking")).toEqual([
      expect.objectContaining({ tool: "check_cost_curve", input: "cost_bps", rule: "input-renamed" }),
    ]);
  });

  it("a description-only edit is info and exits 0 under --fail-on breaking", () => {
    editAndGen("tighten a description");
    const run = tsx("scripts/schema-diff.ts", "HEAD", "--fail-on", "breaking", "--format", "json");
    expect(run.status).toBe(0);
    const findings = JSON.parse(run.stdout).findings as { severity: string; tool: string; input?: string }[];
    expect(findings.map((f) => [f.severity, f.tool, f.input])).toEqual([["info", "check_cost_curve", "benchmark"]]);
  });

  it("an unknown ref is a usage error (exit 2) naming the ref", () => {
    const run = tsx("scripts/schema-diff.ts", "no-such-ref-13");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('git ref "no-such-ref-13"');
  });
});
