// The static catalogue table: keyed by the catalogue's own names, in the served order, and
// check_backtest running guards only through the call function it is given.
import { describe, expect, it } from "vitest";
import { CATALOGUE_TOOL_NAMES } from "../../src/catalogue/tools.js";
import { CATALOGUE_TOOLS, isCatalogueTool, type GuardCall } from "../../src/runtime/catalogue/index.js";
import { checkBacktest, missingFor } from "../../src/runtime/catalogue/bundle.js";
import { listTools } from "../../src/runtime/index.js";
import { loadGuards } from "../../src/runtime/table.js";
import type { ToolGuardResult } from "../../src/runtime/result.js";

describe("the catalogue table", () => {
  it("implements exactly the catalogue tools the compiler froze, in the served order", () => {
    const served = listTools()
      .filter((t) => !t.guard)
      .map((t) => t.name);
    expect(Object.keys(CATALOGUE_TOOLS)).toEqual([...CATALOGUE_TOOL_NAMES]);
    expect(served).toEqual([...CATALOGUE_TOOL_NAMES]);
  });
  it("tells catalogue names from guard tool names", () => {
    expect(isCatalogueTool("check_backtest")).toBe(true);
    expect(isCatalogueTool("check_cost_curve")).toBe(false);
    expect(isCatalogueTool("toString")).toBe(false);
  });
});

describe("check_backtest's call function", () => {
  it("runs each ready guard through the function it receives, its inputs read from the slots", async () => {
    const calls: { tool: string; args: Record<string, unknown> }[] = [];
    const fake: GuardCall = async (tool, args) => {
      calls.push({ tool, args });
      const guard = tool.slice("check_".length);
      const failed = guard === "cost_curve";
      const result: ToolGuardResult = {
        tool,
        guard,
        skill: "test",
        status: failed ? "fail" : "pass",
        passed: !failed,
        findings: failed ? [{ severity: "error", message: "stub failure", where: null }] : [],
        n_errors: failed ? 1 : 0,
        n_warnings: 0,
        evidence: {},
        elapsed_s: 0,
        summary: "",
        provenance: { input_sha256: "", tools_sha256: "", version: "" },
      };
      return result;
    };
    const slots = { returns: [0.01, -0.02, 0.005], turnover: 0.9 };
    const have = new Set(Object.keys(slots));
    const ready = loadGuards()
      .filter((g) => g.tool !== null && missingFor(g, have).length === 0)
      .map((g) => g.guard)
      .sort();
    expect(ready).toContain("cost_curve");

    const r = await checkBacktest({ slots }, fake, {});

    expect(calls.map((c) => c.tool)).toEqual(ready.map((g) => `check_${g}`));
    expect(calls.find((c) => c.tool === "check_cost_curve")!.args.returns).toEqual(slots.returns);
    expect(r.ran).toEqual(ready);
    expect(r.failed).toEqual(["cost_curve"]);
    expect(r.status).toBe("fail");
  });
});
