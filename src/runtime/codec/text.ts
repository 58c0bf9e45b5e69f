// Values as messages show them: JSON types with an article, compact ASCII-safe JSON, clipped
// lists and quoted names. Every `got <x>` in a bad-input message is worded here.
import { asciiText } from "../../lib/ascii_text.js";
import { grouped } from "../../lib/grouped.js";

/** The JSON type of `x` with an article, for `got <type>` messages: `a string`, `an array`, `null`. */
export function jsonTypeName(x: unknown): string {
  if (x === null || x === undefined) return "null";
  if (Array.isArray(x)) return "an array";
  switch (typeof x) {
    case "number":
      return "a number";
    case "string":
      return "a string";
    case "boolean":
      return "a boolean";
    case "object":
      return "an object";
    default:
      return typeof x;
  }
}

/** Compact JSON of `x`, ASCII-safe, cut to 80 characters; NaN and infinities by name. */
export function showValue(x: unknown): string {
  if (typeof x === "number" && !Number.isFinite(x)) return String(x);
  let text: string;
  try {
    text = JSON.stringify(x) ?? typeof x;
  } catch {
    text = typeof x;
  }
  text = asciiText(text);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** A list in messages: compact JSON, ASCII-safe (non-ASCII as \uXXXX escapes, still valid JSON). */
export function jsonList(items: readonly unknown[]): string {
  return asciiText(JSON.stringify(items));
}

/** At most 10 items of a list in messages, then `... and 1,294 more`. */
export function clippedList(items: readonly unknown[], max = 10): string {
  const shown = jsonList(items.slice(0, max));
  const rest = items.length - max;
  return rest > 0 ? `${shown} ... and ${grouped(rest)} more` : shown;
}

/** A name in messages: single-quoted, ASCII-safe. */
export function quoted(name: string): string {
  return `'${asciiText(name)}'`;
}

/**
 * A value in `got <x>` of a type mismatch: numbers by value, short strings with their text,
 * anything else by JSON type (`a string "abc"`, `2.5`, `an array`, `null`).
 */
export function describeValue(x: unknown): string {
  if (typeof x === "number") return showValue(x);
  if (typeof x === "string" && x.length <= 40) return `a string ${showValue(x)}`;
  return jsonTypeName(x);
}
