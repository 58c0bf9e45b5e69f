// Size caps (docs/contract.md §3.7 and §3.8) and the whole-arguments byte check (§4.2 step 3).
import canonicalize from "canonicalize";
import { BadInputError } from "../../contract/guard.js";
import { CallProofs, type ProvenRows, proveNumberRows } from "./number_rows.js";

export const MAX_POINTS = 1_000_000;
/**
 * Bytes budgeted per JSON number in the argument cap: a full-precision double and its separator
 * (1.2345678901234567e-100,).
 */
export const MAX_JSON_NUMBER_BYTES = 25;
/** Room for a full-precision MAX_POINTS series (25,000,000 bytes) and 1,000,000 bytes of other inputs. */
export const MAX_ARGUMENT_BYTES = MAX_POINTS * MAX_JSON_NUMBER_BYTES + 1_000_000;
export const MAX_EVIDENCE_ROWS = 50;
export const MAX_EVIDENCE_ITEMS = 500;
export const MAX_EVIDENCE_CHARS = 4000;
export const MAX_SKILL_CHARS = 200_000;

/** Path of a value for not-JSON details: `returns/values/3`, or `the arguments` at the root. */
function where(path: readonly (string | number)[]): string {
  return path.length === 0
    ? "the arguments"
    : path.map((s) => String(s).replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
}

function notJson(detail: string): BadInputError {
  return new BadInputError("not_json", "", `arguments are not JSON: ${detail}`);
}

/** Why `x` cannot be a JSON value, or null. Functions and symbols are refused anywhere. */
function badScalar(x: unknown): string | null {
  switch (typeof x) {
    case "number":
      return Number.isFinite(x) ? null : String(x);
    case "bigint":
      return "a bigint";
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    default:
      return null;
  }
}

const NOT_JSON_OBJECTS: readonly [new (...a: never[]) => unknown, string][] = [
  [Map, "a Map"],
  [Set, "a Set"],
  [WeakMap, "a WeakMap"],
  [WeakSet, "a WeakSet"],
  [ArrayBuffer, "an ArrayBuffer"],
  [Promise, "a Promise"],
  [RegExp, "a RegExp"],
];

/** What one walk of in-process arguments found: member names, object kinds, an upper bound of the text's size. */
export interface JsonSummary {
  readonly names: Set<string>;
  plain: boolean;
  /** Every object's own keys already in code-unit order (JSON.stringify is then canonical as is). */
  sorted: boolean;
  /** Some key is an array index, which objects always list first (a sorted copy cannot reorder it). */
  indexKeys: boolean;
  /** Some value has toJSON (its output's keys are not walked in place). */
  toJson: boolean;
  /** At least the UTF-8 bytes of the compact JSON text (never fewer). */
  bytesBound: number;
  /** No string holds a lone surrogate (which canonical JSON refuses). */
  wellFormed: boolean;
  /** The matrices of finite numbers proven on the way (number_rows.ts), when asked for; null otherwise. */
  readonly rows: CallProofs | null;
}

/**
 * At least the characters of a finite double's compact JSON. Only a negative number in (-1e-5, -1e-6] takes 25
 * (-0.0000012345678901234567: fixed notation down to 1e-6, five zeros); every other double at most 24
 * (-1.2345678901234567e-100), so a full-precision MAX_POINTS series stays within the argument cap's bound.
 */
const numberBound = (v: number): number => (v <= -1e-6 && v > -1e-5 ? 25 : 24);
/** A code unit that may take more than 3 bytes once escaped (a control character) or be a lone surrogate. */
const UNUSUAL_UNIT = /[\u0000-\u001f\ud800-\udfff]/;
const CONTROL_UNIT = /[\u0000-\u001f]/;
const LONE_SURROGATE_UNIT = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** At least the UTF-8 bytes of `s` as a JSON string (3 a code unit; 6 with an escaped control or lone surrogate). */
function stringBound(s: string, summary: JsonSummary): number {
  if (!UNUSUAL_UNIT.test(s)) return 2 + 3 * s.length;
  const lone = LONE_SURROGATE_UNIT.test(s);
  if (lone) summary.wellFormed = false;
  return 2 + (lone || CONTROL_UNIT.test(s) ? 6 : 3) * s.length;
}

/** At least the bytes of a scalar's JSON (numbers already checked finite). */
function scalarBound(v: unknown, summary: JsonSummary): number {
  if (typeof v === "number") return numberBound(v);
  if (typeof v === "string") return stringBound(v, summary);
  return v === null ? 4 : 5;
}

const ARRAY_INDEX = /^(?:0|[1-9][0-9]{0,9})$/;

/**
 * Walks in-process arguments and throws not_json at the first value that JSON cannot carry
 * faithfully: a cycle, a function, a symbol, `undefined` in an array, a bigint, NaN, an
 * infinity, or a Map/Set/typed array (which JSON.stringify would flatten silently).
 */
function assertJson(x: unknown, path: (string | number)[], ancestors: Set<object>, keys?: JsonSummary): void {
  if (x === null || typeof x !== "object") {
    const bad = badScalar(x);
    if (bad !== null) throw notJson(`${bad} at ${where(path)}`);
    if (keys) keys.bytesBound += scalarBound(x, keys);
    return;
  }
  if (ancestors.has(x)) throw notJson(`a cycle at ${where(path)}`);
  const toJSON = (x as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") {
    if (keys) keys.toJson = true;
    let out: unknown;
    try {
      out = toJSON.call(x, path.length === 0 ? "" : String(path[path.length - 1]));
    } catch (e) {
      throw notJson(`toJSON failed at ${where(path)}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (out === x) return; // toJSON returning itself would make JSON.stringify ignore it
    ancestors.add(x);
    assertJson(out, path, ancestors, keys);
    ancestors.delete(x);
    return;
  }
  const array = Array.isArray(x);
  // An array is none of the objects JSON would flatten (a typed array, a Map, ...): only others are asked.
  if (!array) {
    if (ArrayBuffer.isView(x)) throw notJson(`a typed array at ${where(path)}`);
    for (const [cls, name] of NOT_JSON_OBJECTS) if (x instanceof cls) throw notJson(`${name} at ${where(path)}`);
    const proto = Object.getPrototypeOf(x);
    if (keys && proto !== Object.prototype && proto !== null) keys.plain = false;
  }
  ancestors.add(x);
  if (keys) keys.bytesBound += 2; // brackets or braces; each element adds its separator
  if (array) assertJsonItems(x, path, ancestors, keys);
  else {
    let previous: string | null = null;
    for (const key of Object.keys(x)) {
      const v: unknown = (x as Record<string, unknown>)[key];
      if (v === undefined) continue; // omitted by JSON, as an absent member
      if (keys) {
        keys.bytesBound += stringBound(key, keys) + 2; // the member's colon and comma
        keys.names.add(key);
        if (previous !== null && !(previous < key)) keys.sorted = false;
        if (ARRAY_INDEX.test(key) && Number(key) < 4294967295) keys.indexKeys = true;
        previous = key;
      }
      path.push(key);
      assertJson(v, path, ancestors, keys);
      path.pop();
    }
  }
  ancestors.delete(x);
}

/** An array's elements; the byte bound of its scalars is summed locally and added once. */
function assertJsonItems(x: readonly unknown[], path: (string | number)[], ancestors: Set<object>, keys?: JsonSummary) {
  if (keys?.rows && Array.isArray(x[0]) && provedRows(x, keys, keys.rows)) return;
  let bound = x.length; // a separator per element
  for (let i = 0; i < x.length; i++) {
    const v: unknown = x[i];
    if (v === null) {
      bound += 4;
      continue;
    }
    const t = typeof v;
    if (t === "number") {
      if (!Number.isFinite(v)) throw notJson(`${String(v)} at ${where([...path, i])}`);
      bound += numberBound(v as number);
    } else if (t === "string" || t === "boolean") {
      if (keys) bound += scalarBound(v, keys);
    } else if (v === undefined) {
      throw notJson(`undefined at ${where([...path, i])}`);
    } else {
      path.push(i);
      assertJson(v, path, ancestors, keys);
      path.pop();
    }
  }
  if (keys) keys.bytesBound += bound;
}

/** True when `x` is proven rows of finite numbers (then recorded, its bound added: nothing in it needs walking). */
function provedRows(x: readonly unknown[], keys: JsonSummary, rows: ProvenRows): boolean {
  const proof = proveNumberRows(x);
  if (proof === null) return false;
  rows.set(x, proof);
  keys.bytesBound += proof.bytesBound;
  return true;
}

/**
 * Walks `args` once: throws not_json at the first value JSON cannot carry, else says what it found. With
 * `proveRows`, matrices of finite numbers are proven in one tight pass each and listed in `rows`.
 */
export function inspectJson(args: unknown, proveRows = false): JsonSummary {
  const summary: JsonSummary = {
    names: new Set(),
    plain: true,
    sorted: true,
    indexKeys: false,
    toJson: false,
    bytesBound: 0,
    wellFormed: true,
    rows: proveRows ? new CallProofs() : null,
  };
  try {
    assertJson(args, [], new Set(), summary);
  } catch (e) {
    if (e instanceof BadInputError) throw e;
    throw notJson(e instanceof RangeError ? "nested too deeply" : e instanceof Error ? e.message : String(e));
  }
  return summary;
}

/** True when a structured clone of the arguments has the same canonical text (plain data, no toJSON). */
export function exactlyCloneable(summary: JsonSummary): boolean {
  return summary.plain && !summary.toJson && summary.wellFormed && !summary.names.has("__proto__");
}

/**
 * The compact JSON of `args` with every object's members in sorted order (UTF-16 code units),
 * by native JSON.stringify with the sorted list of all member names; throws not_json when
 * `args` cannot be JSON. For the values it admits this is the RFC 8785 form.
 */
export function sortedJson(args: unknown, keys: JsonSummary = inspectJson(args)): string {
  let text: string | undefined;
  try {
    // A property list reads inherited members too: exact only for plain objects without __proto__.
    const simple = keys.plain && !keys.names.has("__proto__");
    if (!simple) text = canonicalize(args) ?? undefined;
    else if (keys.sorted) text = JSON.stringify(args);
    else if (!keys.indexKeys && !keys.toJson) text = JSON.stringify(sortedCopy(args));
    else text = JSON.stringify(args, [...keys.names].sort());
  } catch (e) {
    if (e instanceof BadInputError) throw e;
    throw notJson(e instanceof RangeError ? "nested too deeply" : e instanceof Error ? e.message : String(e));
  }
  if (text === undefined) throw notJson("nothing to encode");
  return text;
}

/** `x` with every object rebuilt in sorted key order; arrays of scalars are shared, not copied. */
function sortedCopy(x: unknown): unknown {
  if (x === null || typeof x !== "object") return x;
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      const v: unknown = x[i];
      if (v !== null && typeof v === "object") return x.map(sortedCopy);
    }
    return x;
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(x).sort()) {
    const v = (x as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = sortedCopy(v);
  }
  return out;
}

/** UTF-8 bytes of the compact JSON of `args`; throws not_json when `args` cannot be JSON. */
export function argumentsBytes(args: unknown): number {
  return Buffer.byteLength(sortedJson(args), "utf8");
}

/** Step 3 of a call: the whole arguments object must be JSON within MAX_ARGUMENT_BYTES (`text`: its JSON). */
export function checkArgumentsSize(args: unknown, text: string = sortedJson(args)): void {
  checkArgumentBytes(Buffer.byteLength(text, "utf8"));
}

/** The whole-arguments cap for a text of `n` UTF-8 bytes. */
export function checkArgumentBytes(n: number): void {
  if (n > MAX_ARGUMENT_BYTES) {
    throw new BadInputError(
      "too_large",
      "",
      `arguments are ${n} bytes as JSON; the limit is ${MAX_ARGUMENT_BYTES} (MAX_ARGUMENT_BYTES). Send a ` +
        "shorter window",
    );
  }
}

/** The MAX_POINTS cap (§3.7) for a series or a frame of `cells` cells. */
export function checkPoints(field: string, cells: number, what: "series" | "frame"): void {
  if (cells <= MAX_POINTS) return;
  const detail =
    `${what} has ${cells} cell(s); the limit is ${MAX_POINTS} (MAX_POINTS). Aggregate or slice the window before ` +
    "sending it";
  throw new BadInputError("too_large", field, field === "" ? detail : `${field}: ${detail}`);
}
