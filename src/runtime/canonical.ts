// RFC 8785 canonical JSON by native serialisation: JSON.stringify with every member name in
// sorted order (UTF-16 code units), numbers as ECMAScript prints them, and lone surrogates
// refused. Byte-identical to a JCS implementation for every value JSON can carry.
import { createHash } from "node:crypto";
import { sortedJson } from "./codec/caps.js";

/** A `\udXXX` escape not itself escaped: JSON.stringify writes a lone surrogate so, never a pair. */
const LONE_SURROGATE = /(?<!\\)(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/;

/** The canonical JSON text of `x` (`text`: its sortedJson, when already made); throws for what JSON cannot carry. */
export function canonicalText(x: unknown, text: string = sortedJson(x)): string {
  if (text.includes("\\ud") && LONE_SURROGATE.test(text)) throw new Error("Lone surrogate is not allowed");
  return text;
}

/** Lowercase hex SHA-256 of a text's UTF-8 bytes. */
export function sha256Hex(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}
