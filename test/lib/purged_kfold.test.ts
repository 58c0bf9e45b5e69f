import { describe, expect, it } from "vitest";
import { contiguousKFold, embargoBars, purgeFold, purgedKFold } from "../../src/lib/purged_kfold.js";

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe("contiguousKFold", () => {
  it("first n mod k blocks get one extra row; train is the rest, ascending", () => {
    const f = contiguousKFold(10, 3);
    expect(f.map((x) => x.test)).toEqual([range(0, 3), range(4, 6), range(7, 9)]);
    expect(f[1]!.train).toEqual([0, 1, 2, 3, 7, 8, 9]);
    expect(contiguousKFold(4, 4).map((x) => x.test)).toEqual([[0], [1], [2], [3]]);
  });
  it("rejects k < 2 and k > n", () => {
    expect(() => contiguousKFold(10, 1)).toThrow(RangeError);
    expect(() => contiguousKFold(3, 4)).toThrow(RangeError);
  });
});

describe("embargoBars", () => {
  it("floors embargo x n on the decimal text", () => {
    expect(embargoBars(0.01, 2000)).toBe(20);
    expect(embargoBars(0.2, 10)).toBe(2);
    expect(embargoBars(0.29, 100)).toBe(29); // 0.29 * 100 is 28.999999999999996 in binary
    expect(embargoBars(0.0999, 10)).toBe(0);
    expect(embargoBars(0, 10)).toBe(0);
    expect(embargoBars(0.01, 99)).toBe(0);
  });
});

describe("purgeFold (spec purge_effect examples 1 and 2, h = 2)", () => {
  it("fold 0: test [0..4] spans [0, 6]; rows 5, 6 purged", () => {
    expect(purgeFold({ train: range(5, 9), test: range(0, 4) }, 2, 0)).toEqual({
      testStart: 0,
      testEnd: 4,
      purged: [5, 6],
      embargoed: [],
      kept: [7, 8, 9],
    });
  });
  it("fold 1: test [5..9] spans [5, 11]; rows 3, 4 purged (3 + 2 >= 5, endpoint included)", () => {
    expect(purgeFold({ train: range(0, 4), test: range(5, 9) }, 2, 0)).toEqual({
      testStart: 5,
      testEnd: 9,
      purged: [3, 4],
      embargoed: [],
      kept: [0, 1, 2],
    });
  });
  it("embargo of 2 bars: rows 7, 8 embargoed (6 < i <= 8)", () => {
    expect(purgeFold({ train: range(5, 9), test: range(0, 4) }, 2, 2)).toEqual({
      testStart: 0,
      testEnd: 4,
      purged: [5, 6],
      embargoed: [7, 8],
      kept: [9],
    });
  });
  it("clean training sets are untouched", () => {
    expect(purgeFold({ train: [7, 8, 9], test: range(0, 4) }, 2, 0).purged).toEqual([]);
    expect(purgeFold({ train: [0, 1, 2], test: range(5, 9) }, 2, 0).purged).toEqual([]);
  });
  it("a non-contiguous test set is covered by its full range; train order is kept", () => {
    // test {2, 7}, h = 1 -> span [2, 8]; purged: i <= 8 and i >= 1; embargo 1 bar: i = 9
    const p = purgeFold({ train: [12, 0, 1, 3, 4, 5, 6, 8, 9, 10, 11], test: [7, 2] }, 1, 1);
    expect(p).toEqual({ testStart: 2, testEnd: 7, purged: [1, 3, 4, 5, 6, 8], embargoed: [9], kept: [12, 0, 10, 11] });
  });
  it("the embargo applies only after the test span, never before it", () => {
    const p = purgeFold({ train: [0, 1, 2, 9, 10, 11], test: [5, 6] }, 1, 3);
    // span [5, 7]; purged 4..7 (none in train); embargo 8..10
    expect(p.purged).toEqual([]);
    expect(p.embargoed).toEqual([9, 10]);
    expect(p.kept).toEqual([0, 1, 2, 11]);
  });
  it("rejects an empty test set", () => {
    expect(() => purgeFold({ train: [1], test: [] }, 1, 0)).toThrow(RangeError);
  });
});

describe("purgedKFold", () => {
  it("purges and embargoes every contiguous fold", () => {
    expect(purgedKFold(10, 2, 2, 0)).toEqual([
      { train: [7, 8, 9], test: range(0, 4) },
      { train: [0, 1, 2], test: range(5, 9) },
    ]);
    // 3 folds of n = 12, h = 1, h_e = 1: tests [0..3], [4..7], [8..11]
    expect(purgedKFold(12, 3, 1, 1).map((f) => f.train)).toEqual([
      [6, 7, 8, 9, 10, 11], // purged 4, embargoed 5
      [0, 1, 2, 10, 11], // purged 3, 8; embargoed 9
      [0, 1, 2, 3, 4, 5, 6], // purged 7
    ]);
  });
});
