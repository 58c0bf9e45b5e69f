// survivorship_audit inputs: the price panel (or ticker list) and the listings table.
import { invalid, fieldPath, type Frame } from "../src/contract/guard.js";
import { column } from "../src/lib/frame.js";
import { requireIsoDate } from "../src/lib/dates.js";
import type { WorkMeter } from "../src/lib/work_meter.js";
import { isFrame, isMissing } from "../src/lib/frame_shape.js";
import { describeCell } from "../src/lib/describe_value.js";

/** A validated price panel: ascending day numbers, one column per ticker (NaN = no price). */
export interface PricePanel {
  readonly days: readonly number[];
  readonly tickers: readonly string[];
  readonly columns: readonly (readonly number[])[];
}

/** One listings row: day numbers, null when unknown / still listed. */
export interface Listing {
  readonly ticker: string;
  readonly listing: number | null;
  readonly delisting: number | null;
}

/** Prices: ISO-date index strictly increasing; non-null cells finite and > 0. Counts one unit per cell. */
export async function readPricePanel(frame: Frame, meter: WorkMeter): Promise<PricePanel> {
  if (frame.index === undefined || frame.index.length !== frame.nrows)
    throw invalid(fieldPath("prices", "index"), "must be an index of ISO dates (one per row)");
  if (frame.nrows === 0) throw invalid("prices", "must not be empty");
  if (frame.columns.length === 0) throw invalid("prices", "has no ticker columns");
  const days = frame.index.map((l, i) => requireIsoDate(fieldPath("prices", "index", i), l));
  for (let i = 1; i < days.length; i++) {
    if (days[i] === days[i - 1])
      throw invalid(fieldPath("prices", "index", i), `duplicate date ${JSON.stringify(frame.index[i])}`);
    if (days[i]! < days[i - 1]!)
      throw invalid(
        fieldPath("prices", "index", i),
        `dates must be increasing: ${JSON.stringify(frame.index[i])} comes after ${JSON.stringify(frame.index[i - 1])}`,
      );
  }
  const columns: number[][] = [];
  for (const name of frame.columns) {
    columns.push(
      (frame.data[name] ?? []).map((c, i) => {
        if (typeof c === "number" && c > 0 && c < Infinity) return c;
        if (isMissing(c)) return NaN;
        const at = fieldPath("prices", "records", i, name);
        if (typeof c !== "number" || !Number.isFinite(c))
          throw invalid(at, `a price must be a finite number or null, got ${describeCell(c)}`);
        throw invalid(at, `a price must be > 0, got ${c}`);
      }),
    );
    await meter.add(frame.nrows);
  }
  return { days, tickers: frame.columns, columns };
}

/** A bare ticker list: non-empty, unique, all non-empty strings. */
export function readTickerList(list: readonly string[]): string[] {
  if (list.length === 0) throw invalid("prices", "the ticker list must not be empty");
  const seen = new Set<string>();
  list.forEach((t, i) => {
    if (typeof t !== "string" || t === "")
      throw invalid(fieldPath("prices", i), `must be a non-empty ticker string, got ${describeCell(t)}`);
    if (seen.has(t)) throw invalid(fieldPath("prices", i), `duplicate ticker ${JSON.stringify(t)}`);
    seen.add(t);
  });
  return [...list];
}

function optionalDates(frame: Frame, name: string): (number | null)[] {
  if (!frame.columns.includes(name)) return new Array<number | null>(frame.nrows).fill(null);
  return column("listings", frame, name).map((c, i) =>
    isMissing(c) ? null : requireIsoDate(fieldPath("listings", "records", i, name), c),
  );
}

/** Listings: a `ticker` column; `listing_date`, `delisting_date` optional (ISO dates or null). */
export function readListings(listings: Frame): Listing[] {
  if (!isFrame(listings))
    throw invalid("listings", "must be a frame with columns ticker, listing_date, delisting_date");
  const tickers = column("listings", listings, "ticker");
  const listing = optionalDates(listings, "listing_date");
  const delisting = optionalDates(listings, "delisting_date");
  return tickers.map((t, i) => {
    if (typeof t !== "string" || t === "")
      throw invalid(
        fieldPath("listings", "records", i, "ticker"),
        `must be a non-empty ticker string, got ${describeCell(t)}`,
      );
    return { ticker: t, listing: listing[i]!, delisting: delisting[i]! };
  });
}
