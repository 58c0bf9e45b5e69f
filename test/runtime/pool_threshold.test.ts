// Which calls run in the pool (#49 item 1): a call priced at POOL_MIN_UNITS or more goes to a worker, one
// priced below stays on the calling thread, and so does one doing only a few units per value sent (its
// transfer would be as much work here) until ALWAYS_POOL_UNITS. Counted (pooledRuns), never timed.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { callToolUntyped, closePool } from "../../src/runtime/index.js";
import { configureLimits, estimateCost, resetLimits } from "../../src/runtime/budget/index.js";
import { ALWAYS_POOL_UNITS, POOL_MIN_UNITS, POOL_MIN_UNITS_PER_VALUE } from "../../src/runtime/call.js";
import { totalCells } from "../../src/runtime/budget/measure.js";
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
  it("is below the old 1e6 units", () => {
    expect(POOL_MIN_UNITS).toBeLessThan(ALWAYS_POOL_UNITS);
  });

  it("keeps a call of few units per value inline below ALWAYS_POOL_UNITS, and pools it from there", async () => {
    configureLimits({ poolSize: 1 });
    // rf_convention: one unit per value sent (the default rule)
    const rf = (n: number) => ({ returns: returnsOf(n), rf: 0.0001 });
    const priced = (n: number) => estimateCost("rf_convention", rf(n)).units;
    const light = Math.ceil(POOL_MIN_UNITS * 1.5);
    expect(priced(light)).toBeGreaterThanOrEqual(POOL_MIN_UNITS);
    expect(priced(light)).toBeLessThan(POOL_MIN_UNITS_PER_VALUE * totalCells(rf(light)));
    const before = pooledRuns();
    expect(((await callToolUntyped("check_rf_convention", rf(light))) as { tool: string }).tool).toBe(
      "check_rf_convention",
    );
    expect(pooledRuns()).toBe(before);
    expect(priced(ALWAYS_POOL_UNITS)).toBeGreaterThanOrEqual(ALWAYS_POOL_UNITS);
    await callToolUntyped("check_rf_convention", rf(ALWAYS_POOL_UNITS));
    expect(pooledRuns()).toBe(before + 1);
  }, 120_000);

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
