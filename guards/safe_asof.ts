import { Outcome, invalid, fieldPath, type Cell, type Frame } from "../src/contract/guard.js";
import { isMissing, requireCompleteColumn, requireFrame } from "../src/lib/frame_shape.js";
import { keyKind, parseDuration, type KeyKind } from "../src/lib/timestamps.js";
import { QuoteIndex, groupKey, stableOrder, type AsofDirection } from "../src/lib/asof.js";
import { makeFrame } from "../src/lib/frame.js";
import { WorkMeter } from "../src/lib/work_meter.js";
import { readTimeColumn } from "../src/lib/time_column.js";
import { describeCell } from "../src/lib/describe_value.js";

export const skill = "market-data-engineering";
export const title = "Safe as-of join audit";
export const required = ["left", "right", "on"] as const;
export const optional = ["by", "tolerance", "allow_exact_matches", "direction"] as const;

const TS_COLUMN = "_asof_right_ts";
const DIRECTIONS: readonly string[] = ["backward", "forward", "nearest"];
/** Budget used when tolerance is absent, so the other checks still run. */
const UNBOUNDED_DATETIME_MS = 36500 * 86400000;
const MS_PER_SECOND = 1000;

/** Validated join keys of one frame. */
interface Side {
  readonly frame: Frame;
  readonly times: readonly number[];
  readonly groups: readonly string[];
  readonly kinds: readonly KeyKind[];
}

/**
 * Audits an as-of join of signals to quotes or prices (merge_asof, the latest quote before each
 * signal): every match strictly before its signal time, never the same timestamp or the future, and
 * within the staleness budget.
 *
 * It performs the join with explicit settings and also verifies that the row count is preserved
 * and that the key columns have the same kind in both frames.
 *
 * Inputs
 *   left : the signals; must contain on (and by).
 *   right : the quotes; must contain on (and by).
 *   on : timestamp column in both frames, ISO date-times or numbers.
 *   by : group key column or columns, present in both frames.
 *   tolerance : the staleness budget (> 0): a duration string such as "5min" or "3D" for
 *       date-time keys (units ms, s, sec, min, T, h, H, D, d, W or second(s), minute(s), hour(s),
 *       day(s), week(s)); a number in key units for numeric keys. Absent is reported as an error.
 *   allow_exact_matches : whether a quote stamped exactly at the signal time may match.
 *   direction : search direction; only backward is causal.
 *
 * An exact-timestamp match, a missing tolerance, a forward or nearest direction and a key-type
 * mismatch all leak or mis-join silently; each is reported. max_staleness is in seconds for
 * date-time keys and in key units for numeric keys.
 *
 * @keywords as-of join, merge_asof, latest quote, same timestamp, future, staleness
 */
export async function check(
  left: Frame,
  right: Frame,
  on: string,
  by?: string | readonly string[],
  tolerance?: string | number,
  allow_exact_matches: boolean = false,
  direction: "backward" | "forward" | "nearest" = "backward",
) {
  requireFrame("left", left);
  requireFrame("right", right);
  if (typeof on !== "string" || on === "")
    throw invalid("on", `must be a non-empty column name, got ${JSON.stringify(on) ?? "undefined"}`);
  const byColumns = requireBy(by);
  if (typeof allow_exact_matches !== "boolean")
    throw invalid("allow_exact_matches", `must be a boolean, got ${JSON.stringify(allow_exact_matches)}`);
  if (!DIRECTIONS.includes(direction))
    throw invalid("direction", `must be one of ${JSON.stringify(DIRECTIONS)}, got ${JSON.stringify(direction)}`);
  requireColumns("left", left, on, byColumns);
  requireColumns("right", right, on, byColumns);
  const progress = new WorkMeter(4 * left.nrows + 2 * right.nrows);
  const l = await readSide("left", left, on, byColumns, progress);
  const r = await readSide("right", right, on, byColumns, progress);
  // an empty frame has no value kinds of its own: it takes the other frame's
  const lKinds = left.nrows === 0 ? r.kinds : l.kinds;
  const rKinds = right.nrows === 0 ? lKinds : r.kinds;
  const budget = requireTolerance(tolerance, lKinds[0]!, rKinds[0]!);
  const datetime = lKinds[0] === "datetime";

  const out = new Outcome();
  const settings = { on, by: byColumns, tolerance: tolerance ?? null, allow_exact_matches, direction };
  const unit = datetime ? "seconds" : "key units";
  const mismatches = keyMismatches(left, right, [on, ...byColumns], lKinds, rKinds);
  if (mismatches.length > 0) {
    for (const m of mismatches) out.error(m, "keys");
    return noteAll(out, settings, left.nrows, null, null, null, null, unit);
  }

  if (tolerance === undefined)
    out.error("no tolerance: no staleness budget, so a stale quote would match as if fresh", "tolerance");
  if (allow_exact_matches)
    out.warning(
      "allow_exact_matches is true: a same-stamp quote is not prior to the signal (the signal could not have seen it)",
      "allow_exact_matches",
    );
  if (direction !== "backward")
    out.warning(`direction '${direction}' looks into the future by design; only backward is causal`, "direction");

  const order = stableOrder(l.times);
  const index = new QuoteIndex(r.times, r.groups);
  const join = {
    direction: direction as AsofDirection,
    allowExact: allow_exact_matches,
    tolerance: budget ?? (datetime ? UNBOUNDED_DATETIME_MS : Infinity),
  };
  const matched = await progress.map(order.length, (k) => index.match(l.times[order[k]!]!, l.groups[order[k]!]!, join));
  const joined = await buildJoined(left, right, on, byColumns, order, matched, progress);
  if (joined.nrows !== left.nrows) {
    out.error(
      `the joined output has ${joined.nrows} rows but left has ${left.nrows}: the join changed the row count`,
      "rows",
    );
    return noteAll(out, settings, left.nrows, joined, null, null, null, unit);
  }

  const lags = order.map((li, k) => (matched[k]! < 0 ? null : l.times[li]! - r.times[matched[k]!]!));
  const matchedLags = lags.filter((x): x is number => x !== null);
  const lookAhead = lags.map((lag, k) => (lag !== null && lag <= 0 ? k : -1)).filter((k) => k >= 0);
  if (lookAhead.length > 0) {
    out.error(
      `LOOK-AHEAD: ${lookAhead.length} matched row(s) joined a quote stamped at or after the signal time ` +
        `(first at joined row ${lookAhead[0]}, left label ${JSON.stringify(joined.index![lookAhead[0]!])})`,
      "look-ahead",
    );
  }
  const nMatched = matchedLags.length;
  const nUnmatched = left.nrows - nMatched;
  if (out.passing)
    out.info(
      `${nMatched}/${left.nrows} rows matched strictly prior within ${String(tolerance)}; ${nUnmatched} ` +
        "honestly unmatched",
      "join",
    );
  const maxLag = nMatched === 0 ? null : matchedLags.reduce((m, x) => Math.max(m, x), -Infinity);
  const staleness = maxLag === null ? null : datetime ? maxLag / MS_PER_SECOND : maxLag;
  return noteAll(out, settings, left.nrows, joined, nMatched, nUnmatched, staleness, unit);
}

interface Settings {
  readonly on: string;
  readonly by: readonly string[];
  readonly tolerance: string | number | null;
  readonly allow_exact_matches: boolean;
  readonly direction: string;
}

function noteAll(
  out: Outcome,
  s: Settings,
  nLeft: number,
  joined: Frame | null,
  nMatched: number | null,
  nUnmatched: number | null,
  staleness: number | null,
  unit: string,
) {
  return out
    .note("on", s.on)
    .note("by", s.by)
    .note("tolerance", s.tolerance)
    .note("allow_exact_matches", s.allow_exact_matches)
    .note("direction", s.direction)
    .note("n_left", nLeft)
    .note("joined", joined)
    .note("n_matched", nMatched)
    .note("n_unmatched", nUnmatched)
    .note("max_staleness", staleness)
    .note("staleness_unit", unit)
    .done();
}

function requireBy(by: string | readonly string[] | undefined): string[] {
  if (by === undefined) return [];
  const list = typeof by === "string" ? [by] : by;
  if (!Array.isArray(list))
    throw invalid("by", `must be a column name or an array of column names, got ${JSON.stringify(by)}`);
  list.forEach((c, i) => {
    if (typeof c !== "string" || c === "")
      throw invalid(
        typeof by === "string" ? "by" : fieldPath("by", i),
        `must be a non-empty column name, got ${JSON.stringify(c)}`,
      );
  });
  return [...list];
}

/** The key columns exist (bad input names the frame) and `_asof_right_ts` does not. */
function requireColumns(field: string, frame: Frame, on: string, by: readonly string[]): void {
  if (frame.columns.includes(TS_COLUMN))
    throw invalid(field, `already has a column named '${TS_COLUMN}', which the join writes`);
  for (const c of [on, ...by]) {
    if (!frame.columns.includes(c) || frame.data[c] === undefined)
      throw invalid(field, `has no column '${c}'; columns: ${JSON.stringify(frame.columns)}`);
  }
}

/** Keys of one frame: `on` must be ISO date-times or finite numbers (one kind); no nulls in on or by. */
async function readSide(
  field: string,
  frame: Frame,
  on: string,
  by: readonly string[],
  progress: WorkMeter,
): Promise<Side> {
  const { times, kind: onKind } = await readTimeColumn(field, frame, on, progress);
  const byCells = by.map((c) => requireCompleteColumn(field, frame, c));
  const groups = await progress.map(frame.nrows, (i) => groupKey(byCells.map((cells) => cells[i])));
  return { frame, times, groups, kinds: [onKind, ...byCells.map(keyKind)] };
}

/** The budget in key units (ms for date-time keys), or null when absent. */
function requireTolerance(tolerance: string | number | undefined, leftOn: KeyKind, rightOn: KeyKind): number | null {
  if (tolerance === undefined) return null;
  let budget: number;
  if (typeof tolerance === "string") {
    const ms = parseDuration(tolerance);
    if (ms === null)
      throw invalid(
        "tolerance",
        `${JSON.stringify(tolerance)} is not a duration (a number followed by ms, s, sec, min, T, h, H, D, d, ` +
          "W or a long form such as minutes)",
      );
    budget = ms;
  } else if (typeof tolerance === "number" && Number.isFinite(tolerance)) {
    budget = tolerance;
  } else {
    throw invalid("tolerance", `must be a duration string or a finite number, got ${describeCell(tolerance)}`);
  }
  if (!(budget > 0)) throw invalid("tolerance", `must be > 0, got ${JSON.stringify(tolerance)}`);
  if (leftOn === rightOn) {
    if (leftOn === "datetime" && typeof tolerance !== "string")
      throw invalid(
        "tolerance",
        'the keys are date-times, so the tolerance must be a duration string such as "5min", got the number ' +
          `${tolerance}`,
      );
    if (leftOn === "number" && typeof tolerance !== "number")
      throw invalid(
        "tolerance",
        "the keys are numbers, so the tolerance must be a number in key units, got the duration " +
          `${JSON.stringify(tolerance)}`,
      );
  }
  return budget;
}

/** One message per key column whose value kind or declared dtype differs between the frames. */
function keyMismatches(
  left: Frame,
  right: Frame,
  columns: readonly string[],
  lk: readonly KeyKind[],
  rk: readonly KeyKind[],
): string[] {
  const out: string[] = [];
  columns.forEach((c, i) => {
    const ld: string | undefined = left.dtypes?.[c];
    const rd: string | undefined = right.dtypes?.[c];
    if (lk[i] !== rk[i]) {
      out.push(
        `key '${c}' has ${lk[i]} values in left but ${rk[i]} values in right: the join would silently match ` +
          "nothing or the wrong group; cast both to the same type",
      );
    } else if (ld !== undefined && rd !== undefined && ld !== rd) {
      const categorical = [ld, rd].includes("category") && [ld, rd].some((d) => d === "object" || d === "string");
      const hint = categorical ? "; cast both to the same type" : "; cast both to the same dtype";
      out.push(`key '${c}' has dtype ${ld} in left but ${rd} in right${hint}`);
    }
  });
  return out;
}

/** A right column's filler for unmatched rows: NaN in a numeric column, null otherwise. */
function missingCell(cells: readonly Cell[]): Cell {
  return cells.every((c) => typeof c === "number") ? NaN : null;
}

/**
 * The joined frame: one row per left row in `order` (left sorted by on, stable), left's index labels
 * (row positions when left has none), left's columns, right's non-key columns (a clash gets
 * `_right`), and `_asof_right_ts` = the matched quote's on value (null when unmatched).
 */
async function buildJoined(
  left: Frame,
  right: Frame,
  on: string,
  by: readonly string[],
  order: readonly number[],
  matched: readonly number[],
  progress: WorkMeter,
): Promise<Frame> {
  const data: Record<string, Cell[]> = {};
  for (const c of left.columns) data[c] = order.map((i) => left.data[c]![i] ?? null);
  for (const c of right.columns) {
    if (c === on || by.includes(c)) continue;
    let name = c;
    while (name in data || name === TS_COLUMN) name = `${name}_right`;
    const cells = right.data[c]!;
    const filler = missingCell(cells);
    data[name] = matched.map((m) => (m < 0 ? filler : (cells[m] ?? null)));
    await progress.advance(0);
  }
  const ts = right.data[on]!;
  data[TS_COLUMN] = matched.map((m) => (m < 0 || isMissing(ts[m]) ? null : ts[m]!));
  const index = order.map((i) => left.index?.[i] ?? i);
  await progress.advance(order.length);
  return makeFrame(data, index);
}
