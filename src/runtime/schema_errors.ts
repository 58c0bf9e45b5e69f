// Turns the first error of a generated validator into the message catalogue's wording
// (docs/contract.md §4.5), by walking the tool's input schema along the failing path.
import type { ErrorObject } from "ajv";
import { BadInputError } from "./contract.js";
import { type Defs, type Fragment, deref, fragmentAt } from "./codec/fragment.js";
import { typeMismatch } from "./codec/mismatch.js";
import { isObject } from "./codec/objects.js";
import { closeMatches } from "./codec/similarity.js";
import { clippedList } from "./codec/text.js";

type Schema = Record<string, unknown>;

function unescapePointer(seg: string): string {
  return seg.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The catalogue message for the most relevant validator error. */
export function schemaError(errors: readonly ErrorObject[], root: Schema | Fragment, args: unknown): BadInputError {
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
  const defs = (isObject(root.$defs) ? root.$defs : {}) as Defs;
  const frag = fragmentAt(root, args, segments);
  const resolved = frag === null ? null : (deref(frag, defs) as Schema);
  const at = (msg: string, hint: string | null = null) =>
    new BadInputError("invalid_value", field, `${field}: ${msg}`, hint);
  if (frag && (e.keyword === "type" || e.keyword === "anyOf")) return typeMismatch(field, frag, value, defs);
  if (e.keyword === "enum" && resolved && Array.isArray(resolved.enum)) {
    const allowed = resolved.enum as unknown[];
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
  if (e.keyword === "additionalProperties" && resolved && value && typeof value === "object") {
    const allowed = Object.keys((resolved.properties ?? {}) as object);
    const extra = Object.keys(value).filter((k) => !allowed.includes(k));
    return at(`unknown key(s) ${clippedList(extra)}; allowed: ${JSON.stringify(allowed)}`);
  }
  if (e.keyword === "required" && resolved && value && typeof value === "object") {
    const missing = ((resolved.required ?? []) as string[]).filter((k) => !Object.hasOwn(value, k));
    return at(`missing key(s) ${JSON.stringify(missing)}`);
  }
  return at(e.message ?? "is invalid");
}
