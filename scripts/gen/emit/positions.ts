// A positional array (prefixItems) in the portable profile, which has no keyword for positions: an
// array with the same bounds whose description states each position (note FS105; the runtime checks
// every call against the full table). Never "any of the position types", which would be looser and look exact.
import type { Schema } from "../schema.js";
import { compactType } from "./compact.js";

/** The sentence naming each position and what may follow them: `Positions: [0] string(date); [1] number.` */
export function positionsSentence(s: Schema): string {
  const positions = (s.prefixItems as Schema[]).map((p, i) => `[${i}] ${compactType(p)}`);
  const then = s.items === false || s.items === undefined ? "" : `; then ${compactType(s.items)}, any number`;
  return `Positions: ${positions.join("; ")}${then}.`;
}

/** `s` without prefixItems and items, its positions said in its description. */
export function positionsInProse(s: Schema): Schema {
  if (!Array.isArray(s.prefixItems)) return s;
  const { prefixItems: _p, items: _i, description, ...rest } = s;
  return { ...rest, description: [description, positionsSentence(s)].filter(Boolean).join(" ") };
}
