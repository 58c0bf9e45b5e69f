// Every guard's price follows its real work in level, not only in growth (#49 item 1): at two sizes, the
// operations the guard and the lib execute (counted by V8's precise coverage, not by a clock) are at most
// MAX_OPS_PER_UNIT per priced unit. The reference is the heavy statistics priced from their algorithms (the
// SPA test and CSCV count 3-5 operations per unit); a guard far above it would run unpriced work inline on
// the main thread (calls below POOL_MIN_UNITS are not sent to the pool) and could run past the budget.
import { describe, expect, it } from "vitest";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { estimateCost } from "../../../src/runtime/budget/index.js";
import { loadGuards } from "../../../src/runtime/table.js";
import { countOps } from "./op_count.js";
import { GROWERS } from "./growers.js";

const GUARD_CODE = /\/(guards|src\/lib)\/[^/]+\.ts/;
/** Twice the reference guards' operations per unit. */
const MAX_OPS_PER_UNIT = 8;
const SIZES = [400, 1600, 3200];

async function measure(tool: string, guard: string, n: number): Promise<{ ops: number; units: number }> {
  const args = GROWERS[tool]!(n);
  const units = estimateCost(guard, args)!.units;
  const ops = await countOps(GUARD_CODE, () => callToolUntyped(tool, args, { workBudget: Infinity, timeLimitMs: 0 }));
  return { ops, units };
}

describe("prices follow the work in level", () => {
  for (const g of loadGuards().filter((x) => x.tool !== null)) {
    it(`${g.guard}: at most ${MAX_OPS_PER_UNIT} operations per priced unit at n = ${SIZES.join(", ")}`, async () => {
      await measure(g.tool!, g.guard, SIZES[0]!); // warm: first-call work (lazy tables) is not the guard's
      for (const n of SIZES) {
        const { ops, units } = await measure(g.tool!, g.guard, n);
        const perUnit = Math.round((ops / units) * 100) / 100;
        expect(perUnit, `${g.guard} at n = ${n}: ${ops} operations, ${units} units`).toBeLessThanOrEqual(
          MAX_OPS_PER_UNIT,
        );
      }
    });
  }
});
