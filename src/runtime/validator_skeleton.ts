// The arguments the generated validator sees (docs/contract.md §4.2 step 6): the shaped arguments with each
// proven matrix of finite numbers (codec/number_rows.ts) replaced by [] where the schema cannot tell the two
// apart, so the validator does not walk values already proven. Its verdict and errors are the same: at such a
// position every fragment the validator applies either accepts any array of arrays of numbers ([] included) or
// never looks at the value (a property refused by additionalProperties: false, or no constraint at all).
import { DEFS_PREFIX } from "../contract/artefacts.js";
import type { Defs, Fragment } from "./codec/fragment.js";
import type { ProvenRows } from "./codec/number_rows.js";
import { isObject, setOwn } from "./codec/objects.js";

/** How deep proven matrices are looked for: argument -> payload -> member (a frame's `data`). */
const MAX_DEPTH = 3;
/** Keywords that only annotate. */
const ANNOTATIONS = new Set(["description", "title", "default", "examples", "$comment", "$defs"]);
/** Keywords of an object's fragment that never read a member's value deeply (members go through memberFragments). */
const OBJECT_KEYWORDS = new Set([
  ...ANNOTATIONS,
  ...["type", "properties", "required", "additionalProperties", "$ref", "anyOf", "minProperties", "maxProperties"],
  // Keywords of other types, which the validator does not apply to an object.
  ...["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern", "format"],
  ...["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
]);

/** Keywords of the matrix's, its rows' and its cells' fragments besides annotations (and `items` above cells). */
const MATRIX_KEYWORDS = new Set(["type", "$ref", "anyOf"]);

/** A fragment the validator applies; `false` refuses any value, `true` accepts any. */
type Applied = Fragment | boolean;

/** `f` and every fragment it brings in at the same position ($ref, anyOf branches); null past what is modelled. */
function expand(f: Applied, defs: Defs, out: Applied[] = []): Applied[] | null {
  out.push(f);
  if (typeof f === "boolean") return out;
  const ref = f["$ref"];
  if (ref !== undefined) {
    if (typeof ref !== "string" || !ref.startsWith(DEFS_PREFIX)) return null;
    const target = defs[ref.slice(DEFS_PREFIX.length)];
    if (!isObject(target) || expand(target as Fragment, defs, out) === null) return null;
  }
  const anyOf = f["anyOf"];
  if (anyOf !== undefined) {
    if (!Array.isArray(anyOf)) return null;
    for (const b of anyOf) if ((typeof b !== "boolean" && !isObject(b)) || expand(b, defs, out) === null) return null;
  }
  return out;
}

/** The fragments applied to member `key` of an object under `applied`, or null when one is not modelled. */
function memberFragments(applied: readonly Applied[], key: string, defs: Defs): Applied[] | null {
  const out: Applied[] = [];
  for (const f of applied) {
    if (typeof f === "boolean") continue; // true: nothing below; false: refuses the object, not its members
    if (!Object.keys(f).every((k) => OBJECT_KEYWORDS.has(k))) return null;
    const props = f["properties"];
    const additional = f["additionalProperties"];
    const sub = isObject(props) && Object.hasOwn(props, key) ? props[key] : additional;
    if (sub === undefined) continue;
    if (typeof sub !== "boolean" && !isObject(sub)) return null;
    if (expand(sub as Applied, defs, out) === null) return null;
  }
  return out;
}

/** Every fragment accepts any array (depth 2: of arrays, 1: of numbers, 0: any finite number) and [] alike. */
function acceptsNumbers(applied: readonly Applied[], depth: number, defs: Defs): boolean {
  for (const f of applied) {
    if (typeof f === "boolean") continue; // false refuses both, true accepts both
    // $ref and anyOf: their fragments are in `applied` too (expand), each held to the same rule.
    const modelled = (k: string) => ANNOTATIONS.has(k) || MATRIX_KEYWORDS.has(k) || (depth > 0 && k === "items");
    if (!Object.keys(f).every(modelled)) return false;
    const t = f["type"];
    const want = depth > 0 ? "array" : "number";
    if (t !== undefined && t !== want && !(Array.isArray(t) && t.includes(want))) return false;
    const items = depth > 0 ? f["items"] : undefined;
    if (items === undefined || items === true) continue;
    const inner = typeof items === "boolean" || isObject(items) ? expand(items as Applied, defs) : null;
    if (inner === null || !acceptsNumbers(inner, depth - 1, defs)) return false;
  }
  return true;
}

/** Cached per schema: whether a proven matrix at a path (its members as JSON) may be replaced. */
const safeAtCache = new WeakMap<object, Map<string, boolean>>();

function safeAt(schema: Fragment, defs: Defs, path: readonly string[]): boolean {
  let cache = safeAtCache.get(schema);
  if (cache === undefined) safeAtCache.set(schema, (cache = new Map()));
  const key = JSON.stringify(path);
  let safe = cache.get(key);
  if (safe === undefined) {
    let applied: Applied[] | null = expand(schema, defs);
    for (const k of path) applied = applied === null ? null : memberFragments(applied, k, defs);
    safe = applied !== null && acceptsNumbers(applied, 2, defs);
    cache.set(key, safe);
  }
  return safe;
}

const isPlain = (x: object) => Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null;

/**
 * What the validator is given for `shaped` under `schema`: `shaped` itself when no proven matrix can be
 * replaced, else a copy along the paths to them (same keys, order and prototypes) with each replaced by [].
 */
export function validatorSkeleton(shaped: Record<string, unknown>, schema: Fragment, proven: ProvenRows): object {
  const defs = (isObject(schema["$defs"]) ? schema["$defs"] : {}) as Defs;
  const walk = (x: Record<string, unknown>, path: string[]): Record<string, unknown> => {
    let copy: Record<string, unknown> | null = null;
    const keys = Object.keys(x);
    for (const k of keys) {
      const v = x[k];
      const at = [...path, k];
      let next = v;
      if (Array.isArray(v)) next = proven.has(v) && safeAt(schema, defs, at) ? [] : v;
      else if (isObject(v) && at.length < MAX_DEPTH && isPlain(v)) next = walk(v, at);
      if (next !== v && copy === null) {
        copy = Object.create(Object.getPrototypeOf(x)) as Record<string, unknown>;
        for (const prior of keys) setOwn(copy, prior, x[prior]);
      }
      if (copy !== null) setOwn(copy, k, next);
    }
    return copy ?? x;
  };
  return isPlain(shaped) ? walk(shaped, []) : shaped;
}
