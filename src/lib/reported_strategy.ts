// The reported strategy of an overfitting verdict, measured where its returns were sent: Sharpe, n_obs and
// moments computed by the server, each declared number compared with its measured value (beyond rounding
// an error naming both; the verdict uses the measured), and every input's source named for the evidence.
import { type Cell, type Outcome, type Series, invalid } from "../contract/guard.js";
import { requireDecimalReturns } from "./decimal_returns.js";
import { autocorrelation } from "./lo_sharpe.js";
import { kurtosisRaw, sharpe, skewness } from "./stats.js";
import { checkPercentReturns } from "./unit_checks.js";
import { verdictNumber } from "./verdict_number.js";

/** Where a number behind a verdict came from. */
export type InputSource = "measured" | "declared" | "ledger" | "default" | "not_used";

/** What the server measured of a return series (per period unless named annual). */
export interface MeasuredStrategy {
  /** mean / sd (ddof 1) x sqrt(periods per year), as the research ledger records it. */
  readonly sharpeAnnual: number;
  readonly nObs: number;
  /** Population skew m3 / m2^1.5. */
  readonly skew: number;
  /** RAW kurtosis m4 / m2^2 (normal = 3). */
  readonly kurtosis: number;
  /** Lag-1 sample autocorrelation (denominator: the full-sample sum of squared deviations). */
  readonly autocorrelation: number;
}

/**
 * A declared number agrees with the measured one when |declared - measured| <= AGREEMENT x max(1, |measured|):
 * two-decimal rounding of numbers up to 1, half a percent of larger ones. Counts (n_obs) must agree exactly.
 */
export const AGREEMENT = 0.005;

/** True when `declared` is `measured` up to the rounding AGREEMENT allows. */
export const agrees = (declared: number, measured: number): boolean =>
  Math.abs(declared - measured) <= AGREEMENT * Math.max(1, Math.abs(measured)) + 1e-12;

/**
 * Measures `returns` (per-period simple returns as decimals, every value finite and > -1, at least 2, not
 * all equal) at `periodsPerYear`; a percent-looking series adds the unit error (the Sharpe is scale-free).
 */
export function measureReturns(out: Outcome, field: string, returns: Series<Cell>, periodsPerYear: number) {
  const r = requireDecimalReturns(field, returns, periodsPerYear, 2);
  const sharpeAnnual = sharpe(r, periodsPerYear);
  if (!Number.isFinite(sharpeAnnual)) throw invalid(field, "has no spread (every value equal): it has no Sharpe");
  checkPercentReturns(out, field, r, periodsPerYear);
  const measured: MeasuredStrategy = {
    sharpeAnnual,
    nObs: r.length,
    skew: skewness(r),
    kurtosis: kurtosisRaw(r),
    autocorrelation: autocorrelation(r, 1),
  };
  return measured;
}

/** A number the verdict uses and where it came from. */
export interface Sourced {
  readonly value: number;
  readonly source: InputSource;
}

/**
 * The value to use for `field`: the measured one when there is one (a declared value that does not agree
 * is an error naming both), else the declared, else the default. `exact` compares counts exactly.
 */
export function reconcile(
  out: Outcome,
  field: string,
  declared: number | undefined,
  measured: number | null,
  fallback: number,
  exact = false,
): Sourced {
  if (measured === null) return declared === undefined ? { value: fallback, source: "default" } : declared_(declared);
  if (declared !== undefined && !(exact ? declared === measured : agrees(declared, measured))) {
    out.error(
      `${field}: you declared ${declared}, but the returns you sent measure ${verdictNumber(measured)}` +
        `${exact ? "" : ` (agreement allows ${AGREEMENT} x max(1, |measured|))`}: the verdict uses the measured ` +
        verdictNumber(measured),
      field,
    );
  }
  return { value: measured, source: "measured" };
}

const declared_ = (value: number): Sourced => ({ value, source: "declared" });

/** The inputs whose source is "declared", for a verdict line to name ("" when none). */
export function declaredNote(sources: Readonly<Record<string, InputSource>>): string {
  const names = Object.entries(sources)
    .filter(([, s]) => s === "declared")
    .map(([n]) => n);
  return names.length === 0 ? "" : `; declared, not measured: ${names.join(", ")}`;
}
