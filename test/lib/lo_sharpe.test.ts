import { describe, expect, it } from "vitest";
import { autocorrelation, loEta, loSharpe } from "../../src/lib/lo_sharpe.js";

describe("Lo (2002) eta(q)", () => {
  it("is sqrt(q) without autocorrelation", () => {
    expect(loEta(12, [])).toBeCloseTo(Math.sqrt(12), 14);
    expect(loEta(252, [0, 0, 0])).toBeCloseTo(Math.sqrt(252), 13);
  });
  it("monthly returns with rho_1 = 0.2: eta = 12 / sqrt(12 + 2 x 11 x 0.2) = 2.9617", () => {
    // By hand: 12 + 4.4 = 16.4; 12 / 4.04969 = 2.96319.
    expect(loEta(12, [0.2])).toBeCloseTo(12 / Math.sqrt(16.4), 14);
    expect(loEta(12, [0.2])).toBeCloseTo(2.96319, 5);
  });
  it("sample autocorrelation of an alternating series is about -1 at lag 1, +1 at lag 2", () => {
    const x = Array.from({ length: 100 }, (_, i) => (i % 2 ? 1 : -1));
    expect(autocorrelation(x, 1)).toBeCloseTo(-0.99, 12);
    expect(autocorrelation(x, 2)).toBeCloseTo(0.98, 12);
  });
  it("flags a trending (smoothed) series as material", () => {
    const x = Array.from({ length: 200 }, (_, i) => 0.001 + 0.01 * Math.sin(i / 5));
    const lo = loSharpe(x, 0.1, 252);
    expect(lo.rhos).toHaveLength(6);
    expect(lo.material).toBe(true);
    expect(lo.sharpeAnnual).toBeLessThan(0.1 * Math.sqrt(252));
  });
});
