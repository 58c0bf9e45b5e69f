// ISO-8601 dates as day numbers (days since 1970-01-01, UTC), with strict validation.
import { invalid } from "../contract/guard.js";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/;

/** True when `s` is shaped like an ISO date or date-time (not yet checked as a calendar value). */
export function looksLikeIsoTimestamp(s: string): boolean {
  return DATE_RE.test(s) || DATE_TIME_RE.test(s);
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function validYmd(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** Day number of a valid `YYYY-MM-DD`, or null when it is not a real calendar date. */
export function parseIsoDate(s: string): number | null {
  const m = DATE_RE.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!validYmd(y, mo, d)) return null;
  return Math.round(Date.UTC(y, mo - 1, d) / 86400000);
}

/** Epoch milliseconds (UTC) of a valid ISO date or date-time, or null. A zone-less time is UTC. */
export function parseIsoTimestamp(s: string): number | null {
  const day = parseIsoDate(s);
  if (day !== null) return day * 86400000;
  const m = DATE_TIME_RE.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  const sec = m[6] === undefined ? 0 : Number(m[6]);
  if (!validYmd(y!, mo!, d!) || h! > 23 || mi! > 59 || sec > 59) return null;
  const frac = m[7] === undefined ? 0 : Number(`0.${m[7]}`) * 1000;
  let offsetMin = 0;
  if (m[8] && m[8] !== "Z") {
    const sign = m[8][0] === "-" ? -1 : 1;
    const [oh, om] = [Number(m[8].slice(1, 3)), Number(m[8].slice(4, 6))];
    if (oh > 23 || om > 59) return null;
    offsetMin = sign * (oh * 60 + om);
  }
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, sec) + frac - offsetMin * 60000;
}

/**
 * Reads an ISO date, accepting a date-time whose time part is exactly midnight (as dataframes
 * write dates); any other time part is bad input naming `field`. Returns the day number.
 */
export function requireIsoDate(field: string, s: unknown): number {
  if (typeof s !== "string")
    throw invalid(field, `must be an ISO-8601 date (YYYY-MM-DD), got ${JSON.stringify(s) ?? typeof s}`);
  const day = parseIsoDate(s);
  if (day !== null) return day;
  const ms = DATE_TIME_RE.test(s) ? parseIsoTimestamp(s) : null;
  if (ms !== null && ms % 86400000 === 0 && /T00:00(:00(\.0+)?)?(Z|[+-]00:00)?$/.test(s)) return ms / 86400000;
  throw invalid(field, `${JSON.stringify(s)} is not a valid ISO-8601 date`);
}

/** Reads an ISO date or date-time as epoch milliseconds, or throws bad input naming `field`. */
export function requireIsoTimestamp(field: string, s: unknown): number {
  const ms = typeof s === "string" ? parseIsoTimestamp(s) : null;
  if (ms === null) throw invalid(field, `${JSON.stringify(s) ?? typeof s} is not a valid ISO-8601 date or date-time`);
  return ms;
}

/** `YYYY-MM-DD` of a day number. */
export function formatIsoDate(day: number): string {
  return new Date(day * 86400000).toISOString().slice(0, 10);
}

/** Day of week of a day number: 0 = Sunday ... 6 = Saturday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** True on Saturday and Sunday. */
export function isWeekend(day: number): boolean {
  const w = weekday(day);
  return w === 0 || w === 6;
}

/** Moves `n` business days (weekends only; no holiday calendar) from `day`; n >= 0. */
export function addBusinessDays(day: number, n: number): number {
  let d = day;
  let left = n;
  while (left > 0) {
    d += 1;
    if (!isWeekend(d)) left -= 1;
  }
  return d;
}

/** The first `n` business days (Mon-Fri) from `start` inclusive (rolled forward off a weekend). */
export function businessDays(start: number, n: number): number[] {
  const out: number[] = [];
  let d = start;
  while (out.length < n) {
    if (!isWeekend(d)) out.push(d);
    d += 1;
  }
  return out;
}
