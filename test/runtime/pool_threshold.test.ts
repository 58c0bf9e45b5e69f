// Which calls run in the pool (#49 item 1): a call priced at POOL_MIN_UNITS or more goes to a worker, one
// priced below stays on the calling thread. Counted (pooledRuns), never timed.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { callToolUntyped, closePool } from "../../src/runtime/index.js";
import { configureLimits, estimateCost, resetLimits } from "../../src/runtime/budget/index.js";
import { POOL_MIN_UNITS } from "../../src/runtime/call.js";
import { pooledRuns } from "../../src/runtime/pool/pool.js";

afterEach(() => resetLimits());
afterAll(() => closePool());

const returnsOf = (n: number) => Array.from({ length: n }, (_, i) => Math.sin(i * 0.7) * 0.01 + 0.0004);
const args = (n: number) => ({ returns: returnsOf(n), turnover: 0.2 });
const units = (n: number) => estimateCost("cost_curve", args(n)).units;

/** The fewest returns whose cost curve is priced at POOL_MIN_UNITS or more (from the price itself). */
function smallestPooled(): number {
  let lo = 1;
  let hi = 1;
  while (units(hi) < POOL_MIN_UNITS) hi *= 2;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (units(mid) < POOL_MIN_UNITS) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

describe("the pool threshold", () => {
  it("is about 30 ms of work: well below the old 1e6 units", () => {
    expect(POOL_MIN_UNITS).toBeLessThan(1e6);
  });

  it("sends a call priced at the threshold to the pool and keeps one a value smaller inline", async () => {
    configureLimits({ poolSize: 1 });
    const n = smallestPooled();
    expect(units(n - 1)).toBeLessThan(POOL_MIN_UNITS);
    const before = pooledRuns();
    const below = (await callToolUntyped("check_cost_curve", args(n - 1))) as { tool: string };
    expect(below.tool).toBe("check_cost_curve");
    expect(pooledRuns()).toBe(before);
    const at = (await callToolUntyped("check_cost_curve", args(n))) as { tool: string };
    expect(at.tool).toBe("check_cost_curve");
    expect(pooledRuns()).toBe(before + 1);
  }, 60_000);
});
