// fieldPath builds in one pass what the join of escaped, non-empty segments gave.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldPath } from "../../src/contract/guard.js";

/** The definition it replaced: every segment escaped, empty ones dropped, joined by "/". */
const joined = (base: string, segments: readonly (string | number)[]) =>
  [base, ...segments.map((s) => String(s).replace(/~/g, "~0").replace(/\//g, "~1"))].filter((s) => s !== "").join("/");

describe("fieldPath", () => {
  it("equals the escaped join of its non-empty segments", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "~", "/", "0", "1", "\u00e9") });
    const segment = fc.oneof(text, fc.integer({ min: -5, max: 1000 }), fc.double());
    fc.assert(
      fc.property(text, fc.array(segment, { maxLength: 5 }), (base, segments) => {
        expect(fieldPath(base, ...segments)).toBe(joined(base, segments));
      }),
      { numRuns: 2000 },
    );
    expect(fieldPath("model_returns", "a/b~c", 3, "")).toBe("model_returns/a~1b~0c/3");
  });
});
