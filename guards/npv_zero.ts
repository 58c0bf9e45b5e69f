import { Outcome, type IsoDate } from "../src/contract/guard.js";
import { requireIsoDate, formatIsoDate } from "../src/lib/dates.js";
import { requireNumber } from "../src/lib/series.js";
import { phi } from "../src/lib/normal.js";

export const skill = "lib-quantlib";
export const title = "QuantLib evaluation and curve dates";
export const required = ["eval_date", "curve_ref", "expiry"] as const;
export const optional = ["spot"] as const;

/** The fixed reference option: a European call, K = 100, r = 5% continuous, q = 0, sigma = 20%. */
const STRIKE = 100;
const RATE = 0.05;
const VOL = 0.2;

/** Actual/365 Fixed year fraction between two day numbers. */
function act365(a: number, b: number): number {
  return (b - a) / 365;
}

function blackScholesCall(spot: number, t: number): number {
  const sq = VOL * Math.sqrt(t);
  const d1 = (Math.log(spot / STRIKE) + (RATE + (VOL * VOL) / 2) * t) / sq;
  const d2 = d1 - sq;
  return spot * phi(d1) - STRIKE * Math.exp(-RATE * t) * phi(d2);
}

/** NPV as a QuantLib engine would give it: 0 once expired at `ev`, time measured from `cr`; null when t <= 0. */
function referenceNpv(spot: number, ev: number, cr: number, ex: number): number | null {
  if (ex <= ev) return 0;
  const t = act365(cr, ex);
  return t <= 0 ? null : blackScholesCall(spot, t);
}

function relativeError(priced: number | null, anchor: number | null): number | null {
  if (priced === null || anchor === null || anchor === 0) return null;
  return Math.abs(priced / anchor - 1);
}

/**
 * Fails a QuantLib-style valuation whose evaluation date, curve reference date and expiry disagree: an
 * option expired as of the evaluation date has an NPV of exactly 0.0 with no error, and a curve
 * anchored on another day measures every year fraction from the wrong date.
 *
 * Shows the size of the error on a fixed reference call (K 100, r 0.05, vol 0.20, Act/365).
 *
 * Inputs
 *   eval_date : the global evaluation date (Settings.evaluationDate).
 *   curve_ref : the term structure's referenceDate().
 *   expiry : the option's exercise date.
 *   spot : spot price of the reference option, > 0 (its strike is 100).
 *     @exclusiveMinimum 0
 *
 * @keywords quantlib, evaluation date, npv, exactly 0.0, expired, reference date
 */
export function check(eval_date: IsoDate, curve_ref: IsoDate, expiry: IsoDate, spot: number = 100) {
  const ev = requireIsoDate("eval_date", eval_date);
  const cr = requireIsoDate("curve_ref", curve_ref);
  const ex = requireIsoDate("expiry", expiry);
  const s = requireNumber("spot", spot, { above: 0 });

  const yearsFromCurve = act365(cr, ex);
  const yearsFromEval = act365(ev, ex);
  const asPriced = referenceNpv(s, ev, cr, ex);
  const anchored = referenceNpv(s, ev, ev, ex);
  const rel = relativeError(asPriced, anchored);

  const out = new Outcome();
  if (ex <= ev) {
    out.error(
      `expiry ${formatIsoDate(ex)} is on or before the evaluation date ${formatIsoDate(ev)}: the option has ` +
        "expired, so NPV() returns exactly 0.0 with no error",
      "expiry",
    );
  }
  if (cr !== ev) {
    const size =
      rel === null
        ? "the relative error on the reference option is undefined"
        : `the reference option is ${(rel * 100).toFixed(2)}% off (${fmt(asPriced)} vs ${fmt(anchored)})`;
    out.error(
      `curve reference date ${formatIsoDate(cr)} differs from the evaluation date ${formatIsoDate(ev)}: years ` +
        `to expiry ${yearsFromCurve.toFixed(6)} from the curve vs ${yearsFromEval.toFixed(6)} from evaluation; ` +
        `${size}`,
      "curve_ref",
    );
  }
  if (out.passing) out.info("dates agree", "dates");
  return out
    .note("eval_date", formatIsoDate(ev))
    .note("curve_ref", formatIsoDate(cr))
    .note("expiry", formatIsoDate(ex))
    .note("years_from_curve", yearsFromCurve)
    .note("years_from_eval", yearsFromEval)
    .note("npv_as_priced", asPriced)
    .note("npv_correct_anchor", anchored)
    .note("relative_error", rel)
    .note("spot", s)
    .done();
}

function fmt(x: number | null): string {
  return x === null ? "undefined" : x.toFixed(6);
}
