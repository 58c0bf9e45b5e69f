// grouped writes whole numbers exactly as toLocaleString("en-US") does, and leaves the rest to it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { grouped } from "../../src/lib/grouped.js";

const cases: readonly [given: number, want: string][] = [
  [0, "0"],
  [-0, "-0"],
  [999, "999"],
  [1000, "1,000"],
  [-1000, "-1,000"],
  [123_456, "123,456"],
  [1_234_567, "1,234,567"],
  [16_000_000, "16,000,000"],
  [Number.MAX_SAFE_INTEGER, "9,007,199,254,740,991"],
  [1234.5678, "1,234.568"],
  [1e21, "1,000,000,000,000,000,000,000"],
  [Number.NaN, "NaN"],
  [Number.POSITIVE_INFINITY, "∞"],
];

describe("grouped", () => {
  it.each(cases)("%s is %s", (given, want) => {
    expect(grouped(given)).toBe(want);
  });

  it("agrees with toLocaleString('en-US') on every safe integer", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => grouped(n) === n.toLocaleString("en-US")),
      { numRuns: 2000 },
    );
  });
});
