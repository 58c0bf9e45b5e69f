// The prefix-reusing half scorer gives the same bits as merging every half from its first block.
import { describe, expect, it } from "vitest";
import { HalfScorer, type BlockStats } from "../../src/lib/cscv_halves.js";
import { combinations } from "../../src/lib/cscv.js";
import { Mt19937 } from "../../src/lib/prng.js";

/** Random per-block moments for S blocks x N columns (one constant column: min = max). */
function stats(s: number, n: number): BlockStats {
  const g = new Mt19937(5);
  const size = s * n;
  const min = Float64Array.from({ length: size }, () => g.nextFloat() - 1);
  const max = Float64Array.from(min, (m, i) => (i % n === 2 ? m : m + g.nextFloat()));
  return {
    count: Int32Array.from({ length: s }, () => 5 + g.nextInt(60)),
    mean: Float64Array.from(min, (m, i) => (m + max[i]!) / 2),
    m2: Float64Array.from(min, (m, i) => (max[i]! - m) ** 2 * 3),
    min: Float64Array.from(min, (m, i) => (i % n === 2 ? 0.25 : m)),
    max: Float64Array.from(max, (m, i) => (i % n === 2 ? 0.25 : m)),
  };
}

describe("HalfScorer", () => {
  it("reusing merged prefixes scores every half exactly as a fresh merge does", () => {
    const [s, n] = [12, 5];
    const st = stats(s, n);
    const shared = new HalfScorer(st, n, s / 2);
    const a = new Float64Array(n);
    const b = new Float64Array(n);
    let halves = 0;
    for (const half of combinations(s, s / 2)) {
      shared.scores(half, a, "sharpe");
      new HalfScorer(st, n, s / 2).scores(half, b, "sharpe");
      expect(Array.from(a)).toEqual(Array.from(b));
      expect(a[2]).toBe(0);
      halves++;
    }
    expect(halves).toBe(924);
  });
});
