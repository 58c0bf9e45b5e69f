// verdictNumber: the one precision guards' messages write probabilities and Sharpes at.
import { describe, expect, it } from "vitest";
import { verdictNumber } from "../../src/lib/verdict_number.js";

describe("verdictNumber", () => {
  it("writes 4 decimals with trailing zeros dropped", () => {
    expect(verdictNumber(0.633473)).toBe("0.6335");
    expect(verdictNumber(0.95)).toBe("0.95");
    expect(verdictNumber(1 - 0.05)).toBe("0.95");
    expect(verdictNumber(0.693978)).toBe("0.694");
    expect(verdictNumber(-1.23456)).toBe("-1.2346");
    expect(verdictNumber(2)).toBe("2");
  });
  it("names non-finite values", () => {
    expect(verdictNumber(Infinity)).toBe("Infinity");
    expect(verdictNumber(-Infinity)).toBe("-Infinity");
    expect(verdictNumber(Number.NaN)).toBe("NaN");
  });
});
