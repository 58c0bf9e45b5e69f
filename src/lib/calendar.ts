// Business-day calendars and FX spot value dates, built on dates.ts day numbers.
// Only one calendar exists: weekends (Saturday, Sunday) are the only non-business days. There is
// NO holiday calendar, so a public holiday in either currency can move a real value date.
import { addBusinessDays, isWeekend, weekday } from "./dates.js";

/** A business-day calendar over day numbers (days since 1970-01-01). */
export interface BusinessCalendar {
  readonly name: string;
  /** True when `day` is a business day. */
  isBusinessDay(day: number): boolean;
  /** Moves `n` >= 0 business days forward from `day` (the start day itself is never counted). */
  addBusinessDays(day: number, n: number): number;
}

/** Monday-Friday are business days; no holidays. */
export const WEEKENDS_ONLY: BusinessCalendar = Object.freeze({
  name: "weekends-only (no holiday calendar)",
  isBusinessDay: (day: number) => !isWeekend(day),
  addBusinessDays: (day: number, n: number) => addBusinessDays(day, n),
});

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** English name of the weekday of a day number. */
export function weekdayName(day: number): WeekdayName {
  return WEEKDAY_NAMES[weekday(day)]!;
}

/** The USD pairs that settle T+1 spot (either order); every other pair settles T+2. */
export const T_PLUS_ONE_USD_PARTNERS = ["CAD", "TRY", "PHP", "RUB", "KZT", "PKR"] as const;

/** Spot settlement lag in business days of a pair given as its two ISO codes. */
export function spotLag(base: string, quote: string): 1 | 2 {
  const b = base.toUpperCase();
  const q = quote.toUpperCase();
  const partner = b === "USD" ? q : q === "USD" ? b : null;
  return partner !== null && (T_PLUS_ONE_USD_PARTNERS as readonly string[]).includes(partner) ? 1 : 2;
}

/** Spot value date: `lag` business days after `tradeDay`, counting only business days of `cal`. */
export function spotValueDate(tradeDay: number, lag: number, cal: BusinessCalendar = WEEKENDS_ONLY): number {
  return cal.addBusinessDays(tradeDay, lag);
}

/**
 * The weekday whose overnight rollover spans a weekend of value dates (so it carries three
 * days of swap points): the business day d for which value(next business day) - value(d) = 3
 * calendar days. Derived on a reference week without holidays (2024-01-01 is a Monday).
 */
export function tripleRolloverWeekday(lag: number): WeekdayName {
  if (!Number.isInteger(lag) || lag < 0)
    throw new RangeError(`tripleRolloverWeekday: lag must be an integer >= 0, got ${lag}`);
  const monday = 19723; // 2024-01-01
  for (let d = monday; d < monday + 5; d++) {
    const next = WEEKENDS_ONLY.addBusinessDays(d, 1);
    const span = spotValueDate(next, lag) - spotValueDate(d, lag);
    if (span === 3) return weekdayName(d);
  }
  // unreachable for lag >= 0
  throw new RangeError(`tripleRolloverWeekday: no weekend-spanning rollover for lag ${lag}`);
}
