import { describe, expect, it } from "vitest";
import { BadInputError, type Cell, type Series } from "../../src/runtime/contract.js";
import { requireNumbers, type NumberRule } from "../../src/lib/series.js";
import { requireNumbersFast } from "../../src/lib/number_checks.js";

function outcome(f: () => unknown): string {
  try {
    return JSON.stringify(f());
  } catch (e) {
    expect(e).toBeInstanceOf(BadInputError);
    return `${(e as BadInputError).field} | ${(e as BadInputError).message}`;
  }
}

describe("requireNumbersFast", () => {
  const cases: [string, Series<Cell> | undefined, NumberRule][] = [
    ["ok", { values: [1, 2, 3] }, {}],
    ["empty", { values: [] }, {}],
    ["too short", { values: [1, 2] }, { minLength: 3 }],
    ["NaN", { values: [1, NaN] }, {}],
    ["NaN allowed", { values: [1, NaN] }, { allowMissing: true }],
    ["Infinity", { values: [1, Infinity] }, { allowMissing: true }],
    ["string", { values: [1, "a"] }, {}],
    ["not above", { values: [0.5, -1] }, { above: -1 }],
    ["not at least", { values: [0, -0.1] }, { atLeast: 0 }],
    ["not a series", "x" as unknown as Series, {}],
    ["undefined", undefined, {}],
  ];
  it.each(cases)("agrees with requireNumbers: %s", (_name, s, rule) => {
    expect(outcome(() => requireNumbersFast("returns", s, rule))).toBe(
      outcome(() => requireNumbers("returns", s, rule)),
    );
  });
  it("names the first failing value", () => {
    expect(outcome(() => requireNumbersFast("x", { values: [1, 2, NaN, Infinity] }))).toMatch(/^x\/values\/2 \| /);
  });
});
