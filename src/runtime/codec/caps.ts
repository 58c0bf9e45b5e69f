// Size caps (tool-layer.md §3.7 and §3.8) and the whole-arguments byte check (§4.2 step 3).
import { BadInputError } from "../contract.js";

export const MAX_ARGUMENT_BYTES = 8_000_000;
export const MAX_POINTS = 1_000_000;
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

/**
 * Walks in-process arguments and throws not_json at the first value that JSON cannot carry
 * faithfully: a cycle, a function, a symbol, `undefined` in an array, a bigint, NaN, an
 * infinity, or a Map/Set/typed array (which JSON.stringify would flatten silently).
 */
function assertJson(x: unknown, path: (string | number)[], ancestors: Set<object>): void {
  if (x === null || typeof x !== "object") {
    const bad = badScalar(x);
    if (bad !== null) throw notJson(`${bad} at ${where(path)}`);
    return;
  }
  if (ancestors.has(x)) throw notJson(`a cycle at ${where(path)}`);
  const toJSON = (x as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") {
    let out: unknown;
    try {
      out = toJSON.call(x, path.length === 0 ? "" : String(path[path.length - 1]));
    } catch (e) {
      throw notJson(`toJSON failed at ${where(path)}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (out === x) return; // toJSON returning itself would make JSON.stringify ignore it
    ancestors.add(x);
    assertJson(out, path, ancestors);
    ancestors.delete(x);
    return;
  }
  if (ArrayBuffer.isView(x)) throw notJson(`a typed array at ${where(path)}`);
  for (const [cls, name] of NOT_JSON_OBJECTS) if (x instanceof cls) throw notJson(`${name} at ${where(path)}`);
  ancestors.add(x);
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      const v: unknown = x[i];
      if (v === null) continue;
      const t = typeof v;
      if (t === "number") {
        if (!Number.isFinite(v)) throw notJson(`${String(v)} at ${where([...path, i])}`);
      } else if (t === "string" || t === "boolean") {
      } else if (v === undefined) {
        throw notJson(`undefined at ${where([...path, i])}`);
      } else {
        path.push(i);
        assertJson(v, path, ancestors);
        path.pop();
      }
    }
  } else {
    for (const key of Object.keys(x)) {
      const v: unknown = (x as Record<string, unknown>)[key];
      if (v === undefined) continue; // omitted by JSON, as an absent member
      path.push(key);
      assertJson(v, path, ancestors);
      path.pop();
    }
  }
  ancestors.delete(x);
}

/** UTF-8 bytes of the compact JSON of `args`; throws not_json when `args` cannot be JSON. */
export function argumentsBytes(args: unknown): number {
  let text: string | undefined;
  try {
    assertJson(args, [], new Set());
    text = JSON.stringify(args);
  } catch (e) {
    if (e instanceof BadInputError) throw e;
    throw notJson(e instanceof RangeError ? "nested too deeply" : e instanceof Error ? e.message : String(e));
  }
  if (text === undefined) throw notJson("nothing to encode");
  return Buffer.byteLength(text, "utf8");
}

/** Step 3 of a call: the whole arguments object must be JSON within MAX_ARGUMENT_BYTES. */
export function checkArgumentsSize(args: unknown): void {
  const n = argumentsBytes(args);
  if (n > MAX_ARGUMENT_BYTES) {
    throw new BadInputError(
      "too_large",
      "",
      `arguments are ${n} bytes as JSON; the limit is ${MAX_ARGUMENT_BYTES} (MAX_ARGUMENT_BYTES). Send a shorter window`,
    );
  }
}
