// The one split of the question set into a development half (descriptions may be tuned to it) and a
// held-out half (never read while editing descriptions): by the first byte of the SHA-256 of the
// question's text, so a question's half is fixed by its words alone and cannot be chosen.
import { createHash } from "node:crypto";

export type Half = "dev" | "heldout";
export const HALVES: readonly Half[] = ["dev", "heldout"];

/** The half a question belongs to: even first hash byte is dev, odd is held out. */
export function halfOf(ask: string): Half {
  return createHash("sha256").update(ask, "utf8").digest()[0]! % 2 === 0 ? "dev" : "heldout";
}
