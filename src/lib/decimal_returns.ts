// Simple returns as decimals: the percent check runs on the raw values before the > -1 bound, so a
// percent series with one loss worse than 1% is named as percent, not refused as a loss beyond -100%.
import { fieldPath, invalid, type Cell, type Series } from "../contract/guard.js";
import { requireNumbers } from "./series.js";
import { percentReturnsMessage } from "./unit_checks.js";

/**
 * Throws bad input at the first value <= -1 (a decimal simple return cannot lose more than everything);
 * when the values look like percent, the message is the percent finding's (divide by 100).
 */
export function requireAboveMinusOne(field: string, r: readonly number[], periodsPerYear = 252): readonly number[] {
  const i = r.findIndex((x) => !(x > -1));
  if (i < 0) return r;
  const at = fieldPath(field, "values", i);
  const percent = percentReturnsMessage(field, r, periodsPerYear);
  if (percent === null) throw invalid(at, `must be > -1, got ${r[i]}`);
  throw invalid(at, `${percent} (${r[i]} at ${at} breaks the > -1 bound of a decimal return)`);
}

/** Finite simple returns of `s` as decimals, each > -1, checked for percent before the bound. */
export function requireDecimalReturns(
  field: string,
  s: Series<Cell> | undefined,
  periodsPerYear = 252,
  minLength = 1,
): readonly number[] {
  return requireAboveMinusOne(field, requireNumbers(field, s, { minLength }), periodsPerYear);
}
