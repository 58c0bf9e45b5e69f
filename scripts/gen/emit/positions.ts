// A positional array (prefixItems) outside the full table. Every position of one type: the same array
// as `items` with its bounds, exact everywhere. Mixed types, in the portable profile, which has no
// keyword for positions: an array with the same bounds whose description states each position (note
// FS105; the runtime checks every call against the full table). Never "any of the position types",
// which would be looser and look exact.
import type { Schema } from "../schema.js";
import { compactType } from "./compact.js";

/** The sentence naming each position: `Positions: [0] string(date); [1] number.` */
export function positionsSentence(s: Schema): string {
  const positions = (s.prefixItems as Schema[]).map((p, i) => `[${i}] ${compactType(p)}`);
  return `Positions: ${positions.join("; ")}.`;
}

/** A prefixItems array whose positions share one schema, as `items` with the same bounds; others unchanged. */
export function samePositions(s: Schema): Schema {
  if (!Array.isArray(s.prefixItems)) return s;
  const positions = s.prefixItems as Schema[];
  if (new Set(positions.map((p) => JSON.stringify(p))).size !== 1) return s;
  const { prefixItems: _p, items: _i, ...rest } = s;
  return { ...rest, items: positions[0]! };
}

/** `s` without prefixItems: one shared type as `items`, else the positions said in its description. */
export function positionsInProse(s: Schema): Schema {
  const same = samePositions(s);
  if (!Array.isArray(same.prefixItems)) return same;
  const { prefixItems: _p, items: _i, description, ...rest } = same;
  return { ...rest, description: [description, positionsSentence(same)].filter(Boolean).join(" ") };
}
