// Type references: the contract aliases, Array/ReadonlyArray/Record/Readonly/Partial/Required/
// Pick/Omit, built-in classes, and project aliases (generic ones too), interfaces, enums and classes.
import path from "node:path";
import {
  Node,
  Scope,
  type ClassDeclaration,
  type EnumDeclaration,
  type PropertyDeclaration,
  type TypeElementTypes,
  type ExpressionWithTypeArguments,
  type ImportTypeNode,
  type InterfaceDeclaration,
  type TypeNode,
  type TypeParameterDeclaration,
  type TypeReferenceNode,
} from "ts-morph";
import type { Json, Schema } from "../schema.js";
import { enumOf, literalValues } from "./computed.js";
import { contractFragment, declaredName, LIVE_BUILTINS, resolvedDeclaration } from "./contract.js";
import { arrayOf } from "./arrays.js";
import { mapResolved, orResolved } from "./resolved.js";
import { mapMembers, memberDoc } from "./objects.js";
import { depthBound, NOTHING, unboundedRecursion } from "./recursion.js";
import { typeText, unsupported, withDocTags, type Mapped, type MapContext, type TypeHandler } from "./handler.js";

/** Declarations that give a name a type meaning (a const may share the name: `const Side` and `type Side`). */
const declaresType = (d: Node) =>
  Node.isInterfaceDeclaration(d) ||
  Node.isTypeAliasDeclaration(d) ||
  Node.isClassDeclaration(d) ||
  Node.isEnumDeclaration(d) ||
  Node.isEnumMember(d) ||
  Node.isTypeParameterDeclaration(d);

function declarationOf(n: TypeReferenceNode): Node | undefined {
  const symbol = n.getTypeName().getSymbol();
  const target = symbol?.isAlias() ? (symbol.getAliasedSymbol() ?? symbol) : symbol;
  return target?.getDeclarations().find(declaresType) ?? resolvedDeclaration(symbol);
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
  if ("cannot" in mapped) return mapped;
  const s = "ok" in mapped ? mapped.ok : {};
  // An index signature (alone or beside members) is what the checker resolves the utility type to.
  if (s.type !== "object" || !s.properties)
    return orResolved(
      n,
      ctx,
      "unsupported" in mapped
        ? mapped
        : unsupported(n, `${name} applies to an interface or object type here; write the object type out`),
    );
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

/** One member of a TS enum as a type (`Venue.Nyse`): its value. */
function mapEnumMember(decl: Node, n: TypeReferenceNode): Mapped {
  const value = Node.isEnumMember(decl) ? decl.getValue() : undefined;
  const fragment = value === undefined ? undefined : enumOf([value]);
  return fragment ? { ok: fragment } : unsupported(n, "an enum member without a constant value; write its literal");
}

/**
 * A class whose instances are plain data: public instance fields only (no constructor, which may check or
 * build what a guard then relies on; no methods, accessors, base class or private members).
 */
function plainFields(decl: ClassDeclaration): PropertyDeclaration[] | undefined {
  if (decl.getExtends() || decl.getConstructors().length > 0) return undefined;
  const fields: PropertyDeclaration[] = [];
  for (const m of decl.getMembers()) {
    if (Node.isPropertyDeclaration(m) && m.isStatic()) continue;
    if (!Node.isPropertyDeclaration(m)) return undefined;
    const scope = m.getScope();
    if ((scope && scope !== Scope.Public) || Node.isPrivateIdentifier(m.getNameNode())) return undefined;
    fields.push(m);
  }
  return fields;
}

/** A plain-data class maps as the interface of its fields; any other class is a live object. */
function mapClass(decl: ClassDeclaration, ctx: MapContext): Mapped {
  const name = decl.getName() ?? "class";
  const fields = plainFields(decl);
  if (!fields) return { cannot: `a live ${name} object (a class with behaviour; for plain data write an interface)` };
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const f of fields) {
    const typeNode = f.getTypeNode();
    const mapped = typeNode ? ctx.map(typeNode) : mapResolved(f.getType(), f, ctx);
    if (!("ok" in mapped)) return mapped;
    const doc = memberDoc(f as unknown as TypeElementTypes);
    const tagged = withDocTags(f, { ok: doc ? { ...mapped.ok, description: doc } : mapped.ok }, ctx);
    if (!("ok" in tagged)) return tagged;
    properties[f.getName()] = tagged.ok;
    if (!f.hasQuestionToken()) required.push(f.getName());
  }
  return { ok: { type: "object", properties, required, additionalProperties: false } };
}

/** A TS enum: its member values (all strings or all numbers) become an enum. */
function mapEnum(decl: EnumDeclaration, n: TypeReferenceNode): Mapped {
  const values = decl.getMembers().map((m) => m.getValue());
  const fragment = values.every((v) => v !== undefined) ? enumOf(values as (string | number)[]) : undefined;
  return fragment ? { ok: fragment } : unsupported(n, "an enum mixing strings and numbers; use a union of literals");
}

/** The interface's other declarations, merged into it by TypeScript (declaration merging). */
function mergedDeclarations(decl: InterfaceDeclaration): InterfaceDeclaration[] {
  const all = decl.getSymbol()?.getDeclarations() ?? [];
  return all.filter((d): d is InterfaceDeclaration => Node.isInterfaceDeclaration(d) && d !== decl);
}

/**
 * An interface's members with those of its other declarations and of the interfaces any of them
 * extends (its first declaration's own win; a member given two schemas is refused by mergeBases).
 */
function mapInterface(decl: InterfaceDeclaration, ctx: MapContext): Mapped {
  const own = mapMembers(decl, decl.getName(), ctx);
  const others = mergedDeclarations(decl);
  const extended = [decl, ...others].flatMap((d) => d.getExtends());
  if (!("ok" in own) || (extended.length === 0 && others.length === 0)) return own;
  const bases: { name: string; schema: Schema }[] = [];
  for (const d of others) {
    const more = mapMembers(d, decl.getName(), ctx);
    if (!("ok" in more)) return more;
    bases.push({ name: `${decl.getName()} (declared again on line ${d.getStartLineNumber()})`, schema: more.ok });
  }
  for (const e of extended) {
    const base = mapBase(e, ctx);
    if (!("ok" in base)) return base;
    bases.push({ name: typeText(e), schema: base.ok });
  }
  return mergeBases(decl.getName(), own.ok, bases);
}

const withoutDescription = (s: Json) => {
  if (!s || typeof s !== "object" || Array.isArray(s)) return JSON.stringify(s);
  const { description: _d, ...rest } = s;
  return JSON.stringify(rest);
};

/** Merges the bases' members (equal but for their doc: compatible) under the interface's own. */
function mergeBases(name: string, own: Schema, bases: readonly { name: string; schema: Schema }[]): Mapped {
  const ownProps = own.properties as Record<string, Json>;
  const properties: Record<string, Json> = {};
  const from = new Map<string, string>();
  const required = new Set<string>();
  for (const b of bases) {
    if (b.schema.type !== "object" || b.schema.additionalProperties !== false || !b.schema.properties)
      return { unsupported: `unsupported base '${b.name}' of '${name}' (it is not an object type with named members)` };
    for (const [k, v] of Object.entries(b.schema.properties as Record<string, Json>)) {
      if (k in ownProps) continue;
      const prior = from.get(k);
      if (prior !== undefined && withoutDescription(properties[k]!) !== withoutDescription(v))
        return {
          unsupported:
            `unsupported type '${name}' (its bases '${prior}' and '${b.name}' give member '${k}' different schemas; ` +
            `redeclare '${k}' in '${name}' with the type and tags it should have)`,
        };
      if (prior === undefined) {
        properties[k] = v;
        from.set(k, b.name);
      }
      if (((b.schema.required ?? []) as string[]).includes(k)) required.add(k);
    }
  }
  Object.assign(properties, ownProps);
  for (const r of (own.required ?? []) as string[]) required.add(r);
  return { ok: { type: "object", properties, required: [...required], additionalProperties: false } };
}

function mapBase(e: ExpressionWithTypeArguments, ctx: MapContext): Mapped {
  const type = e.getType();
  const decl = type.getSymbol()?.getDeclarations()[0];
  if (decl && Node.isInterfaceDeclaration(decl) && e.getTypeArguments().length === 0)
    return follow(decl, ctx, () => mapInterface(decl, ctx));
  const resolved = mapResolved(type, e, ctx);
  return "unsupported" in resolved
    ? { unsupported: `unsupported base '${e.getText()}' (${resolved.unsupported}; extend a project interface)` }
    : resolved;
}

/**
 * Follows a project declaration; a self-reference nests up to the declaration's `@maxDepth` levels
 * (recursion.ts) and is refused without one.
 */
function follow(decl: Node, ctx: MapContext, run: () => Mapped, at: Node = decl): Mapped {
  const depth = ctx.following.get(decl) ?? 0;
  if (depth > 0) {
    const bound = depthBound(decl);
    if (typeof bound !== "number") return unboundedRecursion(decl, bound);
    if (depth >= bound) return noteBound(decl, bound, at, ctx);
  }
  ctx.following.set(decl, depth + 1);
  try {
    return run();
  } finally {
    if (depth === 0) ctx.following.delete(decl);
    else ctx.following.set(decl, depth);
  }
}

/** The self-reference past its bound admits nothing; the first one of each declaration is noted (FS106). */
function noteBound(decl: Node, bound: number, at: Node, ctx: MapContext): Mapped {
  if (!ctx.bounded.has(decl)) {
    ctx.bounded.add(decl);
    const name = declaredName(decl) ?? typeText(decl);
    ctx.warnings.push({
      code: "FS106",
      node: at,
      message: `recursive type '${name}' is nested to its @maxDepth ${bound}; a deeper value is rejected`,
    });
  }
  return { ok: NOTHING };
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

/** A type parameter of check() itself: its constraint, with a note (FS104). */
function mapConstraint(n: TypeReferenceNode, decl: TypeParameterDeclaration, ctx: MapContext): Mapped {
  const constraint = decl.getConstraint();
  if (!constraint)
    return unsupported(
      n,
      `generic parameter '${decl.getName()}' has no constraint; give it one, e.g. <${decl.getName()} extends number>`,
    );
  ctx.warnings.push({
    code: "FS104",
    node: n,
    message: `generic parameter '${decl.getName()}' is mapped to its constraint '${typeText(constraint)}'`,
  });
  return ctx.map(constraint);
}

function mapReference(n: TypeReferenceNode, ctx: MapContext): Mapped {
  const decl = declarationOf(n);
  const name = declaredName(decl) ?? n.getTypeName().getText();
  const args = n.getTypeArguments();
  const contract = contractFragment(n.getTypeName().getSymbol(), ctx);
  if (contract) return contract;
  if ((name === "Array" || name === "ReadonlyArray") && args.length === 1) return arrayOf(ctx.map(args[0]!));
  if (name === "Record") return mapRecord(n, ctx);
  if (name === "Readonly" && args.length === 1) return ctx.map(args[0]!);
  if (["Partial", "Required", "Pick", "Omit"].includes(name) && decl && !inProject(decl, ctx))
    return mapUtility(name, n, ctx);
  const bound = decl && Node.isTypeParameterDeclaration(decl) ? ctx.typeArgs.get(decl) : undefined;
  if (bound) return bound();
  if (name === "Function") return { cannot: `a callable (${typeText(n)})` };
  if (!decl) return unsupported(n, "cannot resolve it");
  if (Node.isTypeParameterDeclaration(decl)) return mapConstraint(n, decl, ctx);
  if (!inProject(decl, ctx))
    return LIVE_BUILTINS.has(name)
      ? { cannot: `a live ${name} object` }
      : orResolved(
          n,
          ctx,
          unsupported(n, `'${name}' is a library type gen does not map; write out the type it stands for`),
        );
  if (Node.isClassDeclaration(decl)) return follow(decl, ctx, () => mapClass(decl, ctx), n);
  if (Node.isEnumDeclaration(decl)) return mapEnum(decl, n);
  if (Node.isEnumMember(decl)) return mapEnumMember(decl, n);
  if (Node.isTypeAliasDeclaration(decl) || Node.isInterfaceDeclaration(decl)) {
    const params = decl.getTypeParameters();
    if (params.length !== args.length)
      return orResolved(n, ctx, unsupported(n, `give all ${params.length} type argument(s) of '${name}' explicitly`));
    return withTypeArgs(params, args, ctx, () =>
      follow(
        decl,
        ctx,
        () =>
          Node.isTypeAliasDeclaration(decl)
            ? withDocTags(decl, orResolved(n, ctx, ctx.map(decl.getTypeNodeOrThrow())), ctx)
            : mapInterface(decl, ctx),
        n,
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

/** `import("./x.js").Name`: a contract type by its declaration, else what the checker resolved it to. */
function mapImportType(n: ImportTypeNode, ctx: MapContext): Mapped {
  const q = n.getQualifier();
  const name = q && (Node.isIdentifier(q) ? q : q.getRight());
  const contract = contractFragment(name?.getSymbol(), ctx);
  return contract ?? orResolved(n, ctx, unsupported(n, "import the type by name and use the name"));
}

export const importTypeHandler: TypeHandler = {
  name: "import-type",
  supports: (n: TypeNode) => Node.isImportTypeNode(n),
  toSchema: (n, ctx) => mapImportType(n as ImportTypeNode, ctx),
};
