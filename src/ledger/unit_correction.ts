// A trial sent in the wrong unit is recorded as the series meant: returns a guard flagged as percent (an
// error-level finding) are fingerprinted divided by 100, so the mistaken call and its corrected retry are
// one trial. A Sharpe is scale-invariant: an uncounted scaled copy would be a free evaluation.
import type { Finding } from "../contract/guard.js";
import { isPercentReturnsFinding } from "../lib/unit_checks.js";

/** The unit mistakes the ledger corrects, named in the trial's `flagged` field. */
export type UnitMistake = "percent";

/** Significant digits a corrected value is rounded to (see correctedValues). */
export const CORRECTED_DIGITS = 15;

/** The mistake the call's findings flag on input `field` (error level), or null. */
export function flaggedMistake(findings: readonly Finding[], field: string): UnitMistake | null {
  return findings.some((f) => isPercentReturnsFinding(f, field)) ? "percent" : null;
}

/**
 * The series the caller meant: each finite value / 100 rounded to 15 significant digits (NaN and infinities
 * kept). Decimal returns with at most 15 significant digits (typed, or read from text: a CSV, a spreadsheet)
 * sent x 100 come back to the very doubles sent as decimals, so both fingerprint alike; a value of 16-17
 * digits (computed in floating point) may differ in its last digit, and then the retry is a second trial:
 * the ledger may count a corrected retry twice, never zero times.
 */
export function correctedValues(_mistake: UnitMistake, values: ArrayLike<number>): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out[i] = Number.isFinite(v) ? Number((v / 100).toPrecision(CORRECTED_DIGITS)) : v;
  }
  return out;
}
