import { describe, expect, it } from "vitest";
import { closeMatches, ratio } from "../../../src/runtime/codec/index.js";

// Expected values computed with Python: difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
const PYTHON_RATIOS: [string, string, number][] = [
  ["vals", "values", 0.8],
  ["retruns", "returns", 0.8571428571428571],
  ["recs", "records", 0.7272727272727273],
  ["record", "records", 0.9230769230769231],
  ["abcd", "bcda", 0.75],
  ["check_cost_curv", "check_cost_curve", 0.967741935483871],
  ["tide", "diet", 0.25],
  ["abxcd", "abcd", 0.8888888888888888],
  ["qabxcd", "abycdf", 0.6666666666666666],
  ["nope", "index", 0.4444444444444444],
  ["", "", 1],
  ["a", "", 0],
  ["Values", "values", 0.8333333333333334],
];

describe("ratio (Ratcliff-Obershelp, §3.6)", () => {
  it.each(PYTHON_RATIOS)("%s / %s = %d, as difflib", (a, b, r) => {
    expect(ratio(a, b)).toBeCloseTo(r, 12);
  });

  it("is case-sensitive and counts code points", () => {
    expect(ratio("ABC", "abc")).toBe(0);
    expect(ratio("\u{1F600}a", "\u{1F600}b")).toBe(0.5);
  });

  it("takes the earliest longest block in a, then in b", () => {
    // difflib: "ab" / "abab" matches the first "ab" only, so M = 2.
    expect(ratio("ab", "abab")).toBeCloseTo(4 / 6, 12);
    expect(ratio("aXbXa", "abXa")).toBeCloseTo((2 * 4) / 9, 12);
  });
});

describe("closeMatches", () => {
  it("keeps candidates at or above the cutoff, best first", () => {
    expect(closeMatches("vals", ["index", "values", "name", "dtype", "freq"], 1, 0.75)).toEqual(["values"]);
    expect(closeMatches("recs", ["index", "columns", "records", "data"], 1, 0.75)).toEqual([]);
    expect(closeMatches("abcd", ["bcda"], 3, 0.75)).toEqual(["bcda"]);
  });

  it("orders by ratio descending and keeps candidate order on ties", () => {
    expect(closeMatches("ab", ["ax", "ab", "xb", "abc"], 4, 0.4)).toEqual(["ab", "abc", "ax", "xb"]);
    expect(closeMatches("ab", ["xb", "ax"], 4, 0.4)).toEqual(["xb", "ax"]);
  });

  it("returns at most n", () => {
    expect(
      closeMatches("check_cost_curv", ["check_cost_curve", "check_cost_curves", "check_cost_curva", "x"], 2, 0.4),
    ).toHaveLength(2);
    expect(closeMatches("a", ["a"], 0, 0)).toEqual([]);
  });
});
