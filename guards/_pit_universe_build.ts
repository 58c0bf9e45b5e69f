// pit_universe inputs: validation of both forms, and building the universe from members.
import { invalid, fieldPath, type Cell, type Frame, type IsoDate } from "../src/contract/guard.js";
import { column } from "../src/lib/frame.js";
import { formatIsoDate, requireIsoDate } from "../src/lib/dates.js";
import type { WorkMeter } from "../src/lib/work_meter.js";
import { isFrame } from "../src/lib/frame_shape.js";
import { describeCell } from "../src/lib/describe_value.js";

/** A universe: ascending day numbers, each with its de-duplicated ticker list. */
export interface DatedUniverse {
  readonly days: readonly number[];
  readonly lists: readonly (readonly string[])[];
}

/** One membership interval: both ends inclusive, `end` null = still a member. */
interface Membership {
  readonly ticker: string;
  readonly start: number;
  readonly end: number | null;
}

/** Daily traded value per ticker: ascending day numbers, columns of numbers (NaN = no data). */
export interface Liquidity {
  readonly days: readonly number[];
  readonly columns: Readonly<Record<string, readonly number[]>>;
}

/** Ticker lists with unique, sorted entries; every entry a non-empty string. */
function requireTickers(field: string, list: unknown): string[] {
  if (!Array.isArray(list)) throw invalid(field, `must be an array of ticker strings, got ${describeCell(list)}`);
  list.forEach((t, i) => {
    if (typeof t !== "string" || t === "")
      throw invalid(fieldPath(field, i), `must be a non-empty ticker string, got ${describeCell(t)}`);
  });
  return [...new Set(list as string[])].sort();
}

/** `{ISO date: [tickers]}` with >= 2 distinct dates, ordered ascending. */
export function readUniverse(universe: Readonly<Record<string, readonly string[]>>): DatedUniverse {
  if (typeof universe !== "object" || universe === null || Array.isArray(universe))
    throw invalid("universe", "must be an object {ISO date: [tickers]}");
  const keys = Object.keys(universe);
  if (keys.length < 2) throw invalid("universe", `needs at least 2 dates, got ${keys.length}`);
  const seen = new Map<number, string>();
  const entries = keys.map((k) => {
    const day = requireIsoDate(fieldPath("universe", k), k);
    const other = seen.get(day);
    if (other !== undefined)
      throw invalid(
        fieldPath("universe", k),
        `keys ${JSON.stringify(other)} and ${JSON.stringify(k)} are the same date`,
      );
    seen.set(day, k);
    return { day, list: requireTickers(fieldPath("universe", k), universe[k]) };
  });
  entries.sort((a, b) => a.day - b.day);
  return { days: entries.map((e) => e.day), lists: entries.map((e) => e.list) };
}

/** Rebalance dates: >= 2, strictly increasing. */
export function readRebalanceDates(dates: readonly IsoDate[]): number[] {
  if (!Array.isArray(dates))
    throw invalid("rebalance_dates", `must be an array of ISO dates, got ${describeCell(dates)}`);
  if (dates.length < 2) throw invalid("rebalance_dates", `needs at least 2 dates, got ${dates.length}`);
  const days = dates.map((d, i) => requireIsoDate(fieldPath("rebalance_dates", i), d));
  for (let i = 1; i < days.length; i++) {
    if (days[i] === days[i - 1])
      throw invalid(fieldPath("rebalance_dates", i), `duplicate date ${JSON.stringify(dates[i])}`);
    if (days[i]! < days[i - 1]!)
      throw invalid(
        fieldPath("rebalance_dates", i),
        `dates must be strictly increasing: ${JSON.stringify(dates[i])} comes after ${JSON.stringify(dates[i - 1])}`,
      );
  }
  return days;
}

/** Members: `ticker`, `start_date` required; `end_date` optional (null = still a member). */
export function readMembers(members: Frame): Membership[] {
  if (!isFrame(members)) throw invalid("members", "must be a frame with columns ticker, start_date, end_date");
  const tickers = column("members", members, "ticker");
  const starts = column("members", members, "start_date");
  const ends: readonly Cell[] = members.columns.includes("end_date")
    ? column("members", members, "end_date")
    : new Array<Cell>(members.nrows).fill(null);
  return tickers.map((t, i) => {
    if (typeof t !== "string" || t === "")
      throw invalid(
        fieldPath("members", "records", i, "ticker"),
        `must be a non-empty ticker string, got ${describeCell(t)}`,
      );
    const start = requireIsoDate(fieldPath("members", "records", i, "start_date"), starts[i]);
    const e = ends[i];
    const missing = e === null || e === undefined || (typeof e === "number" && Number.isNaN(e));
    const end = missing ? null : requireIsoDate(fieldPath("members", "records", i, "end_date"), e);
    if (end !== null && end < start)
      throw invalid(
        fieldPath("members", "records", i, "end_date"),
        `end_date ${JSON.stringify(e)} is before start_date ${JSON.stringify(starts[i])}`,
      );
    return { ticker: t, start, end };
  });
}

/** Liquidity: a frame indexed by strictly increasing ISO dates; cells finite and >= 0, or null. One unit per cell. */
export async function readLiquidity(liquidity: Frame, meter: WorkMeter): Promise<Liquidity> {
  if (!isFrame(liquidity))
    throw invalid("liquidity", "must be a frame indexed by ISO dates with one column per ticker");
  const index = liquidity.index;
  if (index === undefined) throw invalid(fieldPath("liquidity", "index"), "must be an index of ISO dates");
  const days = index.map((l, i) => requireIsoDate(fieldPath("liquidity", "index", i), l));
  for (let i = 1; i < days.length; i++) {
    if (days[i]! <= days[i - 1]!)
      throw invalid(
        fieldPath("liquidity", "index", i),
        `dates must be strictly increasing with no duplicates: ${JSON.stringify(index[i])} after ` +
          `${JSON.stringify(index[i - 1])}`,
      );
  }
  const columns: Record<string, number[]> = {};
  for (const name of liquidity.columns) {
    columns[name] = (liquidity.data[name] ?? []).map((c, i) => {
      if (typeof c === "number" && c >= 0 && c < Infinity) return c;
      if (c === null || (typeof c === "number" && Number.isNaN(c))) return NaN;
      const at = fieldPath("liquidity", "records", i, name);
      if (typeof c !== "number" || !Number.isFinite(c))
        throw invalid(at, `must be a finite traded value, got ${describeCell(c)}`);
      throw invalid(at, `traded value cannot be negative, got ${c}`);
    });
    await meter.add(liquidity.nrows);
  }
  return { days, columns };
}

export interface Screen {
  readonly liquidity: Liquidity;
  readonly minAdv: number;
  readonly lookback: number;
}

/** Number of liquidity rows dated <= day (binary search over ascending days). */
function rowsUpTo(days: readonly number[], day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (days[mid]! <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** True when the mean of the ticker's non-null values in rows [from, upto) is >= minAdv. */
function passesScreen(ticker: string, from: number, upto: number, screen: Screen): boolean {
  const col = screen.liquidity.columns[ticker];
  if (col === undefined) return false;
  let s = 0;
  let k = 0;
  for (let i = from; i < upto; i++) {
    if (!Number.isNaN(col[i]!)) {
      s += col[i]!;
      k += 1;
    }
  }
  return k > 0 && s / k >= screen.minAdv;
}

/** Units buildUniverse counts: members per date, plus the screen's window per member. */
export function buildUnits(nMembers: number, nDays: number, lookback: number | null): number {
  return nDays * nMembers * (1 + (lookback ?? 0));
}

/** The universe on each rebalance day: members on that day (closed interval), screened when asked. */
export async function buildUniverse(
  members: readonly Membership[],
  days: readonly number[],
  screen: Screen | null,
  meter: WorkMeter,
): Promise<DatedUniverse> {
  const lists: string[][] = [];
  for (const day of days) {
    const on = [
      ...new Set(members.filter((m) => m.start <= day && (m.end === null || day <= m.end)).map((m) => m.ticker)),
    ];
    if (screen === null) lists.push(on.sort());
    else {
      const upto = rowsUpTo(screen.liquidity.days, day);
      const from = Math.max(0, upto - screen.lookback);
      lists.push(on.filter((t) => passesScreen(t, from, upto, screen)).sort());
    }
    await meter.add(members.length * (1 + (screen === null ? 0 : screen.lookback)));
  }
  return { days, lists };
}

/** `{date: [tickers]}` for evidence. */
export function universeRecord(u: DatedUniverse): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  u.days.forEach((d, i) => (out[formatIsoDate(d)] = [...u.lists[i]!]));
  return out;
}
