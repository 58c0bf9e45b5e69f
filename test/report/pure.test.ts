// The report's pure parts, against hand-checked values: word wrap, equity path, data.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { reportData } from "../../src/report/data.js";
import { equityPath } from "../../src/report/equity.js";
import { scriptJson } from "../../src/report/html.js";
import { progressBar } from "../../src/cli/report.js";
import { dateSeconds, readNumbers } from "../../src/report/inputs.js";
import { wrap } from "../../src/report/wrap.js";
import { callToolUntyped } from "../../src/runtime/index.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("wrap", () => {
  const cases: [string, string, string, number, string[]][] = [
    ["one two three", "> ", "  ", 9, ["> one two", "  three"]],
    ["a  b\n c", "", "", 80, ["a b c"]],
    ["abcdefghij", "", "", 4, ["abcd", "efgh", "ij"]],
    ["", "x ", "  ", 80, ["x"]],
  ];
  it.each(cases)("wrap(%j, %j, %j, %i)", (text, first, rest, width, want) => {
    expect(wrap(text, first, rest, width)).toEqual(want);
  });
  it("never returns a line wider than the width and keeps every word", () => {
    const text = "breakeven cost 5.18 bps round-trip is at or below the stated cost of 10 bps round-trip: ".repeat(4);
    const lines = wrap(text, "        ", "          ", 80);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    expect(lines.join(" ").split(/\s+/).filter(Boolean)).toEqual(text.split(/\s+/).filter(Boolean));
  });
});

describe("equityPath", () => {
  it("net = r - turnover x cost / 10000, drawdown from the running peak (hand-checked)", () => {
    // cost 100 bps, turnover 1: net = 0.09, -0.11, 0.04 -> equity 1.09, 0.9701, 1.008904
    const p = equityPath([0.1, -0.1, 0.05], 1, 100);
    expect(p.equity.map((x) => Number(x.toFixed(6)))).toEqual([1.09, 0.9701, 1.008904]);
    expect(p.drawdown[1]).toBeCloseTo(0.9701 / 1.09 - 1, 12);
    expect(p.maxDrawdown).toBeCloseTo(-0.11, 12);
    expect(equityPath([0.1, -0.1], [0, 2], 100).equity[1]).toBeCloseTo(1.1 * 0.88, 12);
  });
});

describe("inputs", () => {
  it("reads arrays and {values} series; refuses what it cannot read exactly", () => {
    expect(readNumbers([1, 2])).toEqual({ values: [1, 2], index: null });
    expect(readNumbers({ index: ["a", "b"], values: [1, 2] })?.index).toEqual(["a", "b"]);
    expect(readNumbers({ values: [1, null] })).toBeNull();
    expect(readNumbers("file.csv")).toBeNull();
    expect(dateSeconds(["1970-01-02"])).toEqual([86400]);
    expect(dateSeconds(["t1"])).toBeNull();
  });
});

describe("reportData", () => {
  it("draws no equity curve and says why when the bundle is not given", async () => {
    const bundle = JSON.parse(readFileSync(path.join(ROOT, "data", "sample-bundle.json"), "utf8"));
    const result = (await callToolUntyped("check_backtest", { slots: bundle })) as Record<string, any>;
    const without = reportData(result);
    expect(without.charts.map((c) => c.kind)).not.toContain("equity");
    expect(without.notes.join(" ")).toContain("Net equity and drawdown are not drawn");
    const withBundle = reportData(result, bundle);
    expect(withBundle.charts.map((c) => c.kind)).toContain("equity");
    // A bundle whose turnover disagrees with the one the result ran on is not drawn.
    const other = reportData(result, { ...bundle, turnover: 0.5 });
    expect(other.charts.map((c) => c.kind)).not.toContain("equity");
    expect(other.notes.join(" ")).toContain("do not reproduce");
    expect(withBundle.verdicts.map((v) => v.guard)).toEqual(result.results.map((g: any) => g.guard));
    expect(withBundle.skipped.length).toBe(Object.keys(result.skipped).length);
  });
  it("a single guard result is one row showing its most severe finding first", () => {
    const findings = [
      { severity: "info", message: "i", where: null },
      { severity: "warning", message: "w", where: null },
    ];
    const one = reportData({ tool: "check_x", guard: "x", skill: "s", passed: true, status: "pass", findings });
    expect(one.verdicts).toEqual([
      { status: "PASS", guard: "x", skill: "s", finding: "w", severity: "warning", more: 1 },
    ]);
    expect(one.charts).toEqual([]);
  });
});

describe("page safety and terminal pieces", () => {
  it("embedded JSON cannot close its script element", () => {
    const json = scriptJson({ message: "</script><script>alert(1)</script><!--" });
    expect(json).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(json).message).toBe("</script><script>alert(1)</script><!--");
  });
  it("the progress bar is one line narrower than 80 columns, clamped to its width", () => {
    for (const [done, total] of [
      [0, 0],
      [3, 10],
      [10, 10],
      [12, 10],
    ] as const) {
      const bar = progressBar(done, total, "x".repeat(200));
      expect(bar.startsWith("\r")).toBe(true);
      expect(bar.length - 1).toBe(79);
    }
    expect(progressBar(5, 10)).toContain(`[${"#".repeat(12)}${".".repeat(12)}] 5/10`);
  });
});

describe("a single guard tool's result with its arguments (the MCP App's input)", () => {
  it("check_cost_curve draws the cost curve and the equity path from its own arguments", async () => {
    const bundle = JSON.parse(readFileSync(path.join(ROOT, "data", "sample-bundle.json"), "utf8"));
    const args = { returns: bundle.returns, turnover: bundle.turnover, cost_bps: 20 };
    const result = (await callToolUntyped("check_cost_curve", args)) as Record<string, any>;
    const data = reportData(result, args);
    expect(data.charts.map((c) => c.kind)).toEqual(["cost_curve", "equity"]);
    const eq = data.charts[1]!;
    const row = result.evidence.curve.records.find((r: any) => r.bps === 20);
    expect(eq.kind === "equity" && eq.costBps).toBe(20);
    expect(eq.kind === "equity" && eq.maxDrawdown).toBeCloseTo(row.max_drawdown, 12);
  });
});

describe("reportData's headline and provenance", () => {
  it("shows check_backtest's coverage line and a file's provenance as words, not JSON", () => {
    const result = {
      tool: "check_backtest",
      status: "pass",
      ran: ["cost_curve"],
      summary: "PASS. 1 of 25 guards ran: 0 failed, 1 passed; 24 skipped (need more data): a, b\n  PASS cost_curve",
      results: [],
      provenance: {
        input_sha256: "ab",
        files: [{ file: "r.csv", content_hash: "sha256:cd", bytes: 12, columns: ["ret", "turn"] }],
      },
    };
    const data = reportData(result);
    expect(data.headline).toBe("PASS. 1 of 25 guards ran: 0 failed, 1 passed; 24 skipped (need more data): a, b");
    expect(data.provenance).toContainEqual(["files: r.csv", "content_hash sha256:cd, bytes 12, columns ret turn"]);
    expect(reportData({ guard: "cost_curve", passed: true, summary: "PASS cost_curve" }).headline).toBeNull();
  });
});
