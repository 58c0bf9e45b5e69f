// Turns the first error of a generated validator into the message catalogue's wording
// (docs/contract.md §4.5), by walking the tool's input schema along the failing path.
import type { ErrorObject } from "ajv";
import { type BadInputError, invalid } from "../contract/guard.js";
import { type Defs, type Fragment, admits, deref, fragmentAt, payloadOf, resolveAt } from "./codec/fragment.js";
import { typeMismatch } from "./codec/mismatch.js";
import { isObject } from "./codec/objects.js";
import { closeMatches } from "./codec/similarity.js";
import { clippedList, describeValue } from "./codec/text.js";

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
  // The branch the walker takes here (payloads: inside their definition), as shaping and decoding do.
  const inPayload = frag !== null && payloadOf(frag) !== null ? deref(frag, defs) : frag;
  const resolved = inPayload === null ? null : (resolveAt(inPayload, value, defs) as Schema | null);
  const at = (msg: string, hint: string | null = null) => invalid(field, msg, hint);
  if (frag && e.keyword === "anyOf" && admits(frag, value, defs)) {
    // The JSON type fits a branch: what is wrong is inside it (deeper errors), else its keys.
    const deeper = errors.filter((x) => x.instancePath.startsWith(`${e.instancePath}/`));
    if (deeper.length > 0) return schemaError(deeper, root, args);
    const keys = resolved && isObject(value) ? keyProblem(resolved, value) : null;
    if (keys !== null) return at(keys);
  }
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
      `must be one of ${JSON.stringify(allowed)}, got ${describeValue(value)}` +
        `${guess === undefined ? "" : ` - did you mean ${JSON.stringify(guess)}?`}`,
      guess === undefined ? null : `did you mean ${JSON.stringify(guess)}?`,
    );
  }
  if ((e.keyword === "additionalProperties" || e.keyword === "required") && resolved && isObject(value)) {
    const keys = keyProblem(resolved, value);
    if (keys !== null) return at(keys);
  }
  return at(e.message ?? "is invalid");
}

/** Unknown keys (where the branch allows no others), else missing required keys, else null. */
function keyProblem(branch: Schema, value: Record<string, unknown>): string | null {
  const allowed = Object.keys((branch.properties ?? {}) as object);
  const extra = branch.additionalProperties === false ? Object.keys(value).filter((k) => !allowed.includes(k)) : [];
  if (extra.length > 0) return `unknown key(s) ${clippedList(extra)}; allowed: ${JSON.stringify(allowed)}`;
  const missing = ((branch.required ?? []) as string[]).filter((k) => !Object.hasOwn(value, k));
  return missing.length > 0 ? `missing key(s) ${JSON.stringify(missing)}` : null;
}
