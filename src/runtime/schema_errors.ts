// Turns the first error of a generated validator into the message catalogue's wording
// (docs/contract.md §4.5), by walking the tool's input schema along the failing path.
import type { ErrorObject } from "ajv";
import { DEFS_PREFIX, FRAME_REF, SERIES_REF } from "../contract/artefacts.js";
import { BadInputError } from "./contract.js";
import { closeMatches } from "./codec/index.js";
import { clippedList } from "./codec/series.js";
import { jsonType } from "./errors.js";

type Schema = Record<string, unknown>;

function deref(s: Schema, root: Schema): Schema {
  const ref = s.$ref;
  if (typeof ref === "string" && ref.startsWith(DEFS_PREFIX))
    return ((root.$defs as Schema)[ref.slice(DEFS_PREFIX.length)] as Schema) ?? s;
  return s;
}

function jsonTypeName(x: unknown): string {
  if (x === null) return "null";
  if (Array.isArray(x)) return "array";
  if (typeof x === "number") return Number.isInteger(x) ? "integer" : "number";
  return typeof x;
}

function fits(s: Schema, x: unknown, root: Schema): boolean {
  const d = deref(s, root);
  if (Array.isArray(d.anyOf)) return (d.anyOf as Schema[]).some((b) => fits(b, x, root));
  const types = d.type === undefined ? [] : Array.isArray(d.type) ? d.type : [d.type];
  const t = jsonTypeName(x);
  return types.length === 0 || types.includes(t) || (t === "integer" && types.includes("number"));
}

/** The fragment that governs the value at `segments` below the root schema. */
function fragmentAt(root: Schema, value: unknown, segments: readonly string[]): Schema | null {
  let s: Schema = root;
  let v: unknown = value;
  for (const seg of segments) {
    s = deref(s, root);
    if (Array.isArray(s.anyOf))
      s = deref(((s.anyOf as Schema[]).find((b) => fits(b, v, root)) ?? (s.anyOf as Schema[])[0]) as Schema, root);
    if (Array.isArray(v)) {
      if (!s.items) return null;
      s = s.items as Schema;
      v = v[Number(seg)];
    } else if (v && typeof v === "object") {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const next = Object.hasOwn(props, seg)
        ? props[seg]
        : typeof s.additionalProperties === "object"
          ? (s.additionalProperties as Schema)
          : undefined;
      if (!next) return null;
      s = next;
      v = (v as Record<string, unknown>)[seg];
    } else return null;
  }
  return s;
}

/** "a series or a number" for a fragment's alternatives, in schema order. */
export function describeFragment(s: Schema, root: Schema): string {
  if (s.$ref === SERIES_REF) return "a series";
  if (s.$ref === FRAME_REF) return "a frame";
  if (Array.isArray(s.anyOf)) return (s.anyOf as Schema[]).map((b) => describeFragment(b, root)).join(" or ");
  if (Array.isArray(s.enum)) return `one of ${JSON.stringify(s.enum)}`;
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const names: Record<string, string> = {
    number: "a number",
    integer: "an integer",
    string: "a string",
    boolean: "a boolean",
    array: "a list",
    object: "an object",
    null: "null",
  };
  return types
    .map((t) =>
      t === "array" && s.items
        ? `a list of ${describeFragment(s.items as Schema, root).replace(/^an? /, "")}s`
        : (names[t] ?? t),
    )
    .join(" or ");
}

const got = (x: unknown) =>
  typeof x === "number"
    ? String(x)
    : typeof x === "string" && x.length <= 40
      ? `${jsonType(x)} ${JSON.stringify(x)}`
      : jsonType(x);

function unescapePointer(seg: string): string {
  return seg.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The catalogue message for the most relevant validator error. */
export function schemaError(errors: readonly ErrorObject[], root: Schema, args: unknown): BadInputError {
  const depth = (e: ErrorObject) => (e.instancePath === "" ? 0 : e.instancePath.split("/").length - 1);
  let minDepth = Infinity;
  for (const e of errors) minDepth = Math.min(minDepth, depth(e));
  const top = errors.filter((e) => depth(e) === minDepth);
  const e = top.find((x) => x.keyword === "anyOf") ?? top[0]!;
  const segments = e.instancePath.split("/").slice(1).map(unescapePointer);
  const field = e.instancePath.slice(1);
  const value = segments.reduce<unknown>(
    (v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined),
    args,
  );
  const frag = fragmentAt(root, args, segments);
  const at = (msg: string, hint: string | null = null) =>
    new BadInputError("invalid_value", field, `${field}: ${msg}`, hint);
  if (frag && (e.keyword === "type" || e.keyword === "anyOf")) {
    if (deref(frag, root).type === "integer" && typeof value === "number")
      return at(`must be an integer, got ${value}`);
    return at(`must be ${describeFragment(frag, root)}, got ${got(value)}`);
  }
  if (e.keyword === "enum" && frag && Array.isArray(deref(frag, root).enum)) {
    const allowed = deref(frag, root).enum as unknown[];
    const guess =
      typeof value === "string"
        ? closeMatches(
            value,
            allowed.filter((a): a is string => typeof a === "string"),
            1,
            0.5,
          )[0]
        : undefined;
    return at(
      `must be one of ${JSON.stringify(allowed)}, got ${JSON.stringify(value)}` +
        `${guess === undefined ? "" : ` - did you mean ${JSON.stringify(guess)}?`}`,
      guess === undefined ? null : `did you mean ${JSON.stringify(guess)}?`,
    );
  }
  if (e.keyword === "additionalProperties" && frag && value && typeof value === "object") {
    const allowed = Object.keys((deref(frag, root).properties ?? {}) as object);
    const extra = Object.keys(value).filter((k) => !allowed.includes(k));
    return at(`unknown key(s) ${clippedList(extra)}; allowed: ${JSON.stringify(allowed)}`);
  }
  if (e.keyword === "required" && frag && value && typeof value === "object") {
    const missing = ((deref(frag, root).required ?? []) as string[]).filter((k) => !Object.hasOwn(value, k));
    return at(`missing key(s) ${JSON.stringify(missing)}`);
  }
  return at(e.message ?? "is invalid");
}
