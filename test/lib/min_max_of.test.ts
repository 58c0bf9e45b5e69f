import { describe, expect, it } from "vitest";
import { maxOf, minOf } from "../../src/lib/stats.js";

describe("maxOf / minOf: Math.max / Math.min without spreading", () => {
  it("agree with Math.max / Math.min on small arrays, NaN and empty included", () => {
    for (const xs of [[3, -1, 2], [], [1, NaN, 5], [-0, 0], [-Infinity, 7]]) {
      expect(maxOf(xs)).toBe(Math.max(...xs));
      expect(minOf(xs)).toBe(Math.min(...xs));
    }
  });
  it("take 1,000,000 values (a spread overflows the stack above ~125,000)", () => {
    const xs = Float64Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_003);
    expect(() => Math.max(...xs)).toThrow(RangeError);
    expect(maxOf(xs)).toBe(1_000_002);
    expect(minOf(xs)).toBe(0);
  });
});
