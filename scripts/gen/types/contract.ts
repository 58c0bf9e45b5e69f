// The contract types (src/contract/guard.ts), recognised by the declaration a name resolves to:
// however it is imported, re-exported, renamed or namespaced, never by the name written.
import path from "node:path";
import type { Node, Symbol as MorphSymbol } from "ts-morph";
import { DATE_FRAGMENTS, FRAME_REF, SERIES_REF } from "../schema.js";
import type { MapContext, Mapped } from "./handler.js";

const CONTRACT: Record<string, () => Mapped> = {
  Integer: () => ({ ok: { type: "integer" } }),
  Series: () => ({ ok: { $ref: SERIES_REF } }),
  Frame: () => ({ ok: { $ref: FRAME_REF } }),
  ...Object.fromEntries(Object.entries(DATE_FRAGMENTS).map(([k, v]) => [k, () => ({ ok: { ...v } })])),
};

/** Library classes that are live objects, never JSON. */
export const LIVE_BUILTINS = new Set([
  "Date",
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "RegExp",
  "Promise",
  "Error",
  "ArrayBuffer",
  "URL",
  "Int8Array",
  "Uint8Array",
  "Uint8ClampedArray",
  "Int16Array",
  "Uint16Array",
  "Int32Array",
  "Uint32Array",
  "Float32Array",
  "Float64Array",
  "BigInt64Array",
  "BigUint64Array",
]);

/** The declaration a symbol finally stands for, through import and export aliases. */
export function resolvedDeclaration(symbol: MorphSymbol | undefined): Node | undefined {
  const target = symbol?.isAlias() ? (symbol.getAliasedSymbol() ?? symbol) : symbol;
  return target?.getDeclarations()[0];
}

/** The declared name of a declaration, or undefined. */
export function declaredName(decl: Node | undefined): string | undefined {
  const named = decl as (Node & { getName?: () => string | undefined }) | undefined;
  return typeof named?.getName === "function" ? named.getName() : undefined;
}

/** The fragment of a contract type when `symbol` resolves to one declared in the contract file. */
export function contractFragment(symbol: MorphSymbol | undefined, ctx: MapContext): Mapped | undefined {
  const decl = resolvedDeclaration(symbol);
  if (!decl || path.resolve(decl.getSourceFile().getFilePath()) !== ctx.contractFile) return undefined;
  return CONTRACT[declaredName(decl) ?? ""]?.();
}
