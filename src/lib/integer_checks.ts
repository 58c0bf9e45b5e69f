// Integer inputs (counts, windows, lags): one check and one message shape for every guard.
import { invalid } from "../contract/guard.js";
import { describeCell } from "./describe_value.js";

export interface IntegerRule {
  /** Smallest allowed value (inclusive). */
  readonly min?: number;
  /** Largest allowed value (inclusive); Infinity or absent: no upper bound. */
  readonly max?: number;
  /** The value must be even. */
  readonly even?: boolean;
  /** The bounds as the message states them, e.g. "in [1, n - 1] = [1, 9]"; default from min and max. */
  readonly bounds?: string;
}

function boundsText(rule: IntegerRule): string {
  if (rule.bounds !== undefined) return ` ${rule.bounds}`;
  const { min, max } = rule;
  const upper = max !== undefined && max !== Infinity;
  if (min !== undefined && upper) return ` in [${min}, ${max}]`;
  if (min !== undefined) return ` >= ${min}`;
  return upper ? ` <= ${max}` : "";
}

/** True when `x` is an integer number meeting `rule`. */
export function isIntegerIn(x: unknown, rule: IntegerRule = {}): x is number {
  return (
    typeof x === "number" &&
    Number.isInteger(x) &&
    (rule.min === undefined || x >= rule.min) &&
    (rule.max === undefined || x <= rule.max) &&
    (!rule.even || x % 2 === 0)
  );
}

/** `x` when it is an integer meeting `rule`; otherwise bad input at `field` echoing the value once. */
export function requireInteger(field: string, x: unknown, rule: IntegerRule = {}): number {
  if (isIntegerIn(x, rule)) return x;
  const what = rule.even ? "an even integer" : "an integer";
  throw invalid(field, `must be ${what}${boundsText(rule)}, got ${describeCell(x)}`);
}
