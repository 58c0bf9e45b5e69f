// The alignment rule of two series: same dated labels, or equal lengths when undated.
import { describe, expect, it } from "vitest";
import { requireAligned } from "../../src/lib/series.js";

const dates = ["2024-01-02", "2024-01-03", "2024-01-04"];

describe("requireAligned", () => {
  it("accepts two series sharing one label list, and two with equal copies of it", () => {
    expect(() =>
      requireAligned("a", { values: [1, 2, 3], index: dates }, "b", { values: [4, 5, 6], index: dates }),
    ).not.toThrow();
    const copy = [...dates];
    expect(() =>
      requireAligned("a", { values: [1, 2, 3], index: dates }, "b", { values: [4, 5, 6], index: copy }),
    ).not.toThrow();
  });

  it("names the first differing date, and pairs undated series by length", () => {
    const other = ["2024-01-02", "2024-01-05", "2024-01-06"];
    expect(() =>
      requireAligned("a", { values: [1, 2, 3], index: dates }, "b", { values: [4, 5, 6], index: other }),
    ).toThrow('b: dates differ from a\'s at position 1: a has "2024-01-03", b has "2024-01-05"');
    const shared = ["x", "y", "z"];
    expect(() =>
      requireAligned("a", { values: [1, 2, 3], index: shared }, "b", { values: [4, 5], index: shared }),
    ).toThrow("b: has 2 value(s) but a has 3; they pair by position and must have equal length");
  });
});
