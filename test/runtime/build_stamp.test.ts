// After `npm run gen` without `npm run build`, a runtime under dist/ serves only the tools its build has,
// and says to run npm run build; a build made from the current table serves them all, silently.
import { describe, expect, it } from "vitest";
import { builtTools } from "../../src/runtime/table.js";

const tools = [{ name: "check_cost_curve" }, { name: "check_sharpe_floor" }, { name: "list_skills" }];

describe("the build stamp", () => {
  it("a build from this table serves every tool with no note", () => {
    const stamp = { tools_sha256: "abc", tools: tools.map((t) => t.name) };
    expect(builtTools(tools, "abc", stamp)).toEqual({ served: tools, note: null });
  });
  it("a tool gen added after the build is not served, and the note names it and says run npm run build", () => {
    const stamp = { tools_sha256: "old", tools: ["check_cost_curve", "list_skills"] };
    const { served, note } = builtTools(tools, "new", stamp);
    expect(served.map((t) => t.name)).toEqual(["check_cost_curve", "list_skills"]);
    expect(note).toBe(
      "generated/ is newer than the build in dist/ (npm run gen ran after npm run build); " +
        "not served until then: check_sharpe_floor; run npm run build",
    );
  });
  it("a changed table with no new tool still says to rebuild (schemas changed), serving what the build has", () => {
    const stamp = { tools_sha256: "old", tools: tools.map((t) => t.name) };
    expect(builtTools(tools, "new", stamp)).toEqual({
      served: tools,
      note: "generated/ is newer than the build in dist/ (npm run gen ran after npm run build); run npm run build",
    });
  });
});
