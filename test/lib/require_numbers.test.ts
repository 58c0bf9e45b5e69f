// requireNumbers / requireNumber: one predicate, the first failing value named by its path.
import { describe, expect, it } from "vitest";
import { BadInputError, type Cell, type Series } from "../../src/contract/guard.js";
import { requireNumber, requireNumbers, type NumberRule } from "../../src/lib/series.js";

function outcome(f: () => unknown): string {
  try {
    return JSON.stringify(f());
  } catch (e) {
    expect(e).toBeInstanceOf(BadInputError);
    return `${(e as BadInputError).field} | ${(e as BadInputError).message}`;
  }
}

describe("requireNumbers", () => {
  const cases: [string, Series<Cell> | undefined, NumberRule, string][] = [
    ["ok", { values: [1, 2, 3] }, {}, "[1,2,3]"],
    ["empty", { values: [] }, {}, "returns | returns: must not be empty"],
    ["too short", { values: [1, 2] }, { minLength: 3 }, "returns | returns: needs at least 3 value(s), got 2"],
    [
      "NaN",
      { values: [1, NaN] },
      {},
      "returns/values/1 | returns/values/1: must be a finite number, got null (missing)",
    ],
    ["NaN allowed", { values: [1, NaN] }, { allowMissing: true }, "[1,null]"],
    [
      "Infinity",
      { values: [1, Infinity] },
      { allowMissing: true },
      "returns/values/1 | returns/values/1: must be a finite number, got Infinity",
    ],
    ["string", { values: [1, "a"] }, {}, 'returns/values/1 | returns/values/1: must be a finite number, got "a"'],
    ["not above", { values: [0.5, -1] }, { above: -1 }, "returns/values/1 | returns/values/1: must be > -1, got -1"],
    [
      "not at least",
      { values: [0, -0.1] },
      { atLeast: 0 },
      "returns/values/1 | returns/values/1: must be >= 0, got -0.1",
    ],
    [
      "leading blanks, dated",
      { values: [NaN, NaN, 0.01, -0.02], index: ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05"] },
      {},
      "returns/values/0 | returns/values/0: starts with 2 missing value(s); its first value is on " +
        '"2024-01-04" (position 2): leading blanks are not returns (a column shorter than its file\'s other ' +
        'columns) - trim them, or read from there with "rows": [2, 4] in the file reference',
    ],
    [
      "leading blank, no index",
      { values: [null, 0.01] },
      {},
      "returns/values/0 | returns/values/0: starts with 1 missing value(s); its first value is at position 1: " +
        "leading blanks are not returns (a column shorter than its file's other columns) - trim them, or read " +
        'from there with "rows": [1, 2] in the file reference',
    ],
    [
      "all blank",
      { values: [NaN, NaN] },
      {},
      "returns/values/0 | returns/values/0: must be a finite number, got null (missing)",
    ],
    ["not a series", "x" as unknown as Series, {}, "returns | returns: must be a series of numbers"],
    ["undefined", undefined, {}, "returns | returns: must be a series of numbers"],
  ];
  it.each(cases)("%s", (_name, s, rule, want) => {
    expect(outcome(() => requireNumbers("returns", s, rule))).toBe(want);
  });

  it("names the first failing value and returns the values themselves, not a copy", () => {
    expect(outcome(() => requireNumbers("x", { values: [1, 2, NaN, Infinity] }))).toMatch(/^x\/values\/2 \| /);
    const values = [0.1, 0.2];
    expect(requireNumbers("x", { values })).toBe(values);
  });

  it("requireNumber uses the same rule", () => {
    expect(requireNumber("k", 0, { atLeast: 0 })).toBe(0);
    expect(outcome(() => requireNumber("k", 0, { above: 0 }))).toBe("k | k: must be > 0, got 0");
    expect(outcome(() => requireNumber("k", "1"))).toBe('k | k: must be a finite number, got "1"');
  });
});
