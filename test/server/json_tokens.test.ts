// The nesting scan that refuses a too-deep message before it is parsed: brackets in strings and escaped
// quotes do not count, and for any JSON value it agrees with the depth of the parsed value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nestsDeeper } from "../../src/server/json_tokens.js";

/** Arrays and objects on the deepest path (a scalar is 0 deep). */
function depthOf(v: unknown): number {
  if (v === null || typeof v !== "object") return 0;
  const inner = Object.values(v as object).map(depthOf);
  return 1 + Math.max(0, ...inner);
}

const cases: readonly [given: string, max: number, want: boolean][] = [
  ["[1,2]", 1, false],
  ["[1,2]", 0, true],
  ['{"a":[[1]]}', 3, false],
  ['{"a":[[1]]}', 2, true],
  ['{"a":"[[[[[{{{{"}', 1, false],
  ['{"a":"\\"[[[[["}', 1, false],
  ['{"a":"\\\\","b":[[[1]]]}', 3, true],
  ['{"a":"\\\\","b":[[[1]]]}', 4, false],
  ['{"\u00e9":"[[\ud83d\ude00\\u005b"}', 1, false],
  ["[".repeat(100_000) + "]".repeat(100_000), 64, true],
  // One opener more than the limit, and as deep: the opener count alone cannot settle it.
  ["[[1]]", 1, true],
  ['{"a":{}}', 1, true],
  // More openers than the limit, side by side: shallow.
  ["[[1],[2],{},[3]]", 2, false],
];

describe("nestsDeeper", () => {
  it.each(cases)("%j with at most %i levels: %s", (given, max, want) => {
    expect(nestsDeeper(given, max)).toBe(want);
  });

  it("agrees with the parsed value's depth for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 7 }), (v, max) => {
        expect(nestsDeeper(JSON.stringify(v), max)).toBe(depthOf(v) > max);
      }),
      { numRuns: 2000 },
    );
  });
});
