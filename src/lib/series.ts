// Validation and alignment of decoded series (guards/README.md global rules 1 and 2).
import { invalid, fieldPath, type Cell, type Label, type Series } from "../contract/guard.js";
import { looksLikeIsoTimestamp, parseIsoTimestamp } from "./dates.js";
import { describeCell } from "./describe_value.js";

export interface NumberRule {
  /** Fewest values allowed (default 1: an empty series is bad input). */
  readonly minLength?: number;
  /** Every value must be strictly greater than this. */
  readonly above?: number;
  /** Every value must be at least this. */
  readonly atLeast?: number;
  /** Let NaN (missing) through; infinities are still rejected. */
  readonly allowMissing?: boolean;
}

/** True when `x` meets `rule` (the one predicate both checks below use). */
function passes(x: unknown, rule: NumberRule): x is number {
  if (typeof x !== "number") return false;
  if (Number.isNaN(x)) return rule.allowMissing === true;
  if (!Number.isFinite(x)) return false;
  if (rule.above !== undefined && !(x > rule.above)) return false;
  return rule.atLeast === undefined || x >= rule.atLeast;
}

/** The bad-input error for a value that fails `rule`. */
function failure(field: string, x: unknown, rule: NumberRule) {
  if (typeof x !== "number" || !Number.isFinite(x))
    return invalid(field, `must be a finite number, got ${describeCell(x)}`);
  if (rule.above !== undefined && !(x > rule.above)) return invalid(field, `must be > ${rule.above}, got ${x}`);
  return invalid(field, `must be >= ${rule.atLeast}, got ${x}`);
}

/** Checks one number against a rule; throws bad input at `field`. */
export function requireNumber(field: string, x: unknown, rule: NumberRule = {}): number {
  if (passes(x, rule)) return x;
  throw failure(field, x, rule);
}

/**
 * Checks that `s` is a numeric series meeting `rule`; returns its values (not a copy). Errors name
 * `field/values/i` for the first failing value; the loop builds no path string until then.
 */
export function requireNumbers(field: string, s: Series<Cell> | undefined, rule: NumberRule = {}): readonly number[] {
  if (s === undefined || s === null || !Array.isArray(s.values)) throw invalid(field, "must be a series of numbers");
  const values = s.values;
  const minLength = rule.minLength ?? 1;
  if (values.length < minLength) {
    throw invalid(
      field,
      values.length === 0 ? "must not be empty" : `needs at least ${minLength} value(s), got ${values.length}`,
    );
  }
  for (let i = 0; i < values.length; i++) {
    if (passes(values[i], rule)) continue;
    throw (i === 0 && leadingBlanks(field, s)) || failure(fieldPath(field, "values", i), values[i], rule);
  }
  return values as readonly number[];
}

const isBlank = (x: unknown) => x === null || x === undefined || (typeof x === "number" && Number.isNaN(x));

/**
 * The error for a series that starts with missing values and has numbers after them (a shorter column of a
 * wider file): names where its first value is and how to read from there; null when the start is not blanks.
 */
function leadingBlanks(field: string, s: Series<Cell>) {
  const values = s.values;
  let first = 0;
  while (first < values.length && isBlank(values[first])) first++;
  if (first === 0 || first === values.length) return null;
  const label = s.index?.[first];
  const where = label === undefined ? `at position ${first}` : `on ${JSON.stringify(label)} (position ${first})`;
  return invalid(
    fieldPath(field, "values", 0),
    `starts with ${first} missing value(s); its first value is ${where}: leading blanks are not returns (a ` +
      `column shorter than its file's other columns) - trim them, or read from there with "rows": [${first}, ` +
      `${values.length}] in the file reference`,
  );
}

/** True when every label is a string shaped like an ISO date or date-time. */
export function isDateIndex(index: readonly Label[] | undefined): index is readonly string[] {
  return (
    index !== undefined && index.length > 0 && index.every((l) => typeof l === "string" && looksLikeIsoTimestamp(l))
  );
}

/**
 * Requires a dated index, strictly increasing with no duplicates; returns epoch milliseconds.
 * Errors name `field/index/i`.
 */
export function requireDatedIndex(field: string, s: { readonly index?: readonly Label[] }): number[] {
  if (!isDateIndex(s.index)) throw invalid(fieldPath(field, "index"), "must be an index of ISO-8601 dates");
  const ms = s.index.map((l, i) => {
    const t = parseIsoTimestamp(l);
    if (t === null) throw invalid(fieldPath(field, "index", i), `${JSON.stringify(l)} is not a valid ISO-8601 date`);
    return t;
  });
  for (let i = 1; i < ms.length; i++) {
    if (ms[i]! === ms[i - 1]!)
      throw invalid(fieldPath(field, "index", i), `duplicate date ${JSON.stringify(s.index[i])}`);
    if (ms[i]! < ms[i - 1]!)
      throw invalid(
        fieldPath(field, "index", i),
        `dates must be increasing: ${JSON.stringify(s.index[i])} comes after ${JSON.stringify(s.index[i - 1])}`,
      );
  }
  return ms;
}

/**
 * The alignment rule: two dated series must carry the same labels (bad input names both
 * fields and the first differing label); otherwise they pair by position and need equal length.
 */
export function requireAligned(fieldA: string, a: Series<Cell>, fieldB: string, b: Series<Cell>): void {
  const ia = a.index;
  const ib = b.index;
  // One label list shared by both (file references naming the same index column): aligned as it stands.
  if (ia !== undefined && ia === ib && a.values.length === b.values.length) return;
  if (isDateIndex(ia) && isDateIndex(ib)) {
    const n = Math.max(ia.length, ib.length);
    for (let i = 0; i < n; i++) {
      if (ia[i] !== ib[i]) {
        const la = ia[i] === undefined ? "(none)" : JSON.stringify(ia[i]);
        const lb = ib[i] === undefined ? "(none)" : JSON.stringify(ib[i]);
        throw invalid(
          fieldB,
          `dates differ from ${fieldA}'s at position ${i}: ${fieldA} has ${la}, ${fieldB} has ${lb}`,
        );
      }
    }
    return;
  }
  if (a.values.length !== b.values.length) {
    throw invalid(
      fieldB,
      `has ${b.values.length} value(s) but ${fieldA} has ${a.values.length}; they pair by position and must ` +
        "have equal length",
    );
  }
}
