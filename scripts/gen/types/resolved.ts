// What the checker resolved a type to (conditional, remapped, Exclude/Extract, library aliases), mapped
// to JSON Schema. Used where the written syntax has no direct form; a property whose resolved type is
// exactly its declaration's is mapped from its declaration, keeping aliases (Integer) and JSDoc tags.
import path from "node:path";
import { Node, SyntaxKind, type Symbol as MorphSymbol, type ts, type Type } from "ts-morph";
import type { Json, Schema } from "../schema.js";
import { enumOf, literalValues } from "./computed.js";
import { contractFragment, LIVE_BUILTINS } from "./contract.js";
import { asciiKey, memberDoc } from "./objects.js";
import { MAX_DEPTH_LIMIT } from "./recursion.js";
import { withDocTags, type Mapped, type MapContext } from "./handler.js";

const no = (why: string): Mapped => ({ unsupported: why });

/** The declaration a property came from: its own, or for a key-remapped member its source's. */
function sourceDeclaration(p: MorphSymbol, site: Node): Node | undefined {
  const own = p.getDeclarations()[0];
  if (own) return own;
  const links = (p.compilerSymbol as { links?: { syntheticOrigin?: { declarations?: ts.Node[] } } }).links;
  const origin = links?.syntheticOrigin?.declarations?.[0];
  if (!origin) return undefined;
  const sf = site.getProject().getSourceFile(origin.getSourceFile().fileName);
  return sf?.getDescendantAtPos(origin.getStart())?.getFirstAncestorByKind(SyntaxKind.PropertySignature);
}

/** True when the checker's type of a property is its declared type (optional: plus undefined). */
function declaredAs(type: Type, declared: Type, optional: boolean): boolean {
  if (type.compilerType === declared.compilerType) return true;
  if (!optional || !type.isUnion()) return false;
  const want = new Set((declared.isUnion() ? declared.getUnionTypes() : [declared]).map((u) => u.compilerType));
  const got = type.getUnionTypes().filter((u) => !u.isUndefined());
  return got.length === want.size && got.every((u) => want.has(u.compilerType));
}

/**
 * One property: from its declaration when the checker's type is the declared one (keeping aliases such as
 * Integer), else from the type; the member's constraint tags apply, and its doc text when `described`.
 */
function mapMember(p: MorphSymbol, site: Node, ctx: MapContext, seen: Set<ts.Type>, described: boolean): Mapped {
  const type = p.getTypeAtLocation(site);
  const decl = sourceDeclaration(p, site);
  const typeNode = decl && Node.isPropertySignature(decl) ? decl.getTypeNode() : undefined;
  const same = typeNode && declaredAs(type, typeNode.getType(), p.isOptional());
  const mapped = same ? ctx.map(typeNode) : mapResolved(type, site, ctx, seen);
  if (!("ok" in mapped) || !decl || !Node.isPropertySignature(decl)) return mapped;
  const doc = described ? memberDoc(decl) : undefined;
  return withDocTags(decl, { ok: doc ? { ...mapped.ok, description: doc } : mapped.ok }, ctx);
}

const mapProperty = (p: MorphSymbol, site: Node, ctx: MapContext, seen: Set<ts.Type>) =>
  mapMember(p, site, ctx, seen, true);

/** A property's type as an indexed access reads it (`Config["window"]`): its doc text stays with the member. */
export const mapMemberType = (p: MorphSymbol, site: Node, ctx: MapContext) => mapMember(p, site, ctx, new Set(), false);

function mapObject(t: Type, site: Node, ctx: MapContext, seen: Set<ts.Type>): Mapped {
  if (t.getCallSignatures().length || t.getConstructSignatures().length)
    return { cannot: `a callable (${t.getText()})` };
  const index = t.getStringIndexType();
  const props = t.getProperties();
  if (index && props.length === 0) {
    const value = mapResolved(index, site, ctx, seen);
    return "ok" in value ? { ok: { type: "object", additionalProperties: value.ok } } : value;
  }
  if (index || t.getNumberIndexType())
    return no(
      `unsupported type '${t.getText()}' (an index signature must be alone and keyed by string; put the named ` +
        "members beside the record, e.g. { cash: number; weights: Record<string, number> })",
    );
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const p of props) {
    if (!/^[\x20-\x7e]*$/.test(p.getName()))
      return no(
        `unsupported member key '${p.getName()}' (not ASCII, as tool schemas must be; ` +
          `rename it '${asciiKey(p.getName())}')`,
      );
    const mapped = mapProperty(p, site, ctx, seen);
    if ("cannot" in mapped) return { cannot: `an object whose member '${p.getName()}' is ${mapped.cannot}` };
    if (!("ok" in mapped)) return mapped;
    properties[p.getName()] = mapped.ok;
    if (!p.isOptional()) required.push(p.getName());
  }
  return { ok: { type: "object", properties, required, additionalProperties: false } };
}

/** A union: undefined drops out (optional), null stays, literals of one kind merge into an enum. */
function mapUnionType(t: Type, site: Node, ctx: MapContext, seen: Set<ts.Type>): Mapped {
  const parts = t.getUnionTypes().filter((u) => !u.isUndefined());
  const nullable = parts.some((u) => u.isNull());
  const rest = parts.filter((u) => !u.isNull());
  const values = literalValues(rest.length === 1 ? rest[0]! : t.getNonNullableType());
  const asEnum = values && enumOf(values);
  const schemas: Schema[] = [];
  if (asEnum) schemas.push(asEnum);
  else
    for (const u of rest) {
      const m = mapResolved(u, site, ctx, seen);
      if (!("ok" in m)) return m;
      if (!schemas.some((s) => JSON.stringify(s) === JSON.stringify(m.ok))) schemas.push(m.ok);
    }
  if (nullable) schemas.push({ type: "null" });
  return { ok: schemas.length === 1 ? schemas[0]! : { anyOf: schemas } };
}

/** A branded primitive (`number & { __brand: "bps" }`) is its primitive; objects merge their members. */
function mapIntersectionType(t: Type, site: Node, ctx: MapContext, seen: Set<ts.Type>): Mapped {
  const primitive = t.getIntersectionTypes().filter((p) => !p.isObject());
  if (primitive.length === 1) return mapResolved(primitive[0]!, site, ctx, seen);
  if (primitive.length > 1) return no(`unsupported type '${t.getText()}' (an intersection of primitives)`);
  return mapObject(t, site, ctx, seen);
}

/** Maps a resolved type at `site` (where property types are read); `seen` (types being mapped) refuses recursion. */
export function mapResolved(t: Type, site: Node, ctx: MapContext, seen = new Set<ts.Type>()): Mapped {
  const contract = contractFragment(t.getAliasSymbol() ?? t.getSymbol(), ctx);
  if (contract) return contract;
  if (t.isAny() || t.isUnknown()) return no(`unsupported type '${t.getText()}' (write the precise type)`);
  if (t.isTypeParameter()) return no(`unsupported type '${t.getText()}' (generic type parameter)`);
  if (t.isString() || t.isTemplateLiteral()) return { ok: { type: "string" } };
  if (t.isNumber()) return { ok: { type: "number" } };
  if (t.isBoolean()) return { ok: { type: "boolean" } };
  if (t.isNull()) return { ok: { type: "null" } };
  const literal = literalValues(t);
  const asEnum = literal && enumOf(literal);
  if (asEnum) return { ok: asEnum };
  if (seen.has(t.compilerType)) return recursive(t);
  seen.add(t.compilerType);
  try {
    return mapCompound(t, site, ctx, seen);
  } finally {
    seen.delete(t.compilerType);
  }
}

/** A type met again inside itself (through an array, a union, a member or a generic argument). */
function recursive(t: Type): Mapped {
  const named = t.getAliasSymbol() ?? (t.isObject() && !t.isAnonymous() ? t.getSymbol() : undefined);
  const where = named ? `tag the declaration of '${named.getName()}'` : "name it with a type alias or interface tagged";
  return no(
    `${RECURSIVE} '${t.getText()}' (tool schemas nest a finite depth; ${where} with the deepest nesting ` +
      `a call may send, from 1 to ${MAX_DEPTH_LIMIT}, e.g. /** @maxDepth 4 */)`,
  );
}

const RECURSIVE = "unsupported recursive type";

/** Unions, intersections, arrays and objects: the types that can contain themselves. */
function mapCompound(t: Type, site: Node, ctx: MapContext, seen: Set<ts.Type>): Mapped {
  if (t.isUnion()) return mapUnionType(t, site, ctx, seen);
  if (t.isIntersection()) return mapIntersectionType(t, site, ctx, seen);
  if (t.isArray() || t.isReadonlyArray()) {
    const el = mapResolved(t.getArrayElementTypeOrThrow(), site, ctx, seen);
    return "ok" in el ? { ok: { type: "array", items: el.ok } } : el;
  }
  if (t.isTuple()) return no(`unsupported type '${t.getText()}' (a tuple behind a computed type; write it out)`);
  const name = t.getSymbol()?.getName();
  const file = t.getSymbol()?.getDeclarations()[0]?.getSourceFile().getFilePath() ?? "";
  if (name && LIVE_BUILTINS.has(name) && !file.startsWith(ctx.projectRoot + path.sep))
    return { cannot: `a live ${name} object` };
  if (!t.isObject()) return no(`unsupported type '${t.getText()}'`);
  return mapObject(t, site, ctx, seen);
}

/** True inside a generic declaration, whose types the checker leaves uninstantiated (the use site resolves). */
function insideGeneric(n: Node): boolean {
  return n.getAncestors().some((a) => {
    const params = (a as Node & { getTypeParameters?: () => readonly Node[] }).getTypeParameters;
    return typeof params === "function" && params.call(a).length > 0;
  });
}

/**
 * `written` when it mapped (or cannot cross JSON), else what the checker resolved `n` to, else `written`
 * (but a recursion the resolved type shows and the written refusal does not name is reported as recursion).
 */
export function orResolved(n: Node, ctx: MapContext, written: Mapped): Mapped {
  if (!("unsupported" in written) || insideGeneric(n)) return written;
  const resolved = mapResolved(n.getType(), n, ctx);
  const recursion = "unsupported" in resolved && resolved.unsupported.startsWith(RECURSIVE);
  return "unsupported" in resolved && !(recursion && !written.unsupported.startsWith(RECURSIVE)) ? written : resolved;
}
