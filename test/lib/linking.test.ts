import { describe, expect, it } from "vitest";
import { carinoCoefficient, carinoLink, compound, geometricLink, logRatio } from "../../src/lib/linking.js";

describe("carinoCoefficient", () => {
  it("is (ln(1+rp) - ln(1+rb)) / (rp - rb)", () => {
    expect(carinoCoefficient(0.054, 0.04)).toBeCloseTo((Math.log(1.054) - Math.log(1.04)) / 0.014, 14);
    expect(Math.abs(carinoCoefficient(0.054, 0.04) - 0.955124)).toBeLessThan(5e-7);
    expect(Math.abs(carinoCoefficient(0.017, 0.019) - 0.982319)).toBeLessThan(5e-7);
  });
  it("is 1/(1+r) when the returns are equal, and continuous there", () => {
    expect(carinoCoefficient(0.1, 0.1)).toBe(1 / 1.1);
    expect(carinoCoefficient(0.1 + 1e-12, 0.1)).toBeCloseTo(1 / 1.1, 10);
  });
});

describe("carinoLink", () => {
  it("hand case: rp = [0.1, 0.1], rb = [0, 0] scales every effect by k/K = 0.21/0.2 = 1.05", () => {
    const r = carinoLink(
      [
        [0.06, 0.04],
        [0.06, 0.04],
      ],
      [0.1, 0.1],
      [0, 0],
    );
    expect(r.portfolioReturn).toBeCloseTo(0.21, 14);
    expect(r.benchmarkReturn).toBe(0);
    expect(r.K).toBeCloseTo(Math.log(1.21) / 0.21, 14);
    expect(r.linked[0]).toBeCloseTo(0.126, 14);
    expect(r.linked[1]).toBeCloseTo(0.084, 14);
    expect(r.linked[0]! + r.linked[1]!).toBeCloseTo(0.21, 14);
  });
  it("linked effects sum to compounded Rp - Rb, while the naive sum does not", () => {
    // Period effects that sum to each period's active return.
    const effects = [
      [0.008, 0.005, 0.001],
      [0.0, -0.003, 0.001],
    ];
    const rp = [0.054, 0.017];
    const rb = [0.04, 0.019];
    const r = carinoLink(effects, rp, rb);
    const active = 1.054 * 1.017 - 1.04 * 1.019;
    const linkedSum = r.linked.reduce((a, b) => a + b, 0);
    expect(Math.abs(linkedSum - active)).toBeLessThan(1e-15);
    expect(Math.abs(0.012 - active)).toBeGreaterThan(1e-4);
    expect(Math.abs(r.K - 0.938238)).toBeLessThan(5e-7);
  });
  it("rejects ragged input", () => {
    expect(() => carinoLink([[1, 2], [1]], [0, 0], [0, 0])).toThrow(RangeError);
    expect(() => carinoLink([[1]], [0, 0], [0, 0])).toThrow(RangeError);
  });
});

describe("geometricLink", () => {
  it("hand case: totals [0.1, 0.1] compound to 0.21, parts scale by c(0.1)/c(0.21) = 1.05", () => {
    const r = geometricLink(
      [
        [0.07, 0.03],
        [0.07, 0.03],
      ],
      [0.1, 0.1],
    );
    expect(r.total).toBeCloseTo(0.21, 14);
    expect(r.linked[0]).toBeCloseTo(0.147, 14);
    expect(r.linked[1]).toBeCloseTo(0.063, 14);
  });
  it("rows sum to the compounded total, zero totals included", () => {
    const r = geometricLink(
      [
        [0.02, -0.02],
        [0.05, -0.01],
        [0.01, 0.0],
      ],
      [0, 0.04, 0.01],
    );
    expect(r.total).toBeCloseTo(1.04 * 1.01 - 1, 15);
    expect(r.linked[0]! + r.linked[1]!).toBeCloseTo(r.total, 15);
  });
  it("logRatio: c(0) = 1, NaN at or below -1", () => {
    expect(logRatio(0)).toBe(1);
    expect(logRatio(1)).toBeCloseTo(Math.log(2), 15);
    expect(logRatio(-1)).toBeNaN();
    expect(compound([0.1, -0.5])).toBeCloseTo(-0.45, 15);
  });
});
