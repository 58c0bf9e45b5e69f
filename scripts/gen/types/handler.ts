// The type-kind handler contract: each handler claims some type nodes and maps them.
import type { Node, TypeNode } from "ts-morph";
import type { Schema } from "../schema.js";

/** A fragment, a reason the type cannot cross JSON, or an unsupported type (FS011). */
export type Mapped = { readonly ok: Schema } | { readonly cannot: string } | { readonly unsupported: string };

export interface Warning {
  readonly code: "FS101" | "FS102";
  readonly node: Node;
  readonly message: string;
}

export interface MapContext {
  /** Absolute path of src/runtime/contract.ts: aliases count only when declared there. */
  readonly contractFile: string;
  /** Absolute directory of the project's sources: interfaces must be declared inside it. */
  readonly projectRoot: string;
  readonly warnings: Warning[];
  /** Declarations being followed, to reject recursive types. */
  readonly following: Set<Node>;
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

export const unsupported = (node: Node, why = ""): Mapped => ({
  unsupported: `unsupported type '${typeText(node)}'${why ? ` (${why})` : ""}`,
});
