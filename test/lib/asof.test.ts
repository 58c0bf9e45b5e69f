import { describe, expect, it } from "vitest";
import { asofMatch, cursorAsofMatch, groupKey, stableOrder } from "../../src/lib/asof.js";

const back = { direction: "backward", allowExact: true, tolerance: Infinity } as const;

describe("asofMatch", () => {
  // quotes at 1, 3, 3, 7 in one group; right row 2 is the later-listed of the two at 3
  const rt = [3, 1, 3, 7];
  const rg = ["A", "A", "A", "A"];

  it("backward takes the last quote at or before t, the last listed among equal times", () => {
    expect(asofMatch([0, 1, 3, 5, 9], ["A", "A", "A", "A", "A"], rt, rg, back)).toEqual([-1, 1, 2, 2, 3]);
  });

  it("excluding exact matches takes the strictly earlier quote", () => {
    expect(asofMatch([3, 7], ["A", "A"], rt, rg, { ...back, allowExact: false })).toEqual([1, 2]);
  });

  it("tolerance bounds staleness", () => {
    expect(asofMatch([5, 6], ["A", "A"], rt, rg, { ...back, tolerance: 2 })).toEqual([2, -1]);
  });

  it(
    "forward takes the first at or after (strictly after without " + "exact), nearest the closer with ties backward",
    () => {
      expect(asofMatch([2, 3, 8], ["A", "A", "A"], rt, rg, { ...back, direction: "forward" })).toEqual([0, 0, -1]);
      expect(asofMatch([3], ["A"], rt, rg, { direction: "forward", allowExact: false, tolerance: Infinity })).toEqual([
        3,
      ]);
      // 2 is 1 away from both 1 and 3: backward wins; 6 is nearer 7
      expect(asofMatch([2, 6], ["A", "A"], rt, rg, { ...back, direction: "nearest" })).toEqual([1, 3]);
    },
  );

  it("matches within groups only", () => {
    expect(asofMatch([5, 5, 5], ["A", "B", "C"], [1, 2], ["A", "B"], back)).toEqual([0, 1, -1]);
  });
});

describe("cursorAsofMatch", () => {
  it("never rewinds: an unsorted left row gets a quote from its future", () => {
    // quotes A at 1,2,3 and B at 4,5,6; signals (6,A) (3,A) (5,B) (2,B)
    const rt = [1, 2, 3, 4, 5, 6];
    const rg = ["A", "A", "A", "B", "B", "B"];
    const lt = [6, 3, 5, 2];
    const lg = ["A", "A", "B", "B"];
    expect(cursorAsofMatch(lt, lg, rt, rg)).toEqual([2, 2, 4, 4]);
    expect(asofMatch(lt, lg, rt, rg, back)).toEqual([2, 2, 4, -1]);
  });

  it("agrees with the correct join on sorted input", () => {
    const rt = [1, 2, 3, 4];
    const rg = ["A", "A", "B", "B"];
    expect(cursorAsofMatch([1.5, 5, 3.5], ["A", "A", "B"], rt, rg)).toEqual([0, 1, 2]);
    expect(asofMatch([1.5, 5, 3.5], ["A", "A", "B"], rt, rg, back)).toEqual([0, 1, 2]);
  });
});

describe("helpers", () => {
  it("stableOrder keeps equal times in given order", () => {
    expect(stableOrder([2, 1, 2, 1])).toEqual([1, 3, 0, 2]);
  });
  it("groupKey separates numbers from strings", () => {
    expect(groupKey([1])).not.toBe(groupKey(["1"]));
    expect(groupKey(["A", 2])).toBe(groupKey(["A", 2]));
  });
});
