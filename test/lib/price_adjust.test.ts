import { describe, expect, it } from "vitest";
import { makeFrame } from "../../src/lib/frame.js";
import { parseIsoDate } from "../../src/lib/dates.js";
import {
  cumulativeFactor,
  differenceBackAdjust,
  dividendRatio,
  gapDifference,
  gapRatio,
  ratioBackAdjust,
  requireActions,
  splitAdjust,
  splitFactors,
} from "../../src/lib/price_adjust.js";
import { badField } from "../helpers/bad_field.js";

describe("roll back-adjustment", () => {
  // Two contracts, roll at the close of row 2: held F0 = 100, 101, 102 then F1 = 109, 110, 112;
  // on the roll date F0 = 102 and F1 = 107, so the gap is +5 points or x 107/102.
  const prices = [100, 101, 102, 109, 110, 112];
  const active = [0, 0, 0, 1, 1, 1];
  const gaps = [{ oldClose: 102, newClose: 107 }];

  it("difference adds the gap to every earlier price, exactly", () => {
    expect(gapDifference(gaps[0]!).toString()).toBe("5");
    expect(differenceBackAdjust(prices, active, gaps)).toEqual([105, 106, 107, 109, 110, 112]);
  });

  it("ratio multiplies every earlier price by new/old", () => {
    const r = ratioBackAdjust(prices, active, gaps);
    const expected = [(100 * 107) / 102, (101 * 107) / 102, 107, 109, 110, 112];
    r.forEach((v, i) => expect(Math.abs(v - expected[i]!)).toBeLessThan(1e-12));
    expect(r[0]).toBeCloseTo(104.901961, 6);
    expect(gapRatio(gaps[0]!).toNumber()).toBeCloseTo(107 / 102, 15);
    // ratio-adjusted percentage changes equal the rolled position's: 1/100 before the roll.
    expect(r[1]! / r[0]! - 1).toBeCloseTo(0.01, 14);
  });

  it("difference adjustment can drive history negative; ratio cannot", () => {
    // F0 = 5, 11 then F1 = 3; on the roll row F0 = 11, F1 = 2: gap -9, ratio 2/11.
    const g = [{ oldClose: 11, newClose: 2 }];
    expect(differenceBackAdjust([5, 11, 3], [0, 0, 1], g)).toEqual([-4, 2, 3]);
    const r = ratioBackAdjust([5, 11, 3], [0, 0, 1], g);
    expect(r[0]).toBeCloseTo(10 / 11, 14);
    expect(r[1]).toBe(2);
    expect(r[2]).toBe(3);
  });

  it("chains several rolls: each segment carries the gaps of all later rolls", () => {
    // rolls +2 then -1: first segment shifted by +1, second by -1, last unshifted.
    const g = [
      { oldClose: 10, newClose: 12 },
      { oldClose: 13, newClose: 12 },
    ];
    expect(differenceBackAdjust([9, 10, 13, 12], [0, 0, 1, 2], g)).toEqual([10, 11, 12, 12]);
    const r = ratioBackAdjust([10, 13, 12], [0, 1, 2], g);
    expect(r[0]).toBeCloseTo(10 * 1.2 * (12 / 13), 12);
    expect(r[1]).toBeCloseTo(12, 12);
  });

  it("uses the decimal text: 0.3 - 0.1 gap is 0.2, not 0.19999999999999998", () => {
    expect(differenceBackAdjust([0.1], [0], [{ oldClose: 0.1, newClose: 0.3 }])).toEqual([0.3]);
    expect(gapDifference({ oldClose: 0.1, newClose: 0.3 }).toNumber()).toBe(0.2);
  });
});

describe("split adjustment", () => {
  const days = ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05"].map((d) => parseIsoDate(d)!);
  const actions = requireActions("actions", [["2024-01-04", 3]]);

  it("back factors are the later actions, forward factors the earlier-or-same", () => {
    expect(splitFactors(days, actions, "back").map((d) => d.toNumber())).toEqual([3, 3, 1, 1]);
    expect(splitFactors(days, actions, "forward").map((d) => d.toNumber())).toEqual([1, 1, 3, 3]);
    const back = splitAdjust([100, 101, 34, 35], days, actions, "back");
    expect(back[0]).toBeCloseTo(100 / 3, 12);
    expect(back.slice(2)).toEqual([34, 35]);
    expect(splitAdjust([100, 101, 34, 35], days, actions, "forward")).toEqual([100, 101, 102, 105]);
  });

  it("cumulative factor and dividend ratio", () => {
    expect(
      cumulativeFactor(
        requireActions("a", [
          ["2022-11-15", 7],
          ["2023-09-05", 3],
        ]),
      ).toNumber(),
    ).toBe(21);
    expect(dividendRatio(50, 1).toNumber()).toBeCloseTo(50 / 49, 15);
    expect(() => dividendRatio(1, 2)).toThrow(RangeError);
  });
});

describe("requireActions", () => {
  it("reads pairs and frames, defaults kind to split, sorts by date stably", () => {
    const a = requireActions("actions", [
      ["2024-03-01", 2],
      ["2024-01-02T00:00:00", 7],
    ]);
    expect(a.map((x) => [x.date, x.ratio, x.kind])).toEqual([
      ["2024-01-02", 7, "split"],
      ["2024-03-01", 2, "split"],
    ]);
    const f = makeFrame({ date: ["2024-02-01", "2024-01-01"], ratio: [1.02, 4], kind: ["dividend", null] });
    expect(requireActions("actions", f).map((x) => [x.date, x.kind])).toEqual([
      ["2024-01-01", "split"],
      ["2024-02-01", "dividend"],
    ]);
    expect(requireActions("actions", [])).toEqual([]);
  });

  it("rejects malformed actions naming the field", () => {
    expect(badField(() => requireActions("actions", "x"))).toBe("actions");
    expect(badField(() => requireActions("actions", [["2024-01-02"]]))).toBe("actions/0");
    expect(badField(() => requireActions("actions", [["2024-13-02", 2]]))).toBe("actions/0/0");
    expect(badField(() => requireActions("actions", [["2024-01-02", 0]]))).toBe("actions/0/1");
    expect(badField(() => requireActions("actions", [["2024-01-02", NaN]]))).toBe("actions/0/1");
    expect(badField(() => requireActions("actions", makeFrame({ date: ["2024-01-02"] })))).toBe("actions");
    expect(badField(() => requireActions("actions", makeFrame({ date: ["2024-01-02"], ratio: [Infinity] })))).toBe(
      "actions/records/0/ratio",
    );
    expect(badField(() => requireActions("actions", makeFrame({ date: [null], ratio: [2] })))).toBe(
      "actions/records/0/date",
    );
  });
});
