// Inputs typed `Series | readonly T[]`: one view of the values with the path that names them.
import { invalid, fieldPath, type Cell, type Label, type Series } from "../contract/guard.js";

/** The values of a series or bare array, `base` the field path of its values, `index` if any. */
export interface ValuesView {
  readonly values: readonly Cell[];
  /** `<field>/values` for a series, `<field>` for a bare array; append the position. */
  readonly base: string;
  readonly index?: readonly Label[];
}

/** Reads a series or bare array; anything else is bad input at `field`. */
export function valuesView(field: string, x: unknown): ValuesView {
  if (Array.isArray(x)) return { values: x as readonly Cell[], base: field };
  if (typeof x === "object" && x !== null && Array.isArray((x as Series<Cell>).values)) {
    const s = x as Series<Cell>;
    return s.index === undefined
      ? { values: s.values, base: fieldPath(field, "values") }
      : { values: s.values, base: fieldPath(field, "values"), index: s.index };
  }
  throw invalid(field, `must be a series or an array of values, got ${x === null ? "null" : typeof x}`);
}
