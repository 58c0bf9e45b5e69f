// The one wording of a type mismatch: `<field>: must be <what the fragment takes>, got <value>`.
// The decoder and the validator's error mapping both build it here, so a bad value reads the
// same whichever of them met it first.
import { type BadInputError, invalid } from "../../contract/guard.js";
import { type Defs, type Fragment, deref, itemsOf, payloadOf, typesOf } from "./fragment.js";
import { describeValue } from "./text.js";

const TYPE_NAMES: Readonly<Record<string, string>> = {
  number: "a number",
  integer: "an integer",
  string: "a string",
  boolean: "a boolean",
  array: "a list",
  object: "an object",
  null: "null",
};
const PLURALS: Readonly<Record<string, string>> = {
  number: "numbers",
  integer: "integers",
  string: "strings",
  boolean: "booleans",
  array: "lists",
  object: "objects",
};

/** What a list's items are, in the plural (`numbers`, `series`), or null when not one simple kind. */
function pluralOf(items: Fragment, defs: Defs): string | null {
  const payload = payloadOf(items);
  if (payload !== null) return payload === "series" ? "series" : "frames";
  const d = deref(items, defs);
  if (Array.isArray(d["anyOf"]) || Array.isArray(d["enum"])) return null;
  const types = typesOf(d);
  return types.length === 1 ? (PLURALS[types[0]!] ?? null) : null;
}

/** A fragment's alternatives as messages name them, in schema order: `a series or a number`. */
export function describeFragment(f: Fragment, defs: Defs = {}): string {
  const payload = payloadOf(f);
  if (payload !== null) return `a ${payload}`;
  const d = deref(f, defs);
  if (Array.isArray(d["enum"])) return `one of ${JSON.stringify(d["enum"])}`;
  if (Array.isArray(d["anyOf"])) return (d["anyOf"] as Fragment[]).map((b) => describeFragment(b, defs)).join(" or ");
  const types = typesOf(d);
  if (types.length === 0) return "any value";
  return types
    .map((t) => {
      const items = t === "array" ? itemsOf(d) : null;
      const plural = items === null ? null : pluralOf(items, defs);
      return plural === null ? (TYPE_NAMES[t] ?? t) : `a list of ${plural}`;
    })
    .join(" or ");
}

/** The bad-input error for a value whose JSON type the fragment does not take. */
export function typeMismatch(field: string, f: Fragment, v: unknown, defs: Defs = {}): BadInputError {
  return invalid(field, `must be ${describeFragment(f, defs)}, got ${describeValue(v)}`);
}
