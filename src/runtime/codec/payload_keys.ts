// The payload object's keys (docs/contract.md §3.6): which keys a series or a frame takes, the
// near-miss error for a mistyped one, and its optional text members.
import { type BadInputError, invalid } from "../../contract/guard.js";
import { closeMatches } from "./similarity.js";
import { clippedList, jsonList, jsonTypeName, quoted } from "./text.js";

export const SERIES_KEYS: readonly string[] = ["index", "values", "name", "dtype", "freq"];
export const FRAME_KEYS: readonly string[] = ["index", "columns", "records", "data", "dtypes", "freq", "index_name"];
/** Keys that only a frame payload has, and only a series payload has. */
export const FRAME_ONLY_KEYS: readonly string[] = ["records", "data", "columns", "index_name", "dtypes"];
export const SERIES_ONLY_KEYS: readonly string[] = ["values", "name", "dtype"];
const NEAR_MISS_CUTOFF = 0.75;
const SHAPES_TEXT =
  'A series is {"index": [...], "values": [...]} and a frame is {"index": [...], "records": [{column: value}, ...]}';

/** The near-miss error for `key` when it looks like one of `allowed`, else null. */
export function nearMissError(
  field: string,
  key: string,
  keys: readonly string[],
  allowed: readonly string[],
): BadInputError | null {
  const [match] = closeMatches(key, allowed, 1, NEAR_MISS_CUTOFF);
  if (match === undefined) return null;
  return invalid(
    field,
    `key ${quoted(key)} looks like a mistyped '${match}'. ${SHAPES_TEXT}; got keys ${clippedList(keys)}`,
    `did you mean '${match}' for ${quoted(key)}?`,
  );
}

/**
 * Payload keys must be allowed: the first unknown key that is a near miss of an allowed one
 * gives the near-miss error, otherwise all unknown keys are listed. `truncated` is tolerated.
 */
export function checkPayloadKeys(field: string, keys: readonly string[], shape: "series" | "frame"): void {
  const allowed = shape === "series" ? SERIES_KEYS : FRAME_KEYS;
  const unknown = keys.filter((k) => k !== "truncated" && !allowed.includes(k));
  if (unknown.length === 0) return;
  for (const k of unknown) {
    const err = nearMissError(field, k, keys, [...allowed, "truncated"]);
    if (err) throw err;
  }
  throw invalid(field, `unknown key(s) ${clippedList(unknown)} in the ${shape} payload; allowed: ${jsonList(allowed)}`);
}

/** The own keys of a payload object whose values are not null (null means absent, §3.1). */
export function presentKeys(obj: Record<string, unknown>): string[] {
  return Object.keys(obj).filter((k) => obj[k] !== null && obj[k] !== undefined);
}

/** An optional string member (`name`, `index_name`); `freq` must also be non-empty. */
export function decodeText(raw: unknown, field: string, nonEmpty = false): string {
  if (typeof raw !== "string") throw invalid(field, `must be a string, got ${jsonTypeName(raw)}`);
  if (nonEmpty && raw === "") throw invalid(field, "must be a non-empty string");
  return raw;
}
