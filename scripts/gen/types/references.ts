// Type references: the contract aliases, Array/ReadonlyArray/Record/Readonly/Partial/Required/
// Pick/Omit, built-in classes, and project aliases (generic ones too), interfaces, enums and classes.
import path from "node:path";
import {
  Node,
  type EnumDeclaration,
  type ExpressionWithTypeArguments,
  type InterfaceDeclaration,
  type TypeNode,
  type TypeReferenceNode,
} from "ts-morph";
import type { Json, Schema } from "../schema.js";
import { enumOf, literalValues } from "./computed.js";
import { mergeObjects } from "./intersections.js";
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
  if (!key || !value) return unsupported(n, "Record needs a key and a value type");
  const keys = key.getText() === "string" ? undefined : literalValues(key.getType());
  if (key.getText() !== "string" && !keys?.every((k) => typeof k === "string"))
    return unsupported(n, "Record keys must be string or a union of string literals");
  const mapped = ctx.map(value);
  if ("cannot" in mapped) return { cannot: `a record of ${mapped.cannot}` };
  if (!("ok" in mapped)) return mapped;
  if (!keys) return { ok: { type: "object", additionalProperties: mapped.ok } };
  const names = (keys as string[]).slice().sort();
  const properties = Object.fromEntries(names.map((k) => [k, mapped.ok]));
  return { ok: { type: "object", properties, required: names, additionalProperties: false } };
}

/** The string literal names of a Pick/Omit key argument, or undefined. */
function keyNames(n: TypeNode): string[] | undefined {
  const values = literalValues(n.getType());
  return values?.every((v) => typeof v === "string") ? (values as string[]) : undefined;
}

/** Partial, Required, Pick and Omit of an object type. */
function mapUtility(name: string, n: TypeReferenceNode, ctx: MapContext): Mapped {
  const [target, keys] = n.getTypeArguments();
  if (!target) return unsupported(n, `${name} needs a type argument`);
  const mapped = ctx.map(target);
  if (!("ok" in mapped)) return mapped;
  const s = mapped.ok;
  if (s.type !== "object" || !s.properties)
    return unsupported(n, `${name} applies to an interface or object type here; write the object type out`);
  const props = s.properties as Record<string, Json>;
  let names = Object.keys(props);
  if (name === "Pick" || name === "Omit") {
    const picked = keys && keyNames(keys);
    if (!picked) return unsupported(n, `${name} keys must be string literals`);
    names = name === "Pick" ? names.filter((k) => picked.includes(k)) : names.filter((k) => !picked.includes(k));
  }
  const required =
    name === "Partial"
      ? []
      : name === "Required"
        ? names
        : ((s.required ?? []) as string[]).filter((r) => names.includes(r));
  return {
    ok: {
      ...s,
      properties: Object.fromEntries(names.map((k) => [k, props[k]!])),
      required,
      additionalProperties: false,
    },
  };
}

/** A TS enum: its member values (all strings or all numbers) become an enum. */
function mapEnum(decl: EnumDeclaration, n: TypeReferenceNode): Mapped {
  const values = decl.getMembers().map((m) => m.getValue());
  const fragment = values.every((v) => v !== undefined) ? enumOf(values as (string | number)[]) : undefined;
  return fragment ? { ok: fragment } : unsupported(n, "an enum mixing strings and numbers; use a union of literals");
}

/** An interface's members with those of the interfaces it extends (its own win). */
function mapInterface(decl: InterfaceDeclaration, ctx: MapContext): Mapped {
  const own = mapMembers(decl, decl.getName(), ctx);
  if (!("ok" in own) || decl.getExtends().length === 0) return own;
  const bases: Schema[] = [];
  for (const e of decl.getExtends()) {
    const base = mapBase(e, ctx);
    if (!("ok" in base)) return base;
    bases.push(base.ok);
  }
  const ownProps = Object.keys(own.ok.properties as object);
  const trimmed = bases.map((b) => ({
    ...b,
    properties: Object.fromEntries(Object.entries(b.properties as object).filter(([k]) => !ownProps.includes(k))),
    required: ((b.required ?? []) as string[]).filter((r) => !ownProps.includes(r)),
  }));
  const merged = mergeObjects([...trimmed, own.ok]);
  return merged ? { ok: merged } : { unsupported: `unsupported type '${decl.getName()}' (its bases cannot be merged)` };
}

function mapBase(e: ExpressionWithTypeArguments, ctx: MapContext): Mapped {
  const type = e.getType();
  const decl = type.getSymbol()?.getDeclarations()[0];
  if (decl && Node.isInterfaceDeclaration(decl) && e.getTypeArguments().length === 0)
    return follow(decl, ctx, () => mapInterface(decl, ctx));
  return { unsupported: `unsupported base '${e.getText()}' (extend a project interface without type arguments)` };
}

/** Follows a project declaration, refusing recursion. */
function follow(decl: Node, ctx: MapContext, run: () => Mapped): Mapped {
  if (ctx.following.has(decl))
    return {
      unsupported:
        `unsupported recursive type '${(decl as Node & { getName?: () => string }).getName?.() ?? decl.getText()}` +
        "'",
    };
  ctx.following.add(decl);
  try {
    return run();
  } finally {
    ctx.following.delete(decl);
  }
}

/** Binds a generic declaration's type parameters to the reference's arguments (mapped where written). */
function withTypeArgs(params: readonly Node[], args: readonly TypeNode[], ctx: MapContext, run: () => Mapped): Mapped {
  const outer = new Map(ctx.typeArgs);
  params.forEach((p, i) => ctx.typeArgs.set(p, () => withBindings(ctx, outer, () => ctx.map(args[i]!))));
  try {
    return run();
  } finally {
    for (const p of params) ctx.typeArgs.delete(p);
    for (const [k, v] of outer) ctx.typeArgs.set(k, v);
  }
}

/** Runs with exactly `bindings` in scope (a type argument is mapped in the scope it was written in). */
function withBindings(ctx: MapContext, bindings: Map<Node, () => Mapped>, run: () => Mapped): Mapped {
  const saved = new Map(ctx.typeArgs);
  ctx.typeArgs.clear();
  for (const [k, v] of bindings) ctx.typeArgs.set(k, v);
  try {
    return run();
  } finally {
    ctx.typeArgs.clear();
    for (const [k, v] of saved) ctx.typeArgs.set(k, v);
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
  if (["Partial", "Required", "Pick", "Omit"].includes(name) && decl && !inProject(decl, ctx))
    return mapUtility(name, n, ctx);
  const bound = decl && Node.isTypeParameterDeclaration(decl) ? ctx.typeArgs.get(decl) : undefined;
  if (bound) return bound();
  if (name === "Function") return { cannot: `a callable (${typeText(n)})` };
  if (!decl) return unsupported(n, "cannot resolve it");
  if (Node.isTypeParameterDeclaration(decl)) return unsupported(n, "generic type parameter");
  if (!inProject(decl, ctx))
    return LIVE_BUILTINS.has(name)
      ? { cannot: `a live ${name} object` }
      : unsupported(n, `'${name}' is a library type gen does not map; write out the type it stands for`);
  if (Node.isClassDeclaration(decl)) return { cannot: `a live ${decl.getName() ?? name} object` };
  if (Node.isEnumDeclaration(decl)) return mapEnum(decl, n);
  if (Node.isTypeAliasDeclaration(decl) || Node.isInterfaceDeclaration(decl)) {
    const params = decl.getTypeParameters();
    if (params.length !== args.length)
      return unsupported(n, `give all ${params.length} type argument(s) of '${name}' explicitly`);
    return withTypeArgs(params, args, ctx, () =>
      follow(decl, ctx, () =>
        Node.isTypeAliasDeclaration(decl)
          ? withDocTags(decl, ctx.map(decl.getTypeNodeOrThrow()), ctx)
          : mapInterface(decl, ctx),
      ),
    );
  }
  return unsupported(n);
}

export const referenceHandler: TypeHandler = {
  name: "reference",
  supports: (n: TypeNode) => Node.isTypeReference(n),
  toSchema: (n, ctx) => mapReference(n as TypeReferenceNode, ctx),
};
