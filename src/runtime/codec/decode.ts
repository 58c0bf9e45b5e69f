// The schema-directed decoder (docs/contract.md §3.1, §4.2 step 7): walks a shaped JSON argument
// alongside its fragment (resolved by ./fragment.ts), sends series and frame positions to the
// codec, and applies the type, date and finite-number rules. Decoded objects never touch a prototype.
import { dateFormatOf } from "../../contract/artefacts.js";
import { type BadInputError, fieldPath, invalid } from "../../contract/guard.js";
import { decodeFrame } from "./frame.js";
import {
  type Defs,
  type Fragment,
  admits,
  isUntyped,
  itemsOf,
  memberOf,
  payloadOf,
  resolveAt,
  typesOf,
} from "./fragment.js";
import { badDateText, type CheckedLabels, dateShape, isValidIsoLabel } from "./labels.js";
import { typeMismatch } from "./mismatch.js";
import type { ProvenRows } from "./number_rows.js";
import { isObject, setOwn } from "./objects.js";
import { nearMissError } from "./payload_keys.js";
import { decodeSeries } from "./series.js";
import { showValue } from "./text.js";

const UNTYPED_KEYS = ["values", "records", "index", "columns"];

function isDateFragment(f: Fragment): "date" | "date-time" | "timestamp" | null {
  const format = dateFormatOf(f);
  return format === "date-or-date-time" ? "timestamp" : format;
}

/** Date aliases (§3.4): IsoDate is `YYYY-MM-DD`, IsoDateTime a date-time, IsoTimestamp either. */
function checkDate(v: string, which: "date" | "date-time" | "timestamp", field: string): void {
  const shape = dateShape(v);
  const fits = which === "date" ? shape === 1 : which === "date-time" ? shape === 2 : shape !== 0;
  if (fits && isValidIsoLabel(v)) return;
  const what =
    which === "date"
      ? "date"
      : which === "date-time"
        ? "date-time"
        : fits
          ? shape === 2
            ? "date-time"
            : "date"
          : "date or date-time";
  throw invalid(field, fits ? badDateText(v) : `${showValue(v)} is not a valid ISO-8601 ${what}`);
}

/** At an untyped position, an object whose key is a near miss of a payload key is bad input (§3.6). */
function checkUntypedKeys(v: unknown, field: string): void {
  if (!isObject(v)) return;
  const keys = Object.keys(v);
  if (keys.length === 0) return;
  for (const k of keys) {
    if (UNTYPED_KEYS.includes(k)) continue;
    const err = nearMissError(field, k, keys, UNTYPED_KEYS);
    if (err) throw err;
  }
}

/** What one decoding pass carries: the `$defs` its `$ref`s resolve against, and the label lists checked so far. */
interface Pass {
  readonly defs: Defs;
  readonly checked: CheckedLabels;
  /** Matrices of finite numbers the call's JSON check proved (number_rows.ts). */
  readonly proven?: ProvenRows;
}

function decodeObject(v: Record<string, unknown>, f: Fragment, field: string, pass: Pass): Record<string, unknown> {
  if (!isObject(f["properties"]) && !isObject(f["additionalProperties"])) return v; // free-form: kept as sent
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v)) {
    const sub = memberOf(f, key);
    setOwn(out, key, sub === null ? v[key] : decodeAt(v[key], sub, fieldPath(field, key), pass));
  }
  return out;
}

/** Why `v` does not fit `f`: a number spelt as text gets the finite-number rule, anything else the type. */
function notAdmitted(v: unknown, f: Fragment, field: string, defs: Defs): BadInputError {
  const numeric = typesOf(f).includes("number") || typesOf(f).includes("integer");
  if (numeric && typeof v === "string" && /^[+-]?(Infinity|inf|NaN|nan)$/i.test(v)) {
    return invalid(
      field,
      `must be a finite number, got ${showValue(v)} ("Infinity" is accepted only inside series values and ` +
        "frame cells)",
    );
  }
  return typeMismatch(field, f, v, defs);
}

/** A plain `{"type": "number"}` fragment (bounds aside): a finite number decodes to itself. */
function isNumberFragment(f: Fragment): boolean {
  const types = typesOf(f);
  return types.length === 1 && types[0] === "number" && f["$ref"] === undefined && f["anyOf"] === undefined;
}

/** True when every element is a finite number (the per-element walk, its paths and checks, is then skipped). */
function allFinite(v: readonly unknown[]): boolean {
  for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i])) return false;
  return true;
}

function decodeAt(v: unknown, fragment: Fragment, field: string, pass: Pass): unknown {
  const { defs } = pass;
  const f = resolveAt(fragment, v, defs);
  if (f === null) throw typeMismatch(field, fragment, v, defs);
  const payload = payloadOf(f);
  if (payload === "series") return decodeSeries(v, field, pass.checked);
  if (payload === "frame") return decodeFrame(v, field, pass.checked, pass.proven);
  if (isUntyped(f)) {
    checkUntypedKeys(v, field);
    return v;
  }
  if (typeof v === "number" && !Number.isFinite(v)) throw invalid(field, `must be a finite number, got ${String(v)}`);
  if (!admits(f, v, defs)) throw notAdmitted(v, f, field, defs);
  if (typeof v === "string") {
    const date = isDateFragment(f);
    if (date !== null) checkDate(v, date, field);
    return v;
  }
  if (Array.isArray(v)) {
    const items = itemsOf(f);
    if (items === null) return v;
    if (isNumberFragment(items) && allFinite(v)) return v.slice();
    return v.map((x, i) => decodeAt(x, items, fieldPath(field, i), pass));
  }
  return isObject(v) && typesOf(f).includes("object") ? decodeObject(v, f, field, pass) : v;
}

/**
 * Decodes one shaped argument at `field` (its name) against its schema fragment; `defs` resolves
 * `$ref`s (default: the fragment's own `$defs`). Payload positions become Series and Frame
 * values; every failure, a mismatched JSON type included, is a BadInputError naming the path.
 * `checked` holds the index label lists known good in this call (see CheckedLabels), `proven` the matrices of
 * finite numbers proven in it (a frame's split rows found there are not walked again).
 */
export function decodeArgument(
  value: unknown,
  fragment: object,
  field: string,
  defs?: Defs,
  checked: CheckedLabels = new WeakSet(),
  proven?: ProvenRows,
): unknown {
  const f = fragment as Fragment;
  const resolvedDefs = defs ?? ((isObject(f["$defs"]) ? f["$defs"] : {}) as Defs);
  return decodeAt(value, f, field, { defs: resolvedDefs, checked, proven });
}
