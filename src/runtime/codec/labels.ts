// Index labels and ISO-8601 dates (docs/contract.md §3.4): the date grammar without regexes,
// calendar checks, and the index of a series or frame.
import { fieldPath, invalid, type Label } from "../../contract/guard.js";
import { jsonTypeName, showValue } from "./text.js";

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Two digits at `i` as a number, or -1. */
function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The time part of a date-time from position 10 (`THH:MM[:SS[.f{1,9}]][Z|±HH:MM]`):
 * 0 when it is not of that shape, 1 when it is a real time, 2 when shaped but out of range.
 */
function timePart(s: string): 0 | 1 | 2 {
  const n = s.length;
  if (n < 16 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58) return 0;
  const h = twoDigits(s, 11);
  const mi = twoDigits(s, 14);
  if (h < 0 || mi < 0) return 0;
  let ok = h <= 23 && mi <= 59;
  let i = 16;
  if (i < n && s.charCodeAt(i) === 58) {
    const sec = twoDigits(s, i + 1);
    if (sec < 0 || i + 3 > n) return 0;
    ok = ok && sec <= 59;
    i += 3;
    if (i < n && s.charCodeAt(i) === 46) {
      let j = i + 1;
      while (j < n && isDigit(s.charCodeAt(j))) j++;
      if (j === i + 1 || j - i - 1 > 9) return 0;
      i = j;
    }
  }
  if (i === n) return ok ? 1 : 2;
  const z = s.charCodeAt(i);
  if (z === 90) return i + 1 === n ? (ok ? 1 : 2) : 0;
  if ((z !== 43 && z !== 45) || i + 6 !== n || s.charCodeAt(i + 3) !== 58) return 0;
  const oh = twoDigits(s, i + 1);
  const om = twoDigits(s, i + 4);
  if (oh < 0 || om < 0) return 0;
  return ok && oh <= 23 && om <= 59 ? 1 : 2;
}

/** True when `s` starts `YYYY-MM-DD` (digits and dashes only; the calendar is not checked). */
function datePrefix(s: string): boolean {
  return (
    s.length >= 10 &&
    isDigit(s.charCodeAt(0)) &&
    isDigit(s.charCodeAt(1)) &&
    isDigit(s.charCodeAt(2)) &&
    isDigit(s.charCodeAt(3)) &&
    s.charCodeAt(4) === 45 &&
    isDigit(s.charCodeAt(5)) &&
    isDigit(s.charCodeAt(6)) &&
    s.charCodeAt(7) === 45 &&
    isDigit(s.charCodeAt(8)) &&
    isDigit(s.charCodeAt(9))
  );
}

/** 0: not date-shaped; 1: `YYYY-MM-DD`; 2: a date-time of the §3.4 grammar. No regex or closure on this path. */
export function dateShape(s: string): 0 | 1 | 2 {
  if (!datePrefix(s)) return 0;
  if (s.length === 10) return 1;
  return timePart(s) === 0 ? 0 : 2;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when a `YYYY-MM-DD`-shaped string is a real calendar date. */
function validDateDigits(s: string): boolean {
  const y =
    (s.charCodeAt(0) - 48) * 1000 + (s.charCodeAt(1) - 48) * 100 + (s.charCodeAt(2) - 48) * 10 + (s.charCodeAt(3) - 48);
  const m = (s.charCodeAt(5) - 48) * 10 + (s.charCodeAt(6) - 48);
  const day = (s.charCodeAt(8) - 48) * 10 + (s.charCodeAt(9) - 48);
  if (m < 1 || m > 12 || day < 1) return false;
  const leap = m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return day <= MONTH_DAYS[m - 1]! + (leap ? 1 : 0);
}

/** The bad-date detail for a date-shaped label: `"2024-13-01" is not a valid ISO-8601 date`. */
export function badDateText(s: string): string {
  return `${showValue(s)} is not a valid ISO-8601 ${dateShape(s) === 2 ? "date-time" : "date"}`;
}

/** A label's date kind: 0 not date-shaped, 1 a real ISO-8601 date or date-time, 2 shaped but not a real one. */
function dateKind(s: string): 0 | 1 | 2 {
  if (!datePrefix(s)) return 0;
  if (s.length === 10) return validDateDigits(s) ? 1 : 2;
  const time = timePart(s);
  if (time === 0) return 0;
  return time === 1 && validDateDigits(s) ? 1 : 2;
}

/** True when `s` is a real ISO-8601 date or date-time. */
export function isValidIsoLabel(s: string): boolean {
  return dateKind(s) === 1;
}

/**
 * Label lists whose labels are known good within one call: checked once already (two inputs
 * naming one file index share a list), or written by the runtime's own file readers. Only lists
 * the runtime made or checked during the call go in, so none can change before it is read again.
 */
export type CheckedLabels = WeakSet<readonly unknown[]>;

/**
 * Checks an index against `n` values or rows and returns its labels, kept exactly as sent.
 * When every label is date-shaped, each must be a real calendar value (error at `index/i`). A list
 * in `checked` has its length checked only; a list checked here is added to it.
 */
export function decodeIndex(
  raw: unknown,
  field: string,
  n: number,
  unit: "value" | "row",
  checked?: CheckedLabels,
): Label[] {
  const at = fieldPath(field, "index");
  if (!Array.isArray(raw)) throw invalid(at, `must be a list of labels, got ${jsonTypeName(raw)}`);
  if (raw.length !== n) throw invalid(at, `index has ${raw.length} label(s) but there are ${n} ${unit}(s)`);
  if (checked?.has(raw)) return raw as Label[];
  let allDates = true;
  let firstBad = -1;
  for (let i = 0; i < raw.length; i++) {
    const v: unknown = raw[i];
    if (typeof v === "string") {
      if (!allDates) continue;
      const kind = dateKind(v);
      if (kind === 0) allDates = false;
      else if (kind === 2 && firstBad < 0) firstBad = i;
    } else if (typeof v === "number" && Number.isFinite(v)) {
      allDates = false;
    } else {
      throw invalid(fieldPath(at, i), `a label must be a string or a number, got ${jsonTypeName(v)}`);
    }
  }
  if (allDates && firstBad >= 0) throw invalid(fieldPath(at, firstBad), badDateText(raw[firstBad] as string));
  checked?.add(raw);
  return raw as Label[];
}
