// ISO-8601 text of a UTC instant from integer arithmetic, as one flat string: what Date#toISOString
// gives for years 0000-9999, without a Date object per value (timestamp columns and OHLCV times).
import { civilFromDays } from "./civil_date.js";

const MS_PER_DAY = 86_400_000;
/** 0000-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z: the years written with four digits. */
const FIRST_MS = -62_167_219_200_000;
const END_MS = 253_402_300_800_000;

const digit = (v: number) => 48 + v;

/** The last day written and the character codes of its `YYYY-MM-DD` (a column of times mostly repeats its day). */
let lastDay = Number.NaN;
const dayCodes = new Uint16Array(10);

/** Fills dayCodes for `day` (days since 1970-01-01, within years 0000-9999); runs once per day written. */
function writeDay(day: number): void {
  const [y, m, d] = civilFromDays(day);
  const text = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  for (let i = 0; i < 10; i++) dayCodes[i] = text.charCodeAt(i);
  lastDay = day;
}

/**
 * `YYYY-MM-DDTHH:MM:SS.mmmZ` of epoch milliseconds `ms` (an integer), or only `YYYY-MM-DD` when
 * `dateAtMidnight` and the instant is a midnight; null outside years 0000-9999 or for a non-integer.
 */
export function isoUtc(ms: number, dateAtMidnight: boolean): string | null {
  if (!(ms >= FIRST_MS && ms < END_MS) || !Number.isInteger(ms)) return null;
  const day = Math.floor(ms / MS_PER_DAY);
  if (day !== lastDay) writeDay(day);
  const c = dayCodes;
  const r = ms - day * MS_PER_DAY;
  if (r === 0 && dateAtMidnight)
    return String.fromCharCode(c[0]!, c[1]!, c[2]!, c[3]!, 45, c[5]!, c[6]!, 45, c[8]!, c[9]!);
  const h = Math.floor(r / 3_600_000);
  const mi = Math.floor(r / 60_000) % 60;
  const s = Math.floor(r / 1000) % 60;
  const f = r % 1000;
  return String.fromCharCode(
    c[0]!,
    c[1]!,
    c[2]!,
    c[3]!,
    45,
    c[5]!,
    c[6]!,
    45,
    c[8]!,
    c[9]!,
    84,
    digit(Math.floor(h / 10)),
    digit(h % 10),
    58,
    digit(Math.floor(mi / 10)),
    digit(mi % 10),
    58,
    digit(Math.floor(s / 10)),
    digit(s % 10),
    46,
    digit(Math.floor(f / 100)),
    digit(Math.floor(f / 10) % 10),
    digit(f % 10),
    90,
  );
}
