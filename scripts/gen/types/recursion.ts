// Recursive types with a stated depth bound: `@maxDepth N` on the declaration (an interface or alias
// that refers to itself). The schema nests the type N levels deep, the outermost counting as one; past
// the bound the self-reference admits nothing (an empty array, an absent optional member, the other
// union branches), so a tree deeper than N is rejected, in the full table and in every export.
import { Node } from "ts-morph";
import type { Schema } from "../schema.js";
import { declaredName } from "./contract.js";
import type { Mapped } from "./handler.js";

/** The largest bound accepted: a schema grows with the depth (exponentially with two self-references). */
export const MAX_DEPTH_LIMIT = 8;

/** The fragment no value matches: a self-reference past its bound. */
export const NOTHING: Schema = { not: {} };

export const isNothing = (s: Schema) => JSON.stringify(s) === JSON.stringify(NOTHING);

/** The declaration's `@maxDepth` value: a number, a problem text, or undefined when untagged. */
export function depthBound(decl: Node): number | string | undefined {
  if (!Node.isJSDocable(decl)) return undefined;
  const tag = decl
    .getJsDocs()
    .at(-1)
    ?.getTags()
    .find((t) => t.getTagName() === "maxDepth");
  if (!tag) return undefined;
  const value = (tag.getCommentText() ?? "").trim();
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return n >= 1 && n <= MAX_DEPTH_LIMIT
    ? n
    : `@maxDepth ${value || "(no value)"} is not a whole number 1..${MAX_DEPTH_LIMIT}`;
}

/** The refusal of a self-reference whose declaration states no usable bound. */
export function unboundedRecursion(decl: Node, problem?: string): Mapped {
  const name = declaredName(decl) ?? decl.getText();
  const why = problem ? `${problem}; ` : "tool schemas nest a finite depth; ";
  return {
    unsupported:
      `unsupported recursive type '${name}' (${why}tag the declaration of '${name}' with the deepest nesting ` +
      `a call may send, from 1 to ${MAX_DEPTH_LIMIT}, e.g. /** @maxDepth 4 */)`,
  };
}
