// Parquet dates and timestamps as the payload's ISO text. hyparquet hands an INT64 timestamp to a
// parser as a BigInt (two heap objects per value with the unit division); a page of them read here
// from its two 32-bit halves costs no allocation but the text.
import type { ParquetParsers } from "hyparquet";
import { isoText } from "./iso_time.js";

/** Epoch milliseconds as ISO text; outside years 0000-9999 a Date, which the caller words or refuses. */
export const instant = (ms: number): string | Date => isoText(ms) ?? new Date(ms);

/** Units of a TIMESTAMP per millisecond. */
export const PER_MS = { MILLIS: 1, MICROS: 1000, NANOS: 1_000_000 } as const;
export type TimeUnit = keyof typeof PER_MS;

const MICROS_PER_MS = BigInt(PER_MS.MICROS);
const NANOS_PER_MS = BigInt(PER_MS.NANOS);

/**
 * Dates and timestamps straight to ISO text (truncated toward zero to the millisecond, as hyparquet
 * does), for the values pushTimestamps does not take: dictionaries, INT96, DATE.
 */
export const PARSERS: Partial<ParquetParsers> = {
  timestampFromMilliseconds: (v) => instant(Number(v)),
  timestampFromMicroseconds: (v) => instant(Number(v / MICROS_PER_MS)),
  timestampFromNanoseconds: (v) => instant(Number(v / NANOS_PER_MS)),
  dateFromDays: (days) => instant(days * 86_400_000),
};

const TWO_32 = 4_294_967_296;

/**
 * `trunc((hi * 2^32 + lo) / d)` for a signed 64-bit integer given as its high half `hi` (signed) and
 * low half `lo` (unsigned), `d` in 1..10^6: exact whenever the quotient is below 2^53 in magnitude.
 */
export function truncDiv64(hi: number, lo: number, d: number): number {
  const a = Math.floor(hi / d); // exact: |hi| < 2^31, so hi / d is far from rounding to an integer
  const m = (hi - a * d) * TWO_32 + lo; // below d * 2^32 + 2^32 <= 2^53: exact
  let q = Math.floor(m / d);
  let r = m - q * d; // m / d may round to the next integer; the remainder says which
  if (r < 0) {
    q -= 1;
    r += d;
  } else if (r >= d) {
    q += 1;
    r -= d;
  }
  const floor = a * TWO_32 + q;
  return hi < 0 && r !== 0 ? floor + 1 : floor;
}

/** A page of INT64 timestamps in `unit`, appended to `out` as ISO text (a Date outside years 0000-9999). */
export function pushTimestamps(out: unknown[], page: BigInt64Array, unit: TimeUnit): void {
  const halves = new Uint32Array(page.buffer, page.byteOffset, page.length * 2);
  const d = PER_MS[unit];
  for (let k = 0; k < page.length; k++) out.push(instant(truncDiv64(halves[2 * k + 1]! | 0, halves[2 * k]!, d)));
}
