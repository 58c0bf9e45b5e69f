// mean sums left to right whatever the array kind: a Float64Array and the same numbers in an array agree to the bit.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mean, sd } from "../../src/lib/stats.js";

const reference = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("mean", () => {
  it("gives the left-to-right sum over n, bit for bit, for arrays and Float64Arrays", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, min: -1e300, max: 1e300 }), { maxLength: 300 }), (xs) => {
        const want = reference(xs);
        expect(Object.is(mean(xs), want)).toBe(true);
        expect(Object.is(mean(Float64Array.from(xs)), want)).toBe(true);
        expect(Object.is(sd(Float64Array.from(xs)), sd(xs))).toBe(true);
      }),
      { numRuns: 1000 },
    );
    expect(mean([])).toBeNaN();
    expect(mean(new Float64Array(0))).toBeNaN();
  });
});
