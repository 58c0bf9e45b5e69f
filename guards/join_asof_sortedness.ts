import { Outcome, invalid, type Cell, type Frame } from "../src/contract/guard.js";
import { requireCompleteColumn, requireFrame } from "../src/lib/frame_shape.js";
import { keyKind, type KeyKind } from "../src/lib/timestamps.js";
import { CursorJoin, QuoteIndex, groupKey } from "../src/lib/asof.js";
import { WorkMeter } from "../src/lib/work_meter.js";
import { readTimeColumn } from "../src/lib/time_column.js";

export const skill = "lib-polars";
export const title = "As-of join input order";
export const required = ["left", "right", "on", "by"] as const;
export const optional = ["val"] as const;

/** Two joined values agree within this absolute difference. */
const AGREE_TOL = 1e-12;

/** A frame's time and group keys, validated. */
interface Keys {
  readonly times: readonly number[];
  readonly groups: readonly Cell[];
  readonly onKind: KeyKind;
  readonly byKind: KeyKind;
}

/**
 * Fails frames whose row order (sorted by symbol first, not by time) makes a cursor-based as-of join
 * (polars join_asof with by, and other sorted-merge implementations) silently return quotes from the
 * future.
 *
 * It runs that cursor join and an order-independent correct join side by side and counts the rows
 * where they disagree.
 *
 * Inputs
 *   left : the signals (rows to enrich); non-empty, must contain on and by.
 *   right : the quotes; must contain on, by and val.
 *   on : time column in both frames, numbers or ISO date-times (same kind in both).
 *   by : group column in both frames, strings or numbers (same kind in both).
 *   val : the quote column to join; defaults to the first column of right that is neither on nor
 *       by.
 *
 * Both joins are backward with ties included (quote time <= signal time). Warns about each frame
 * not sorted by [by, on], which is unsafe in general even when the joins happen to agree.
 *
 * @keywords join_asof, polars, sorted by symbol, sorted-merge, silently, future
 */
export async function check(left: Frame, right: Frame, on: string, by: string, val?: string) {
  requireFrame("left", left);
  requireFrame("right", right);
  if (left.nrows === 0) throw invalid("left", "must not be empty");
  requireColumnName("on", on);
  requireColumnName("by", by);
  const valColumn = chooseVal(right, on, by, val);
  const progress = new WorkMeter(6 * left.nrows + 3 * right.nrows);
  const lk = await readKeys("left", left, on, by, progress);
  const rk = await readKeys("right", right, on, by, progress);
  // an empty right has no value kinds to compare
  if (right.nrows > 0 && lk.onKind !== rk.onKind)
    throw invalid(
      "on",
      `column '${on}' holds ${lk.onKind} values in left but ${rk.onKind} in right; both must be numbers or ` +
        "both ISO date-times",
    );
  if (right.nrows > 0 && lk.byKind !== rk.byKind)
    throw invalid(
      "by",
      `column '${by}' holds ${lk.byKind} values in left but ${rk.byKind} in right; both must be strings or ` +
        "both numbers",
    );

  const lg = await progress.map(left.nrows, (i) => groupKey([lk.groups[i]]));
  const rg = await progress.map(right.nrows, (i) => groupKey([rk.groups[i]]));
  const values = right.data[valColumn]!;
  const index = new QuoteIndex(rk.times, rg);
  await progress.advance(0);
  const settings = { direction: "backward", allowExact: true, tolerance: Infinity } as const;
  const correct = await progress.map(left.nrows, (i) => index.match(lk.times[i]!, lg[i]!, settings));
  const cursorJoin = new CursorJoin(rk.times, rg);
  const cursor = await progress.map(left.nrows, (i) => cursorJoin.next(lk.times[i]!, lg[i]!));
  const wrongRows: number[] = [];
  await progress.forChunks(left.nrows, (from, to) => {
    for (let i = from; i < to; i++)
      if (!agree(cellAt(values, correct[i]!), cellAt(values, cursor[i]!))) wrongRows.push(i);
  });
  const leftSorted = sortedByGroupThenTime(lk);
  await progress.advance(left.nrows);
  const rightSorted = sortedByGroupThenTime(rk);
  await progress.advance(right.nrows);

  const out = new Outcome();
  const n = left.nrows;
  if (wrongRows.length > 0) {
    out.error(
      `${wrongRows.length} of ${n} rows would be matched to a different (later) quote by a cursor join; sort ` +
        "BOTH frames by [by, on] before join_asof, carry the quote timestamp through, assert quote_time <= time",
      "order",
    );
  } else {
    out.info(`cursor and correct joins agree on all ${n} rows`, "order");
  }
  if (!leftSorted)
    out.warning(
      `left is not sorted by [${by}, ${on}] (group then time): a cursor join is unsafe on it in general`,
      "order",
    );
  if (!rightSorted)
    out.warning(
      `right is not sorted by [${by}, ${on}] (group then time): a cursor join is unsafe on it in general`,
      "order",
    );
  return out
    .note("n_rows", n)
    .note("n_wrong", wrongRows.length)
    .note("wrong_rows", wrongRows)
    .note("left_sorted_by_group_then_time", leftSorted)
    .note("right_sorted_by_group_then_time", rightSorted)
    .note("val", valColumn)
    .done();
}

function requireColumnName(field: string, x: unknown): void {
  if (typeof x !== "string" || x === "")
    throw invalid(field, `must be a non-empty column name, got ${JSON.stringify(x) ?? "undefined"}`);
}

/** The val column: as given (must be in right), or the first right column that is neither on nor by. */
function chooseVal(right: Frame, on: string, by: string, val: string | undefined): string {
  if (val !== undefined) {
    requireColumnName("val", val);
    if (!right.columns.includes(val))
      throw invalid("val", `column '${val}' is not in right; columns: ${JSON.stringify(right.columns)}`);
    return val;
  }
  const candidate = right.columns.find((c) => c !== on && c !== by);
  if (candidate === undefined)
    throw invalid(
      "val",
      `right has no column besides '${on}' and '${by}' to join; columns: ${JSON.stringify(right.columns)}`,
    );
  return candidate;
}

async function readKeys(field: string, frame: Frame, on: string, by: string, progress: WorkMeter): Promise<Keys> {
  const { times, kind: onKind } = await readTimeColumn(field, frame, on, progress);
  const byCells = requireCompleteColumn(field, frame, by);
  const byKind = keyKind(byCells);
  const groupKind = byKind === "datetime" ? "string" : byKind; // an ISO-looking label is still a string group
  if (groupKind !== "number" && groupKind !== "string")
    throw invalid(field, `column '${by}' must hold strings or numbers, got ${byKind} values`);
  return { times, groups: byCells, onKind, byKind: groupKind };
}

function cellAt(values: readonly Cell[], row: number): Cell {
  return row < 0 ? null : (values[row] ?? null);
}

/** Both missing, numbers within 1e-12, or equal non-numeric values. */
function agree(a: Cell, b: Cell): boolean {
  const missing = (c: Cell) => c === null || (typeof c === "number" && Number.isNaN(c));
  if (missing(a) || missing(b)) return missing(a) && missing(b);
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) < AGREE_TOL;
  return a === b;
}

/** (by_i, on_i) <= (by_{i+1}, on_{i+1}) for every consecutive pair: numbers numerically, strings by code unit. */
function sortedByGroupThenTime(k: Keys): boolean {
  for (let i = 1; i < k.times.length; i++) {
    const a = k.groups[i - 1]!;
    const b = k.groups[i]!;
    if (a === b) {
      if (k.times[i - 1]! > k.times[i]!) return false;
    } else if (a > b) return false;
  }
  return true;
}
