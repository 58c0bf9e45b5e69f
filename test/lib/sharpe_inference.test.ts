import { describe, expect, it } from "vitest";
import { phi, phiInv } from "../../src/lib/normal.js";
import {
  deflatedSharpe,
  expectedMaxSharpe,
  expectedMaxStandardNormal,
  minBacktestLengthYears,
  minTrackRecordLength,
  probabilisticSharpe,
  sharpeVarianceFactor,
} from "../../src/lib/sharpe_inference.js";

const GAMMA = 0.5772156649015329;
const E = 2.718281828459045;

describe("expectedMaxStandardNormal", () => {
  it("matches the research_audit anchors", () => {
    const anchors: [number, number][] = [
      [2, 0.519755],
      [3, 0.852804],
      [10, 1.574598],
      [45, 2.23564],
      [50, 2.276303],
      [100, 2.530603],
      [1000, 3.255122],
    ];
    for (const [n, e] of anchors) expect(expectedMaxStandardNormal(n)).toBeCloseTo(e, 6);
  });
  it("is the formula with Euler-Mascheroni gamma, and 0 for one trial", () => {
    const n = 7;
    const byHand = (1 - GAMMA) * phiInv(1 - 1 / n) + GAMMA * phiInv(1 - 1 / (n * E));
    expect(expectedMaxStandardNormal(n)).toBe(byHand);
    expect(expectedMaxStandardNormal(1)).toBe(0);
    // N = 2: Phi^-1(1/2) = 0, so only the gamma term remains.
    expect(expectedMaxStandardNormal(2)).toBeCloseTo(GAMMA * phiInv(1 - 1 / (2 * E)), 14);
  });
  it("scales by the square root of the trial variance", () => {
    expect(expectedMaxSharpe(3, 1.27)).toBeCloseTo(0.961062, 6);
    expect(expectedMaxSharpe(1, 4)).toBe(0);
  });
});

describe("PSR / DSR / MinTRL", () => {
  it("uses RAW kurtosis: a normal (kurtosis 3) gives the factor 1 + SR^2 / 2", () => {
    expect(sharpeVarianceFactor(0.2, 0, 3)).toBeCloseTo(1.02, 15);
    expect(sharpeVarianceFactor(0.2, -1, 6)).toBeCloseTo(1 + 0.2 + 1.25 * 0.04, 15);
  });
  it("PSR on a hand case: SR 0.1, T 101, normal moments", () => {
    // (0.1 - 0) * sqrt(100) / sqrt(1.005) = 0.99750934...
    const z = 1 / Math.sqrt(1.005);
    expect(probabilisticSharpe(0.1, 0, 101, 0, 3)).toBeCloseTo(phi(z), 14);
    expect(phi(z)).toBeCloseTo(0.840741, 5);
  });
  it("DSR is the PSR against SR*", () => {
    // SR 0.15, SR* 0.05, T 401, skew -0.5, kurtosis 5: factor 1 + 0.075 + 0.0225 = 1.0975.
    const z = (0.1 * 20) / Math.sqrt(1.0975);
    expect(deflatedSharpe(0.15, 0.05, 401, -0.5, 5)).toBeCloseTo(phi(z), 14);
  });
  it("MinTRL on a hand case and Infinity when SR <= SR*", () => {
    // SR 0.1, b 0, normal moments, alpha 0.05: 1 + 1.005 (1.6448536269514722 / 0.1)^2 = 272.903...
    const expected = 1 + 1.005 * (1.6448536269514722 / 0.1) ** 2;
    expect(minTrackRecordLength(0.1, 0, 0, 3, 0.05)).toBeCloseTo(expected, 9);
    expect(expected).toBeCloseTo(272.9071, 3);
    expect(minTrackRecordLength(0.05, 0.05, 0, 3, 0.05)).toBe(Infinity);
    expect(minTrackRecordLength(-0.1, 0, 0, 3, 0.05)).toBe(Infinity);
  });
  it("PSR is NaN when the moments are inconsistent", () => {
    expect(probabilisticSharpe(1, 0, 100, 3, 3)).toBeNaN();
  });
});

describe("minBacktestLengthYears", () => {
  it("matches the research_audit anchors", () => {
    expect(minBacktestLengthYears(45, 1)).toBeCloseTo(4.998, 3);
    expect(minBacktestLengthYears(7, 1)).toBeCloseTo(1.923, 3);
    expect(minBacktestLengthYears(50, 1)).toBeCloseTo(5.18, 2);
    expect(minBacktestLengthYears(50, 2)).toBeCloseTo(2.276303 ** 2 / 4, 6);
  });
  it("is Infinity for a non-positive Sharpe and 0 for one trial", () => {
    expect(minBacktestLengthYears(10, 0)).toBe(Infinity);
    expect(minBacktestLengthYears(10, -1)).toBe(Infinity);
    expect(minBacktestLengthYears(1, 1.5)).toBe(0);
  });
});
