// Table-driven: each folder under test/fixtures/schema-diff holds old.json and new.json (two tool
// tables) and expected.txt (the text report). UPDATE_GOLDEN=1 rewrites expected.txt.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diffTables, reaches } from "../../scripts/schema-diff/diff.js";
import { jsonReport } from "../../scripts/schema-diff/report/json.js";
import { markdownReport } from "../../scripts/schema-diff/report/markdown.js";
import { textReport } from "../../scripts/schema-diff/report/text.js";
import { diffContext } from "../../scripts/schema-diff/rule.js";
import { RULES } from "../../scripts/schema-diff/rules/index.js";
import type { ToolTable } from "../../scripts/schema-diff/table.js";

const DIR = path.resolve(import.meta.dirname, "../fixtures/schema-diff");
const CASES = readdirSync(DIR).sort();
const load = (name: string, side: "old" | "new") =>
  JSON.parse(readFileSync(path.join(DIR, name, `${side}.json`), "utf8")) as ToolTable;

describe("schema diff rules: fixture pairs", () => {
  it.each(CASES)("%s", (name) => {
    const report = textReport(diffTables(load(name, "old"), load(name, "new"), "old"));
    const expectedFile = path.join(DIR, name, "expected.txt");
    if (process.env.UPDATE_GOLDEN === "1" || !existsSync(expectedFile)) writeFileSync(expectedFile, report);
    expect(report).toBe(readFileSync(expectedFile, "utf8"));
  });

  it.each(RULES.map((r) => r.id))("rule %s fires on at least one fixture", (id) => {
    const rule = RULES.find((r) => r.id === id)!;
    const fired = CASES.filter((c) => rule.check(diffContext(load(c, "old"), load(c, "new"))).length > 0);
    expect(fired.length).toBeGreaterThan(0);
  });

  it("no fixture pair reports anything when compared with itself", () => {
    for (const c of CASES) {
      for (const side of ["old", "new"] as const) {
        expect(diffTables(load(c, side), load(c, side), side).findings).toEqual([]);
      }
    }
  });

  it("--fail-on levels: breaking fails only on breaking, warning also on warnings", () => {
    const warning = diffTables(load("default-changed", "old"), load("default-changed", "new"), "old");
    const breaking = diffTables(load("input-renamed", "old"), load("input-renamed", "new"), "old");
    const info = diffTables(load("description-changed", "old"), load("description-changed", "new"), "old");
    expect([reaches(warning, "breaking"), reaches(warning, "warning")]).toEqual([false, true]);
    expect([reaches(breaking, "breaking"), reaches(breaking, "warning")]).toEqual([true, true]);
    expect([reaches(info, "breaking"), reaches(info, "warning")]).toEqual([false, false]);
    expect([breaking.bump, breaking.nextVersion, warning.bump, info.bump]).toEqual([
      "major",
      "2.0.0",
      "minor",
      "patch",
    ]);
  });
});

describe("schema diff report formats", () => {
  const diff = () => diffTables(load("input-renamed", "old"), load("input-renamed", "new"), "origin/main");

  it("Markdown is a titled table ready for a pull-request comment", () => {
    expect(markdownReport(diff()).split("\n")).toEqual([
      "### Tool schema changes against `origin/main`",
      "",
      "1 breaking, 0 warning, 0 info against origin/main; suggested bump: major (1.2.3 -> 2.0.0)",
      "",
      "| severity | tool | input | change |",
      "| --- | --- | --- | --- |",
      "| **breaking** | `check_cost_curve` | `cost_bps` | input cost_bps renamed to stated_cost_bps |",
      "",
    ]);
  });

  it("JSON carries the findings, the counts and the bump", () => {
    const json = JSON.parse(jsonReport(diff()));
    expect(json.counts).toEqual({ breaking: 1, warning: 0, info: 0 });
    expect([json.bump, json.version, json.nextVersion]).toEqual(["major", "1.2.3", "2.0.0"]);
    expect(json.findings).toEqual([
      {
        rule: "input-renamed",
        severity: "breaking",
        tool: "check_cost_curve",
        input: "cost_bps",
        message: "input cost_bps renamed to stated_cost_bps",
        bump: "major",
      },
    ]);
  });
});
