// The civil date of a day number: proleptic Gregorian, UTC (H. Hinnant's inverse of days-from-civil,
// in 400-year eras of 146,097 days). The ISO writer (iso_utc.ts) builds on it.

/** [year, month 1-12, day 1-31] of `days` since 1970-01-01 (an integer). */
export function civilFromDays(days: number): readonly [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}
