import { describe, expect, it } from "vitest";
import { averageRanks, rocAuc } from "../../src/lib/auc.js";

describe("averageRanks", () => {
  it("gives tied values the mean of their ranks", () => {
    expect(averageRanks([3, 1, 3, 2])).toEqual([3.5, 1, 3.5, 2]);
    expect(averageRanks([5, 5, 5])).toEqual([2, 2, 2]);
    expect(averageRanks([])).toEqual([]);
  });
});

describe("rocAuc", () => {
  it("perfect, reversed and uninformative scores", () => {
    expect(rocAuc([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1])).toBe(1);
    expect(rocAuc([0.9, 0.8, 0.2, 0.1], [0, 0, 1, 1])).toBe(0);
    expect(rocAuc([0.5, 0.5, 0.5, 0.5], [0, 1, 0, 1])).toBe(0.5);
  });
  it("the classic 4-point example is 0.75", () => {
    expect(rocAuc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBe(0.75);
  });
  it("ties count one half per tied pair", () => {
    // pairs (pos, neg): (0.5 vs 0.5) = 1/2, (0.9 vs 0.5) = 1 -> 0.75
    expect(rocAuc([0.5, 0.5, 0.9], [0, 1, 1])).toBe(0.75);
    // ranks 1.5, 1.5, 3.5, 3.5; positives 1.5 + 3.5 = 5; (5 - 3) / 4
    expect(rocAuc([1, 1, 2, 2], [0, 1, 0, 1])).toBe(0.5);
  });
  it("equals the pairwise probability on a larger case", () => {
    const s = [0.3, 0.1, 0.7, 0.7, 0.2, 0.9, 0.3, 0.5];
    const y = [1, 0, 1, 0, 0, 1, 0, 1];
    let num = 0;
    let den = 0;
    for (let i = 0; i < s.length; i++)
      for (let j = 0; j < s.length; j++) {
        if (y[i] === 1 && y[j] === 0) {
          den++;
          num += s[i]! > s[j]! ? 1 : s[i] === s[j] ? 0.5 : 0;
        }
      }
    expect(rocAuc(s, y)).toBeCloseTo(num / den, 14);
  });
  it("is null with a single class, and rejects mismatched lengths", () => {
    expect(rocAuc([0.1, 0.2], [1, 1])).toBeNull();
    expect(rocAuc([0.1, 0.2], [0, 0])).toBeNull();
    expect(() => rocAuc([0.1], [0, 1])).toThrow(RangeError);
  });
});
