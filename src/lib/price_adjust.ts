// Price-adjustment conventions: corporate actions (split/dividend factors), split back- and
// forward-adjustment, and futures roll back-adjustment (difference = Panama, ratio). Price
// arithmetic runs in decimal.js on each number's decimal text; results come back as numbers.
import { Decimal } from "decimal.js";
import { invalid, fieldPath, type Cell, type Frame } from "../contract/guard.js";
import { formatIsoDate, requireIsoDate } from "./dates.js";
import { isFrame } from "./frame_shape.js";
import { describeCell } from "./describe_value.js";

/** Decimal arithmetic for price conventions: 34 significant digits, ties half up. */
export const Price = Decimal.clone({ precision: 34, rounding: Decimal.ROUND_HALF_UP });

/** The exact decimal of a finite number's shortest round-trip text. */
export function priceOf(x: number): Decimal {
  if (!Number.isFinite(x)) throw new RangeError(`priceOf: ${x} is not finite`);
  return new Price(String(x));
}

/** One corporate action: `ratio` is the factor the price divides by (7 for a 7-for-1 split). */
export interface CorporateAction {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** Days since 1970-01-01. */
  readonly day: number;
  readonly ratio: number;
  readonly kind: string;
}

/** Corporate actions as a guard receives them: a frame (`date`, `ratio`, optional `kind`) or `[date, ratio]` pairs. */
export type ActionsInput = Frame | readonly (readonly (string | number)[])[];

function requireRatio(field: string, x: unknown): number {
  if (typeof x !== "number" || !Number.isFinite(x) || !(x > 0)) {
    const got = describeCell(x);
    throw invalid(field, `ratio must be a finite number > 0, got ${got}`);
  }
  return x;
}

function actionsFromFrame(field: string, f: Frame): CorporateAction[] {
  for (const c of ["date", "ratio"]) {
    if (!f.columns.includes(c) || f.data[c] === undefined)
      throw invalid(field, `has no column '${c}'; columns: ${JSON.stringify(f.columns)}`);
  }
  const kinds: readonly Cell[] | undefined = f.columns.includes("kind") ? f.data["kind"] : undefined;
  const out: CorporateAction[] = [];
  for (let i = 0; i < f.nrows; i++) {
    const day = requireIsoDate(fieldPath(field, "records", i, "date"), f.data["date"]![i]);
    const ratio = requireRatio(fieldPath(field, "records", i, "ratio"), f.data["ratio"]![i]);
    const k = kinds?.[i];
    if (k !== undefined && k !== null && typeof k !== "string")
      throw invalid(fieldPath(field, "records", i, "kind"), `kind must be a string, got ${JSON.stringify(k)}`);
    out.push({ date: formatIsoDate(day), day, ratio, kind: typeof k === "string" && k !== "" ? k : "split" });
  }
  return out;
}

function actionsFromPairs(field: string, pairs: readonly unknown[]): CorporateAction[] {
  return pairs.map((p, i) => {
    if (!Array.isArray(p) || p.length !== 2)
      throw invalid(fieldPath(field, i), `must be a [date, ratio] pair, got ${describeCell(p)}`);
    const day = requireIsoDate(fieldPath(field, i, 0), p[0]);
    const ratio = requireRatio(fieldPath(field, i, 1), p[1]);
    return { date: formatIsoDate(day), day, ratio, kind: "split" };
  });
}

/** Validates corporate actions and returns them sorted by date (stable). Bad input names `field`. */
export function requireActions(field: string, actions: unknown): CorporateAction[] {
  let list: CorporateAction[];
  if (isFrame(actions) && actions.nrows === 0)
    list = []; // an empty table needs no columns
  else if (isFrame(actions)) list = actionsFromFrame(field, actions);
  else if (Array.isArray(actions)) list = actionsFromPairs(field, actions);
  else
    throw invalid(
      field,
      "must be a frame with columns date, ratio[, kind] or an array of [date, ratio] pairs, got " +
        `${actions === null ? "null" : typeof actions}`,
    );
  return list
    .map((a, i) => ({ a, i }))
    .sort((x, y) => x.a.day - y.a.day || x.i - y.i)
    .map((x) => x.a);
}

/** Price factor of a cash dividend paid out of `prevClose`: prevClose / (prevClose - dividend). */
export function dividendRatio(prevClose: number, dividend: number): Decimal {
  const p = priceOf(prevClose);
  const d = priceOf(dividend);
  if (!(p.gt(0) && d.gte(0) && d.lt(p)))
    throw new RangeError(`dividendRatio: need 0 <= dividend < prevClose, got ${dividend} and ${prevClose}`);
  return p.div(p.minus(d));
}

/** Product of the ratios of `actions` (1 for none). */
export function cumulativeFactor(actions: readonly CorporateAction[]): Decimal {
  return actions.reduce((acc, a) => acc.mul(priceOf(a.ratio)), new Price(1));
}

/**
 * Per-date adjustment factors for raw prices on `days` (day numbers):
 * "back" = product of ratios of actions AFTER the date (back-adjusted = raw / factor);
 * "forward" = product of ratios of actions ON OR BEFORE the date (forward-adjusted = raw x factor).
 */
export function splitFactors(
  days: readonly number[],
  actions: readonly CorporateAction[],
  convention: "back" | "forward",
): Decimal[] {
  return days.map((d) => {
    const applies = actions.filter((a) => (convention === "back" ? a.day > d : a.day <= d));
    return cumulativeFactor(applies);
  });
}

/** Applies split factors to raw prices: back divides, forward multiplies. */
export function splitAdjust(
  raw: readonly number[],
  days: readonly number[],
  actions: readonly CorporateAction[],
  convention: "back" | "forward",
): number[] {
  const f = splitFactors(days, actions, convention);
  return raw.map((p, i) => (convention === "back" ? priceOf(p).div(f[i]!) : priceOf(p).mul(f[i]!)).toNumber());
}

/** One futures roll: the expiring contract's close and the next contract's close on the roll date. */
export interface RollGap {
  readonly oldClose: number;
  readonly newClose: number;
}

/** new - old, exactly. */
export function gapDifference(g: RollGap): Decimal {
  return priceOf(g.newClose).minus(priceOf(g.oldClose));
}

/** new / old, to 34 significant digits. old > 0. */
export function gapRatio(g: RollGap): Decimal {
  return priceOf(g.newClose).div(priceOf(g.oldClose));
}

/**
 * Difference (Panama) back-adjustment: each roll's gap is ADDED to every price held before it.
 * `prices[t]` is the active contract's close, `active[t]` its 0-based index (roll j moves from
 * contract j to j+1); the newest segment is unadjusted.
 */
export function differenceBackAdjust(
  prices: readonly number[],
  active: readonly number[],
  gaps: readonly RollGap[],
): number[] {
  const shift: Decimal[] = [new Price(0)];
  for (let j = gaps.length - 1; j >= 0; j--) shift.unshift(shift[0]!.plus(gapDifference(gaps[j]!)));
  return prices.map((p, t) => priceOf(p).plus(shift[active[t]!]!).toNumber());
}

/** Ratio back-adjustment: every price held before roll j is multiplied by that roll's new/old. */
export function ratioBackAdjust(
  prices: readonly number[],
  active: readonly number[],
  gaps: readonly RollGap[],
): number[] {
  const scale: Decimal[] = [new Price(1)];
  for (let j = gaps.length - 1; j >= 0; j--) scale.unshift(scale[0]!.mul(gapRatio(gaps[j]!)));
  return prices.map((p, t) => priceOf(p).mul(scale[active[t]!]!).toNumber());
}
