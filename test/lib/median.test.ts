// The median of the unit checks (selection in place) against the textbook sorted median.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  checkPercentReturnColumns,
  checkPercentReturns,
  median,
  percentReturnThreshold,
  percentReturnsMessage,
} from "../../src/lib/unit_checks.js";
import { Outcome } from "../../src/contract/guard.js";

function sortedMedian(xs: readonly number[]): number {
  const v = [...xs].sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = v.length >> 1;
  return v.length % 2 === 1 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

describe("median", () => {
  it("equals the sorted median for any finite numbers, duplicates and both parities included", () => {
    const small = fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 60 });
    const wide = fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 300 });
    // + 0 folds -0 into 0: which zero a tie of zeros yields is not part of the contract.
    fc.assert(
      fc.property(fc.oneof(small, wide), (xs) => {
        expect(median(xs) + 0).toBe(sortedMedian(xs) + 0);
      }),
      { numRuns: 2000 },
    );
  });

  it("hand-checked values, and none for an empty list", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([0.5])).toBe(0.5);
    expect(median(new Float64Array([7, 7, 7, 1]))).toBe(7);
    expect(median([])).toBeNaN();
  });

  it("stays exact on inputs that defeat a median-of-three pivot and on long runs of equal values", () => {
    const n = 100_001;
    const organPipe = Array.from({ length: n }, (_, i) => (i < n / 2 ? i : n - i));
    const sawtooth = Array.from({ length: n }, (_, i) => i % 3);
    const descending = Array.from({ length: n }, (_, i) => n - i);
    for (const xs of [organPipe, sawtooth, descending]) expect(median(xs)).toBe(sortedMedian(xs));
  });

  it("with a NaN, orders it last as a numeric sort does", () => {
    expect(median([Number.NaN, 1, 2])).toBe(2);
    expect(median([3, Number.NaN, 1, 2])).toBe(2.5);
  });
});

describe("checkPercentReturnColumns", () => {
  it("judges the median |r| of every cell of the columns, as over their concatenation", () => {
    const a = [0.3, -0.5, 0.1];
    const b = new Float64Array([-0.25, 0.05]);
    const out = new Outcome();
    expect(checkPercentReturnColumns(out, "m", [a, b])).toBe(true);
    const same = new Outcome();
    expect(checkPercentReturns(same, "m", [...a, ...b])).toBe(true);
    expect(out.done().findings).toEqual(same.done().findings);
    expect(out.done().findings[0]!.message).toContain("median |return| 0.25 per period");
    expect(checkPercentReturnColumns(new Outcome(), "m", [[0.01, -0.3], new Float64Array([0.02])])).toBe(false);
  });

  it("fires exactly when the sorted median |r| is above the threshold: both parities, ties at it, NaN last", () => {
    const limit = percentReturnThreshold(252);
    // Cells drawn around the threshold (and exactly on it), so the median falls on either side of it.
    const cell = fc.oneof(
      fc.constantFrom(limit, -limit, Number.NaN, 0),
      fc.double({ min: -3 * limit, max: 3 * limit, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 40 }), (xs) => {
        expect(percentReturnsMessage("r", xs) !== null).toBe(median(xs.map(Math.abs)) > limit);
      }),
      { numRuns: 3000 },
    );
  });

  it("over several columns (arrays and Float64Arrays, empty ones too), fires as over their concatenation", () => {
    const limit = percentReturnThreshold(252);
    const cell = fc.oneof(
      fc.constantFrom(limit, -limit, 0),
      fc.double({ min: -3 * limit, max: 3 * limit, noNaN: true }),
    );
    const col = fc.tuple(fc.array(cell, { maxLength: 12 }), fc.boolean());
    fc.assert(
      fc.property(fc.array(col, { minLength: 1, maxLength: 6 }), (cols) => {
        const columns = cols.map(([xs, typed]) => (typed ? Float64Array.from(xs) : xs));
        const all = cols.flatMap(([xs]) => xs);
        expect(checkPercentReturnColumns(new Outcome(), "m", columns)).toBe(median(all.map(Math.abs)) > limit);
      }),
      { numRuns: 3000 },
    );
  });
});
