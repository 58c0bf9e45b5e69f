// Schema fragments as the runtime walks them (docs/contract.md §3.1): the one `$ref` resolver,
// the one anyOf branch chooser, and the fragment that governs a value at a path. Shaping,
// decoding and the validator's messages all resolve a position through this module.
import { DEFS_PREFIX, FRAME_REF, SERIES_REF } from "../../contract/artefacts.js";
import { isObject } from "./objects.js";
import { FRAME_KEYS, FRAME_ONLY_KEYS, SERIES_KEYS } from "./payload_keys.js";
import { closeMatches } from "./similarity.js";

export type Fragment = { readonly [k: string]: unknown };
/** A tool's `$defs` (the series and frame definitions). */
export type Defs = { readonly [k: string]: unknown };
export type Payload = "series" | "frame";

const PAYLOAD_KEYS = [...new Set([...SERIES_KEYS, ...FRAME_KEYS, "truncated"])];
/** Keys that only annotate a fragment; a fragment with nothing else is untyped (`{}`). */
const ANNOTATIONS = new Set(["description", "title", "default", "examples", "$comment", "$defs"]);

/** The payload a fragment stands for: a `$ref` to the series or frame definition. */
export function payloadOf(f: Fragment): Payload | null {
  const ref = f["$ref"];
  return ref === SERIES_REF ? "series" : ref === FRAME_REF ? "frame" : null;
}

/** The fragment a local `$ref` points at (the fragment itself when it has none or it dangles). */
export function deref(f: Fragment, defs: Defs): Fragment {
  const ref = f["$ref"];
  if (typeof ref !== "string" || !ref.startsWith(DEFS_PREFIX)) return f;
  const name = ref.slice(DEFS_PREFIX.length);
  return Object.hasOwn(defs, name) && isObject(defs[name]) ? (defs[name] as Fragment) : f;
}

/** The JSON types a fragment names (`type` as a string or a list). */
export function typesOf(f: Fragment): readonly string[] {
  const t = f["type"];
  return typeof t === "string" ? [t] : Array.isArray(t) ? (t as string[]) : [];
}

/** True for a fragment with only annotations: any value fits. */
export function isUntyped(f: Fragment): boolean {
  return Object.keys(f).every((k) => ANNOTATIONS.has(k));
}

/** The items fragment of an array fragment, or null. */
export function itemsOf(f: Fragment): Fragment | null {
  return isObject(f["items"]) ? (f["items"] as Fragment) : null;
}

/** An array of strings (not also a string): where a bare string becomes a one-element list. */
export function isStringList(f: Fragment, defs: Defs): boolean {
  const types = typesOf(f);
  if (!types.includes("array") || types.includes("string")) return false;
  const items = itemsOf(f);
  if (items === null) return false;
  const d = deref(items, defs);
  return typesOf(d).includes("string") && !Array.isArray(d["anyOf"]);
}

/** The JSON type of a value as JSON Schema names it (`integer` for whole numbers). */
export function schemaTypeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/** True when a fragment's JSON type admits `v` (no type at all admits anything). */
export function admits(f: Fragment, v: unknown, defs: Defs): boolean {
  if (payloadOf(f) !== null) return Array.isArray(v) || isObject(v);
  const d = deref(f, defs);
  if (Array.isArray(d["anyOf"])) return (d["anyOf"] as Fragment[]).some((b) => admits(b, v, defs));
  const types = typesOf(d);
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
function plausible(kind: Payload, v: unknown, branches: readonly Fragment[], defs: Defs): boolean {
  if (Array.isArray(v)) return kind === "series" ? v.every(isCellScalar) : v.every(isObject);
  if (!isObject(v)) return false;
  const keys = Object.keys(v);
  const kinds = new Set(branches.map(payloadOf));
  if (kinds.has("series") && kinds.has("frame")) {
    const frameish = keys.some((k) => FRAME_ONLY_KEYS.includes(k));
    if (kind === "series" ? frameish : !frameish) return false;
  }
  const otherTakesObject = branches.some((b) => payloadOf(b) === null && admits(b, v, defs));
  if (!otherTakesObject) return true;
  return keys.some((k) => PAYLOAD_KEYS.includes(k) || closeMatches(k, PAYLOAD_KEYS, 1, 0.75).length > 0);
}

/**
 * The anyOf branch for `v` (§3.1): an array or object goes to the first series or frame
 * branch it is plausibly a payload for; otherwise the first branch whose JSON type fits;
 * otherwise a payload branch whose JSON type fits (so the codec explains what is wrong).
 * Null when no branch fits.
 */
export function chooseBranch(v: unknown, branches: readonly Fragment[], defs: Defs = {}): Fragment | null {
  if (Array.isArray(v) || isObject(v)) {
    const hit = branches.find((b) => {
      const kind = payloadOf(b);
      return kind !== null && plausible(kind, v, branches, defs);
    });
    if (hit) return hit;
  }
  return (
    branches.find((b) => payloadOf(b) === null && admits(b, v, defs)) ??
    branches.find((b) => admits(b, v, defs)) ??
    null
  );
}

/**
 * The fragment that governs `v` at this position: payload references stay as they are (the
 * codec takes them), other references are resolved, and an anyOf resolves to the branch
 * chooseBranch picks. Null when `v` fits no branch.
 */
export function resolveAt(f: Fragment, v: unknown, defs: Defs): Fragment | null {
  if (payloadOf(f) !== null) return f;
  const d = deref(f, defs);
  if (!Array.isArray(d["anyOf"])) return d;
  const branch = chooseBranch(v, d["anyOf"] as Fragment[], defs);
  return branch === null ? null : resolveAt(branch, v, defs);
}

/** The fragment of member `key` of an object fragment: its property, else additionalProperties. */
export function memberOf(f: Fragment, key: string): Fragment | null {
  const props = f["properties"];
  if (isObject(props) && Object.hasOwn(props, key)) return props[key] as Fragment;
  return isObject(f["additionalProperties"]) ? (f["additionalProperties"] as Fragment) : null;
}

/**
 * The fragment that governs the value at `segments` (raw, unescaped) below `root`, walking the
 * value alongside; payload positions descend into their definition. Null past the schema.
 */
export function fragmentAt(root: Fragment, value: unknown, segments: readonly string[]): Fragment | null {
  const defs = (isObject(root["$defs"]) ? root["$defs"] : {}) as Defs;
  let f: Fragment | null = root;
  let v: unknown = value;
  for (const seg of segments) {
    f = f === null ? null : resolveAt(payloadOf(f) === null ? f : deref(f, defs), v, defs);
    if (f === null) return null;
    if (Array.isArray(v)) {
      f = itemsOf(f);
      v = v[Number(seg)];
    } else if (isObject(v)) {
      f = memberOf(f, seg);
      v = Object.hasOwn(v, seg) ? v[seg] : undefined;
    } else return null;
  }
  return f;
}
