// Issue #31 item 6: an input renamed while its description uses the old name as a plain word ("the floor")
// is still a rename; one whose prose names it as the input is read with the new name; other prose is not.
import { describe, expect, it } from "vitest";
import { pairInputs } from "../../scripts/schema-diff/pairing.js";
import type { SchemaTool } from "../../scripts/schema-diff/table.js";

const tool = (name: string, description: string): SchemaTool => ({
  name: "check_x",
  description: "x",
  input_schema: { type: "object", properties: { [name]: { type: "number", description } }, required: [name] },
  output_schema: {},
});
const names = (p: ReturnType<typeof pairInputs>) => ({
  renamed: p.renamed.map(([a, b]) => `${a.name}->${b.name}`),
  removed: p.removed.map((x) => x.name),
  added: p.added.map((x) => x.name),
});

describe("schema:diff pairs a renamed input", () => {
  it("when its name is a word of its own description, kept as a word in the new one", () => {
    const old = tool("floor", "the floor, as an annualised Sharpe ratio");
    const neu = tool("min_sharpe", "the floor, as an annualised Sharpe ratio");
    expect(names(pairInputs(old, neu))).toEqual({ renamed: ["floor->min_sharpe"], removed: [], added: [] });
  });
  it("when the description names the input itself, read with the new name", () => {
    const old = tool("floor", "floor must be below 3; floor is annual");
    const neu = tool("min_sharpe", "min_sharpe must be below 3; min_sharpe is annual");
    expect(names(pairInputs(old, neu)).renamed).toEqual(["floor->min_sharpe"]);
  });
  it("not when the prose says something else", () => {
    const old = tool("floor", "the floor, as an annualised Sharpe ratio");
    const neu = tool("min_sharpe", "the floor, as a per-period Sharpe ratio");
    expect(names(pairInputs(old, neu))).toEqual({ renamed: [], removed: ["floor"], added: ["min_sharpe"] });
  });
});
