// Every guard is priced by its real cost: on growing inputs the price must grow at least as fast as the
// operations the guard and the lib execute (counted by V8's precise coverage, not by a clock). A guard
// whose work outgrows its price (an underestimate: it could run past the budget unpriced) fails here.
import { describe, expect, it } from "vitest";
import { GUARDS } from "../../../generated/dispatch.js";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { estimateCost } from "../../../src/runtime/budget/index.js";
import { loadGuards } from "../../../src/runtime/table.js";
import { countOps } from "./op_count.js";
import { growerFor } from "./growers.js";

const GUARD_CODE = /\/(guards|src\/lib)\/[^/]+\.ts/;
const N = 400;
const GROWTH = 4;
/** Slack for fixed per-call work and log factors: the price may grow up to this much slower. */
const SLACK = 1.25;

async function measure(tool: string, guard: string, n: number): Promise<{ ops: number; units: number }> {
  const args = growerFor(tool)(n);
  const units = estimateCost(guard, args)!.units;
  const ops = await countOps(GUARD_CODE, () => callToolUntyped(tool, args, { workBudget: Infinity, timeLimitMs: 0 }));
  return { ops, units };
}

describe("prices grow at least as fast as the work", () => {
  const exported = loadGuards().filter((g) => g.tool !== null);
  it("the list comes from the dispatch table: every exported guard has a grower (its own, or its schema's)", () => {
    expect(exported.map((g) => g.guard).every((g) => g in GUARDS)).toBe(true);
    for (const g of exported) expect(typeof growerFor(g.tool!)(2), g.tool!).toBe("object");
  });
  for (const g of loadGuards().filter((x) => x.tool !== null)) {
    it(`${g.guard}: price growth >= operation growth`, async () => {
      await measure(g.tool!, g.guard, N); // warm: first-call work (lazy tables) is not the guard's
      const small = await measure(g.tool!, g.guard, N);
      const large = await measure(g.tool!, g.guard, N * GROWTH);
      const work = large.ops / small.ops;
      const price = large.units / small.units;
      expect({ guard: g.guard, underpriced: work > price * SLACK, work, price }).toMatchObject({
        underpriced: false,
      });
    });
  }
});
