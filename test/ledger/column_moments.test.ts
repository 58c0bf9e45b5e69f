import { describe, expect, it } from "vitest";
import { moments, momentsOfColumns } from "../../src/ledger/column_moments.js";
import { Mt19937 } from "../../src/lib/prng.js";

describe("moments of many columns", () => {
  it("equal each column's own moments to the bit, in pairs, with gaps, an odd one out and another length", () => {
    const g = new Mt19937(7);
    const column = (n: number) =>
      Float64Array.from({ length: n }, (_, i) => (i % 13 === 5 ? Number.NaN : (g.nextFloat() - 0.5) * 0.02));
    const columns = [column(300), column(300), column(300), column(50), column(300), column(1)];
    const many = momentsOfColumns(columns);
    expect(many.size).toBe(columns.length);
    for (const c of columns) expect(many.get(c)).toEqual(moments(c));
    // Hand-checkable: 1, 2, 3 and a gap have mean 2 and sample variance 1.
    const small = Float64Array.of(1, Number.NaN, 2, 3);
    expect(momentsOfColumns([small, Float64Array.of(4, 5, 6, 7)]).get(small)).toEqual({ n: 3, mean: 2, variance: 1 });
  });
});
