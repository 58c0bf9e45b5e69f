// The type-kind handler contract: each handler claims some type nodes and maps them.
import { Node, type TypeNode } from "ts-morph";
import { applyTags } from "../constraints.js";
import type { Schema } from "../schema.js";

/** A fragment, a reason the type cannot cross JSON, or an unsupported type (FS011). */
export type Mapped = { readonly ok: Schema } | { readonly cannot: string } | { readonly unsupported: string };

export interface Warning {
  /** FS101/FS102 are warnings, FS104-FS106 notes; FS030 (a constraint tag on a member or alias) is an error. */
  readonly code: "FS101" | "FS102" | "FS104" | "FS105" | "FS106" | "FS030";
  readonly node: Node;
  readonly message: string;
}

export interface MapContext {
  /** Absolute path of src/contract/guard.ts: aliases count only when declared there. */
  readonly contractFile: string;
  /** Absolute directory of the project's sources: interfaces must be declared inside it. */
  readonly projectRoot: string;
  readonly warnings: Warning[];
  /** Declarations being followed, each with how deeply it is nested now (recursion.ts bounds it). */
  readonly following: Map<Node, number>;
  /** Declarations nested to their `@maxDepth` bound in this mapping (one FS106 note each). */
  readonly bounded: Set<Node>;
  /** Type parameters of the generic declarations being followed, bound to their arguments. */
  readonly typeArgs: Map<Node, () => Mapped>;
  readonly map: (node: TypeNode) => Mapped;
}

export interface TypeHandler {
  readonly name: string;
  supports(node: TypeNode): boolean;
  toSchema(node: TypeNode, ctx: MapContext): Mapped;
}

/** Annotation source text with whitespace collapsed, for messages. */
export function typeText(node: Node): string {
  return node.getText().replace(/\s+/g, " ").trim();
}

const nodeName = (n: Node) => (Node.hasName(n) ? `'${n.getName()}'` : `'${typeText(n)}'`);

/** A declaration's JSDoc constraint tags applied to its mapped fragment; tag problems become FS030. */
export function withDocTags(node: Node, mapped: Mapped, ctx: MapContext): Mapped {
  if (!("ok" in mapped) || !Node.isJSDocable(node)) return mapped;
  const tags = (node.getJsDocs().at(-1)?.getTags() ?? []).map((t) => ({
    tag: t.getTagName(),
    value: (t.getCommentText() ?? "").replace(/\s+/g, " ").trim(),
  }));
  if (!tags.length) return mapped;
  const out = applyTags(mapped.ok, tags);
  for (const p of out.problems) ctx.warnings.push({ code: "FS030", node, message: `${nodeName(node)}: ${p}` });
  const description = [out.prefix, mapped.ok.description].filter(Boolean).join(" ");
  return { ok: description ? { ...out.schema, description } : out.schema };
}

export const unsupported = (node: Node, why = ""): Mapped => ({
  unsupported: `unsupported type '${typeText(node)}'${why ? ` (${why})` : ""}`,
});
