import { describe, expect, it } from "vitest";
import { WEEKENDS_ONLY, spotLag, spotValueDate, tripleRolloverWeekday, weekdayName } from "../../src/lib/calendar.js";
import { formatIsoDate, parseIsoDate } from "../../src/lib/dates.js";

const day = (s: string) => parseIsoDate(s)!;
const iso = (d: number) => formatIsoDate(d);

describe("calendar", () => {
  it("names weekdays (2024-01-01 is a Monday, 2024-01-06 a Saturday)", () => {
    expect(weekdayName(day("2024-01-01"))).toBe("Monday");
    expect(weekdayName(day("2024-01-06"))).toBe("Saturday");
    expect(weekdayName(day("2024-01-07"))).toBe("Sunday");
  });

  it("weekends-only calendar", () => {
    expect(WEEKENDS_ONLY.isBusinessDay(day("2024-01-05"))).toBe(true);
    expect(WEEKENDS_ONLY.isBusinessDay(day("2024-01-06"))).toBe(false);
    expect(WEEKENDS_ONLY.isBusinessDay(day("2024-01-07"))).toBe(false);
    // 2024-01-01 (New Year) is a business day here: there is no holiday calendar.
    expect(WEEKENDS_ONLY.isBusinessDay(day("2024-01-01"))).toBe(true);
  });

  it("settlement lags: T+1 for USDCAD and the named USD pairs in either order, T+2 otherwise", () => {
    for (const [b, q] of [
      ["USD", "CAD"],
      ["CAD", "USD"],
      ["USD", "TRY"],
      ["PHP", "USD"],
      ["USD", "RUB"],
      ["USD", "KZT"],
      ["usd", "pkr"],
    ]) {
      expect(spotLag(b!, q!)).toBe(1);
    }
    for (const [b, q] of [
      ["EUR", "USD"],
      ["USD", "JPY"],
      ["EUR", "CAD"],
      ["TRY", "JPY"],
      ["USD", "MXN"],
    ]) {
      expect(spotLag(b!, q!)).toBe(2);
    }
  });

  it("spot value dates across a weekend", () => {
    // T+2 from Friday 2024-01-05: Mon 8 (1), Tue 9 (2).
    expect(iso(spotValueDate(day("2024-01-05"), 2))).toBe("2024-01-09");
    // T+2 from Thursday 2024-01-04: Fri 5 (1), Mon 8 (2).
    expect(iso(spotValueDate(day("2024-01-04"), 2))).toBe("2024-01-08");
    // T+2 from Monday: Wednesday.
    expect(iso(spotValueDate(day("2024-01-08"), 2))).toBe("2024-01-10");
    // T+1 (USDCAD) from Friday 2024-01-05: Monday 8.
    expect(iso(spotValueDate(day("2024-01-05"), 1))).toBe("2024-01-08");
    // From a Saturday: T+2 counts Mon (1), Tue (2).
    expect(iso(spotValueDate(day("2024-01-06"), 2))).toBe("2024-01-09");
  });

  it("triple rollover: Wednesday for T+2, Thursday for T+1", () => {
    expect(tripleRolloverWeekday(2)).toBe("Wednesday");
    expect(tripleRolloverWeekday(1)).toBe("Thursday");
    expect(tripleRolloverWeekday(0)).toBe("Friday");
    // T+3: Tuesday's rollover moves value Friday -> Monday.
    expect(tripleRolloverWeekday(3)).toBe("Tuesday");
    expect(tripleRolloverWeekday(5)).toBe("Friday");
    expect(() => tripleRolloverWeekday(-1)).toThrow(RangeError);
    expect(() => tripleRolloverWeekday(1.5)).toThrow(RangeError);
  });
});
