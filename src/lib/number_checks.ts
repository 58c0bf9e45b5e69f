// Fast validation of long numeric series: a tight loop over the values, with the field path
// built only for the first failing value (messages identical to series.requireNumbers).
import type { Cell, Series } from "../runtime/contract.js";
import { requireNumbers, type NumberRule } from "./series.js";

function passes(x: unknown, rule: NumberRule): boolean {
  if (typeof x !== "number") return false;
  if (Number.isNaN(x)) return rule.allowMissing === true;
  if (!Number.isFinite(x)) return false;
  if (rule.above !== undefined && !(x > rule.above)) return false;
  if (rule.atLeast !== undefined && !(x >= rule.atLeast)) return false;
  return true;
}

/** Same contract as requireNumbers (errors name `field/values/i`), without a path string per value. */
export function requireNumbersFast(
  field: string,
  s: Series<Cell> | undefined,
  rule: NumberRule = {},
): readonly number[] {
  if (s === undefined || s === null || !Array.isArray(s.values) || s.values.length < (rule.minLength ?? 1))
    return requireNumbers(field, s, rule);
  const values = s.values;
  for (let i = 0; i < values.length; i++) {
    if (!passes(values[i], rule)) return requireNumbers(field, s, rule);
  }
  return values as readonly number[];
}
