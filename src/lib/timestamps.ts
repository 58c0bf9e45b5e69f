// Durations and key kinds of time columns (ISO date-times or numbers), on top of dates.ts.
import { looksLikeIsoTimestamp, parseIsoTimestamp } from "./dates.js";

const UNIT_MS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  sec: 1000,
  second: 1000,
  seconds: 1000,
  min: 60000,
  T: 60000,
  minute: 60000,
  minutes: 60000,
  h: 3600000,
  H: 3600000,
  hour: 3600000,
  hours: 3600000,
  D: 86400000,
  d: 86400000,
  day: 86400000,
  days: 86400000,
  W: 604800000,
  week: 604800000,
  weeks: 604800000,
};
const DURATION_RE = /^(\d+(?:\.\d+)?|\.\d+)\s*([A-Za-z]+)$/;

/**
 * Milliseconds of a duration string: a number (integer or decimal) followed by a unit
 * (ms; s, sec; min, T; h, H; D, d; W; second(s), minute(s), hour(s), day(s), week(s)).
 * Null when it does not parse. "5min" -> 300000, "1.5h" -> 5400000.
 */
export function parseDuration(s: string): number | null {
  const m = DURATION_RE.exec(s.trim());
  if (!m) return null;
  const unit = UNIT_MS[m[2]!];
  return unit === undefined ? null : Number(m[1]) * unit;
}

/** The kind of a key column's values: all numbers, all booleans, all ISO date-times, all strings, or mixed. */
export type KeyKind = "number" | "boolean" | "datetime" | "string" | "mixed";

/** True when `x` is a string that parses as an ISO date or date-time. */
export function isIsoTimestampString(x: unknown): x is string {
  return typeof x === "string" && looksLikeIsoTimestamp(x) && parseIsoTimestamp(x) !== null;
}

/** Kind of a column of non-missing cells (an empty column is "number"; callers reject empties they care about). */
export function keyKind(cells: readonly unknown[]): KeyKind {
  if (cells.every((c) => typeof c === "number")) return "number";
  if (cells.every((c) => typeof c === "boolean")) return "boolean";
  if (cells.every(isIsoTimestampString)) return "datetime";
  if (cells.every((c) => typeof c === "string")) return "string";
  return "mixed";
}

/** A time key as a comparable number: epoch ms for an ISO string, the number itself otherwise. */
export function timeValue(x: unknown): number {
  if (typeof x === "number") return x;
  const t = typeof x === "string" ? parseIsoTimestamp(x) : null;
  if (t === null) throw new RangeError(`timeValue: ${JSON.stringify(x)} is neither a number nor an ISO date-time`);
  return t;
}

/** A time-key cell as a comparable number (epoch ms of an ISO string, a finite number as is); NaN otherwise. */
export function timeOfCell(c: unknown): number {
  if (typeof c === "number") return Number.isFinite(c) ? c : NaN;
  if (typeof c !== "string") return NaN;
  return parseIsoTimestamp(c) ?? NaN;
}
