import { describe, expect, it } from "vitest";
import { knnMeanLabel, squaredDistance } from "../../src/lib/knn.js";

describe("knnMeanLabel", () => {
  const x = [[0], [1], [2], [10], [1.5]];
  const y = [0, 0, 1, 1, 0];
  it("squared Euclidean distance", () => {
    expect(squaredDistance([0, 0], [3, 4])).toBe(25);
  });
  it("ties go to the lower row index, whatever the training order", () => {
    // row 4 (1.5): distances 2.25, 0.25, 0.25, 72.25 -> rows 1 and 2 tie
    expect(knnMeanLabel(x, y, [0, 1, 2, 3], [4], 1)).toEqual([0]);
    expect(knnMeanLabel(x, y, [3, 2, 1, 0], [4], 1)).toEqual([0]);
    expect(knnMeanLabel(x, y, [0, 1, 2, 3], [4], 2)).toEqual([0.5]);
    expect(knnMeanLabel(x, y, [3, 2, 0, 1], [4], 3)).toEqual([1 / 3]);
  });
  it("k is capped by the training size; empty training gives NaN", () => {
    expect(knnMeanLabel(x, y, [2, 3], [0, 4], 5)).toEqual([1, 1]);
    expect(knnMeanLabel(x, y, [], [0], 5)).toEqual([NaN]);
  });
  it("two dimensions", () => {
    const x2 = [
      [0, 0],
      [1, 1],
      [5, 5],
      [0, 1],
      [4, 4],
    ];
    const y2 = [1, 1, 0, 1, 0];
    // row 4 -> nearest: 2 (d=2), 1 (d=18), 3 (d=25), 0 (d=32)
    expect(knnMeanLabel(x2, y2, [0, 1, 2, 3], [4], 2)).toEqual([0.5]);
    expect(knnMeanLabel(x2, y2, [0, 1, 2, 3], [4], 1)).toEqual([0]);
  });
});
