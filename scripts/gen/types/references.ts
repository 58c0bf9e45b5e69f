// Type references: the contract aliases, Array/ReadonlyArray/Record/Readonly, built-in
// classes, and project aliases, interfaces and classes.
import path from "node:path";
import { Node, type TypeNode, type TypeReferenceNode } from "ts-morph";
import { DATE_FRAGMENTS, SERIES_REF, FRAME_REF } from "../schema.js";
import { arrayOf } from "./arrays.js";
import { mapMembers } from "./objects.js";
import { typeText, unsupported, withDocTags, type Mapped, type MapContext, type TypeHandler } from "./handler.js";

const CONTRACT: Record<string, () => Mapped> = {
  Integer: () => ({ ok: { type: "integer" } }),
  Series: () => ({ ok: { $ref: SERIES_REF } }),
  Frame: () => ({ ok: { $ref: FRAME_REF } }),
  ...Object.fromEntries(Object.entries(DATE_FRAGMENTS).map(([k, v]) => [k, () => ({ ok: { ...v } })])),
};

const LIVE_BUILTINS = new Set([
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

function declarationOf(n: TypeReferenceNode): Node | undefined {
  let symbol = n.getTypeName().getSymbol();
  if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
  return symbol?.getDeclarations()[0];
}

function inProject(decl: Node, ctx: MapContext): boolean {
  const file = decl.getSourceFile().getFilePath();
  return file.startsWith(ctx.projectRoot + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);
}

function mapRecord(n: TypeReferenceNode, ctx: MapContext): Mapped {
  const [key, value] = n.getTypeArguments();
  if (!key || !value || key.getText() !== "string") return unsupported(n, "Record keys must be string");
  const mapped = ctx.map(value);
  if ("ok" in mapped) return { ok: { type: "object", additionalProperties: mapped.ok } };
  return "cannot" in mapped ? { cannot: `a record of ${mapped.cannot}` } : mapped;
}

/** Follows a project declaration, refusing recursion. */
function follow(decl: Node, ctx: MapContext, run: () => Mapped): Mapped {
  if (ctx.following.has(decl))
    return {
      unsupported: `unsupported recursive type '${(decl as Node & { getName?: () => string }).getName?.() ?? decl.getText()}'`,
    };
  ctx.following.add(decl);
  try {
    return run();
  } finally {
    ctx.following.delete(decl);
  }
}

function mapReference(n: TypeReferenceNode, ctx: MapContext): Mapped {
  const name = n.getTypeName().getText();
  const decl = declarationOf(n);
  const args = n.getTypeArguments();
  if (decl && path.resolve(decl.getSourceFile().getFilePath()) === ctx.contractFile && CONTRACT[name])
    return CONTRACT[name]!();
  if ((name === "Array" || name === "ReadonlyArray") && args.length === 1) return arrayOf(ctx.map(args[0]!));
  if (name === "Record") return mapRecord(n, ctx);
  if (name === "Readonly" && args.length === 1) return ctx.map(args[0]!);
  if (name === "Function") return { cannot: `a callable (${typeText(n)})` };
  if (!decl) return unsupported(n, "cannot resolve it");
  if (Node.isTypeParameterDeclaration(decl)) return unsupported(n, "generic type parameter");
  if (!inProject(decl, ctx))
    return LIVE_BUILTINS.has(name)
      ? { cannot: `a live ${name} object` }
      : unsupported(n, "declared outside the project's sources");
  if (args.length > 0) return unsupported(n, "generic types are not supported");
  if (Node.isClassDeclaration(decl)) return { cannot: `a live ${decl.getName() ?? name} object` };
  if (Node.isTypeAliasDeclaration(decl))
    return follow(decl, ctx, () => withDocTags(decl, ctx.map(decl.getTypeNodeOrThrow()), ctx));
  if (Node.isInterfaceDeclaration(decl)) {
    if (decl.getExtends().length > 0) return unsupported(n, "interfaces that extend others are not supported");
    return follow(decl, ctx, () => mapMembers(decl, decl.getName(), ctx));
  }
  return unsupported(n);
}

export const referenceHandler: TypeHandler = {
  name: "reference",
  supports: (n: TypeNode) => Node.isTypeReference(n),
  toSchema: (n, ctx) => mapReference(n as TypeReferenceNode, ctx),
};
