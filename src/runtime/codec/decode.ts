// The schema-directed decoder (docs/contract.md §3.1, §4.2 steps 5 and 7): walks a JSON argument
// alongside its fragment, sends series and frame positions to the codec, and applies the
// null, bare-string, date and finite-number rules. Decoded objects never touch a prototype.
import { dateFormatOf, FRAME_REF, SERIES_REF } from "../../contract/artefacts.js";
import { fieldPath, invalid } from "../contract.js";
import { decodeFrame } from "./frame.js";
import {
  FRAME_KEYS,
  FRAME_ONLY_KEYS,
  SERIES_KEYS,
  badDateText,
  dateShape,
  decodeSeries,
  isObject,
  isValidIsoLabel,
  jsonTypeName,
  nearMissError,
  setOwn,
  showValue,
} from "./series.js";
import { closeMatches } from "./similarity.js";

type Fragment = { readonly [k: string]: unknown };
type Payload = "series" | "frame";

/** Keys that only annotate a fragment; a fragment with nothing else is untyped (`{}`). */
const ANNOTATIONS = new Set(["description", "title", "default", "examples", "$comment", "$defs"]);
const UNTYPED_KEYS = ["values", "records", "index", "columns"];
const PAYLOAD_KEYS = [...new Set([...SERIES_KEYS, ...FRAME_KEYS, "truncated"])];

function payloadOf(f: Fragment): Payload | null {
  return f["$ref"] === SERIES_REF ? "series" : f["$ref"] === FRAME_REF ? "frame" : null;
}

function typesOf(f: Fragment): readonly string[] {
  const t = f["type"];
  return typeof t === "string" ? [t] : Array.isArray(t) ? (t as string[]) : [];
}

function isUntyped(f: Fragment): boolean {
  return Object.keys(f).every((k) => ANNOTATIONS.has(k));
}

/** The JSON type of a value as JSON Schema names it (`integer` for whole numbers). */
function schemaTypeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/** True when a fragment's JSON type admits `v` (no type at all admits anything). */
function admits(f: Fragment, v: unknown): boolean {
  const payload = payloadOf(f);
  if (payload !== null) return Array.isArray(v) || isObject(v);
  if (Array.isArray(f["anyOf"])) return (f["anyOf"] as Fragment[]).some((b) => admits(b, v));
  const types = typesOf(f);
  if (types.length === 0) return true;
  const t = schemaTypeOf(v);
  return types.includes(t) || (t === "integer" && types.includes("number"));
}

function isCellScalar(v: unknown): boolean {
  return v === null || typeof v === "number" || typeof v === "string" || typeof v === "boolean";
}

/**
 * Whether an array or object is plausibly a payload of that kind (the anyOf rule):
 * - series, array: every element is a scalar cell (a bare list of values); [] qualifies;
 * - frame, array: every element is an object (records or OHLCV points); [] qualifies;
 * - object, either kind: it has a payload key or a near miss of one, or no other branch takes
 *   an object. With both a series and a frame branch, an object with a frame-only key goes to
 *   the frame branch and any other payload-looking object to the series branch.
 */
function plausible(kind: Payload, v: unknown, branches: readonly Fragment[]): boolean {
  if (Array.isArray(v)) return kind === "series" ? v.every(isCellScalar) : v.every(isObject);
  if (!isObject(v)) return false;
  const keys = Object.keys(v);
  const kinds = new Set(branches.map(payloadOf));
  if (kinds.has("series") && kinds.has("frame")) {
    const frameish = keys.some((k) => FRAME_ONLY_KEYS.includes(k));
    if (kind === "series" ? frameish : !frameish) return false;
  }
  const otherTakesObject = branches.some((b) => payloadOf(b) === null && admits(b, v));
  if (!otherTakesObject) return true;
  return keys.some((k) => PAYLOAD_KEYS.includes(k) || closeMatches(k, PAYLOAD_KEYS, 1, 0.75).length > 0);
}

/**
 * The anyOf branch for `v` (§3.1): an array or object goes to the first series or frame
 * branch it is plausibly a payload for; otherwise the first branch whose JSON type fits;
 * otherwise a payload branch whose JSON type fits (so the codec explains what is wrong).
 * Null when no branch fits.
 */
export function chooseBranch(v: unknown, branches: readonly Fragment[]): Fragment | null {
  if (Array.isArray(v) || isObject(v)) {
    const hit = branches.find((b) => {
      const kind = payloadOf(b);
      return kind !== null && plausible(kind, v, branches);
    });
    if (hit) return hit;
  }
  return branches.find((b) => payloadOf(b) === null && admits(b, v)) ?? branches.find((b) => admits(b, v)) ?? null;
}

/** An alternative as messages name it: `a series`, `an integer`, `one of ["a","b"]`. */
export function describeFragment(f: Fragment): string {
  const payload = payloadOf(f);
  if (payload !== null) return `a ${payload}`;
  if (Array.isArray(f["enum"])) return `one of ${JSON.stringify(f["enum"])}`;
  if (Array.isArray(f["anyOf"])) return (f["anyOf"] as Fragment[]).map(describeFragment).join(" or ");
  const names: Record<string, string> = {
    number: "a number",
    integer: "an integer",
    string: "a string",
    boolean: "a boolean",
    array: "an array",
    object: "an object",
    null: "null",
  };
  const types = typesOf(f);
  return types.length === 0 ? "any value" : types.map((t) => names[t] ?? t).join(" or ");
}

/** `got <x>` for type errors: numbers show their value, other values their JSON type. */
function gotText(v: unknown): string {
  return typeof v === "number" ? showValue(v) : jsonTypeName(v);
}

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

function isStringArray(f: Fragment): boolean {
  if (!typesOf(f).includes("array")) return false;
  const items = f["items"];
  return (
    isObject(items) && typesOf(items as Fragment).includes("string") && !Array.isArray((items as Fragment)["anyOf"])
  );
}

/** At an untyped position, an object whose key is a near miss of a payload key is bad input (§3.6). */
export function checkUntypedKeys(v: unknown, field: string): void {
  if (!isObject(v)) return;
  const keys = Object.keys(v);
  if (keys.length === 0) return;
  for (const k of keys) {
    if (UNTYPED_KEYS.includes(k)) continue;
    const err = nearMissError(field, k, keys, UNTYPED_KEYS);
    if (err) throw err;
  }
}

function decodeObject(v: Record<string, unknown>, f: Fragment, field: string): Record<string, unknown> {
  const props = isObject(f["properties"]) ? (f["properties"] as Record<string, Fragment>) : null;
  const extra = isObject(f["additionalProperties"]) ? (f["additionalProperties"] as Fragment) : null;
  if (props === null && extra === null) return v; // free-form: kept as sent, nulls included
  const required = Array.isArray(f["required"]) ? (f["required"] as string[]) : [];
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v)) {
    const val = v[key];
    const sub = props !== null && Object.hasOwn(props, key) ? props[key]! : extra;
    if (props !== null && val === null && !required.includes(key)) continue;
    setOwn(out, key, sub === null ? val : decodeAt(val, sub, fieldPath(field, key)));
  }
  return out;
}

function decodeAt(v: unknown, f: Fragment, field: string): unknown {
  const payload = payloadOf(f);
  if (payload === "series") return decodeSeries(v, field);
  if (payload === "frame") return decodeFrame(v, field);
  if (Array.isArray(f["anyOf"])) {
    const branches = f["anyOf"] as Fragment[];
    const branch = chooseBranch(v, branches);
    if (branch === null) throw invalid(field, `must be ${describeFragment(f)}, got ${gotText(v)}`);
    return decodeAt(v, branch, field);
  }
  if (isUntyped(f)) {
    checkUntypedKeys(v, field);
    return v;
  }
  const types = typesOf(f);
  if (typeof v === "string") {
    if (isStringArray(f) && !types.includes("string"))
      return [decodeAt(v, f["items"] as Fragment, fieldPath(field, 0))];
    const date = isDateFragment(f);
    if (date !== null) checkDate(v, date, field);
    if (
      (types.includes("number") || types.includes("integer")) &&
      !types.includes("string") &&
      /^[+-]?(Infinity|inf|NaN|nan)$/i.test(v)
    ) {
      throw invalid(
        field,
        `must be a finite number, got ${showValue(v)} ("Infinity" is accepted only inside series values and ` +
          "frame cells)",
      );
    }
    return v;
  }
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw invalid(field, `must be a finite number, got ${String(v)}`);
    return v;
  }
  if (Array.isArray(v)) {
    const items = isObject(f["items"]) ? (f["items"] as Fragment) : null;
    if (!types.includes("array") || items === null) return v;
    return v.map((x, i) => decodeAt(x, items, fieldPath(field, i)));
  }
  if (isObject(v) && types.includes("object")) return decodeObject(v, f, field);
  return v;
}

/**
 * Decodes one argument at `field` (its name) against its schema fragment. Payload positions
 * become Series and Frame values; every failure is a BadInputError naming the path.
 */
export function decodeArgument(value: unknown, fragment: object, field: string): unknown {
  return decodeAt(value, fragment as Fragment, field);
}

/**
 * Step 5 of a call: drops top-level nulls, and a bare string becomes a one-element list where the property is an array
 * of strings.
 */
export function shapeArguments(args: Record<string, unknown>, inputSchema: object): Record<string, unknown> {
  const props = (inputSchema as Fragment)["properties"];
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(args)) {
    const v = args[key];
    if (v === null || v === undefined) continue;
    const f = isObject(props) && Object.hasOwn(props, key) ? (props[key] as Fragment) : null;
    setOwn(
      out,
      key,
      typeof v === "string" && f !== null && isStringArray(f) && !typesOf(f).includes("string") ? [v] : v,
    );
  }
  return out;
}
