import { describe, expect, it } from "vitest";
import {
  decimalOf,
  ratioHalfUp,
  lotsForUnits,
  pipSize,
  pipValueQuote,
  pointSize,
  quoteToBase,
  roundHalfUp,
  unitsForLots,
  LOT_SIZES,
} from "../../src/lib/money.js";

describe("money", () => {
  it("reads the decimal text of a number, not its binary value", () => {
    expect(decimalOf(0.1).plus(decimalOf(0.2)).toString()).toBe("0.3");
    expect(decimalOf(150.25).toString()).toBe("150.25");
    expect(() => decimalOf(NaN)).toThrow(RangeError);
    expect(() => decimalOf(Infinity)).toThrow(RangeError);
  });

  it("rounds half up on the decimal text", () => {
    // 1.155 as a binary double is 1.15499999..., a float round would give 1.15.
    expect(roundHalfUp(1.155).toString()).toBe("1.16");
    expect(roundHalfUp(0.945).toString()).toBe("0.95");
    expect(roundHalfUp(2.675).toString()).toBe("2.68");
    expect(roundHalfUp(-1.005).toString()).toBe("-1.01");
    expect(roundHalfUp(1.2344, "0.001").toString()).toBe("1.234");
    expect(roundHalfUp(12.5, 5).toString()).toBe("15");
    expect(() => roundHalfUp(1, 0)).toThrow(RangeError);
  });

  it("pip and point sizes: JPY quotes 0.01 / 0.001, others 0.0001 / 0.00001", () => {
    expect(pipSize("JPY").toString()).toBe("0.01");
    expect(pipSize("jpy").toString()).toBe("0.01");
    expect(pipSize("USD").toString()).toBe("0.0001");
    expect(pointSize(pipSize("JPY")).toString()).toBe("0.001");
    expect(pointSize(pipSize("USD")).toString()).toBe("0.00001");
  });

  it("hand-derived pip values: USDJPY 100000 at 150.25, EURUSD 100000", () => {
    // USDJPY: 100000 x 0.01 = 1000 JPY per pip; in USD 1000 / 150.25 = 6.65557404326123128119800...
    const jpy = pipValueQuote(100000, pipSize("JPY"));
    expect(jpy.toString()).toBe("1000");
    expect(quoteToBase(jpy, 150.25).toString()).toBe("6.6555740432612312812");
    // EURUSD: 100000 x 0.0001 = 10 USD per pip (quote currency is USD).
    expect(pipValueQuote(100000, pipSize("USD")).toString()).toBe("10");
    // A mini lot of GBPUSD: 10000 x 0.0001 = 1 USD.
    expect(pipValueQuote(unitsForLots(1, "mini"), pipSize("USD")).toString()).toBe("1");
    expect(() => quoteToBase(jpy, 0)).toThrow(RangeError);
  });

  it("lot sizes", () => {
    expect(LOT_SIZES).toEqual({ standard: 100000, mini: 10000, micro: 1000, nano: 100 });
    expect(unitsForLots(0.5).toString()).toBe("50000");
    expect(unitsForLots(3, "micro").toString()).toBe("3000");
    expect(lotsForUnits(25000).toString()).toBe("0.25");
  });

  it("rounds exact ratios half up", () => {
    expect(ratioHalfUp(517, 1096, 4)).toBe(0.4717);
    expect(ratioHalfUp(1, 8, 2)).toBe(0.13); // 0.125 is a tie: up
    expect(ratioHalfUp(-1, 8, 2)).toBe(-0.13); // ties away from zero
    expect(ratioHalfUp(2, 3, 4)).toBe(0.6667);
    expect(ratioHalfUp(4717, 10000, 0)).toBe(0);
    expect(() => ratioHalfUp(1, 0, 2)).toThrow(RangeError);
    expect(() => ratioHalfUp(0.5, 2, 2)).toThrow(RangeError);
  });
});
