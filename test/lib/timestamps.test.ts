import { describe, expect, it } from "vitest";
import { isIsoTimestampString, keyKind, parseDuration, timeOfCell, timeValue } from "../../src/lib/timestamps.js";

describe("parseDuration", () => {
  it("reads every unit of the grammar", () => {
    const cases: [string, number][] = [
      ["250ms", 250],
      ["2s", 2000],
      ["2sec", 2000],
      ["1 second", 1000],
      ["3seconds", 3000],
      ["5min", 300000],
      ["5T", 300000],
      ["1minute", 60000],
      ["2 minutes", 120000],
      ["1h", 3600000],
      ["1H", 3600000],
      ["2hours", 7200000],
      ["1hour", 3600000],
      ["3D", 259200000],
      ["3d", 259200000],
      ["1day", 86400000],
      ["2days", 172800000],
      ["1W", 604800000],
      ["1week", 604800000],
      ["2weeks", 1209600000],
      ["1.5h", 5400000],
      [".5s", 500],
    ];
    for (const [s, ms] of cases) expect(parseDuration(s)).toBe(ms);
  });
  it("rejects what does not parse", () => {
    for (const s of ["", "5", "min", "5 mins", "-5min", "5M", "5y", "1e3s", "five min"])
      expect(parseDuration(s)).toBeNull();
  });
});

describe("key kinds", () => {
  it("classifies columns", () => {
    expect(keyKind([1, 2.5])).toBe("number");
    expect(keyKind([true, false])).toBe("boolean");
    expect(keyKind(["2024-01-02T09:30:00", "2024-01-02"])).toBe("datetime");
    expect(keyKind(["AAA", "2024-01-02"])).toBe("string");
    expect(keyKind([1, "a"])).toBe("mixed");
    expect(isIsoTimestampString("2024-02-30")).toBe(false);
  });
  it("timeValue gives epoch ms or the number", () => {
    expect(timeValue("1970-01-01T00:00:02Z")).toBe(2000);
    expect(timeValue(7)).toBe(7);
    expect(() => timeValue("x")).toThrow(RangeError);
    expect(timeOfCell("1970-01-01T00:00:01Z")).toBe(1000);
    expect(timeOfCell(3)).toBe(3);
    expect([timeOfCell(Infinity), timeOfCell("x"), timeOfCell(null), timeOfCell(true)].every(Number.isNaN)).toBe(true);
  });
});
