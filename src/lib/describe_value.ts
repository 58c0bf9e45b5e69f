// How a bad input value is echoed in a message: one form for every guard (messages are ASCII only).
import { asciiText } from "./ascii_text.js";

/**
 * Human form of one value for messages: numbers as written (NaN is "null (missing)", the
 * infinities "Infinity" / "-Infinity"), undefined as "undefined", anything else as compact JSON
 * made ASCII-safe (strings quoted), or its typeof when JSON cannot encode it.
 */
export function describeCell(x: unknown): string {
  if (x === undefined) return "undefined";
  if (typeof x === "number") return Number.isNaN(x) ? "null (missing)" : String(x);
  return asciiText(JSON.stringify(x) ?? typeof x);
}
