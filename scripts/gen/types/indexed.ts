// Indexed access types (`Config["window"]`, `Config["a" | "b"]`): each named member is mapped from its
// declaration, so a brand (Integer, IsoDate) and the member's constraint tags survive; other indexed
// access forms (`(typeof LIST)[number]`, a generic object) are computed types (computed.ts).
import { Node, type IndexedAccessTypeNode, type TypeNode } from "ts-morph";
import type { Schema } from "../schema.js";
import { literalValues, mapComputed } from "./computed.js";
import { mapMemberType } from "./resolved.js";
import type { Mapped, MapContext, TypeHandler } from "./handler.js";

/** The members a literal key (or union of literal keys) names on the object type, or undefined. */
function namedMembers(n: IndexedAccessTypeNode) {
  const keys = literalValues(n.getIndexTypeNode().getType());
  if (!keys?.length || !keys.every((k) => typeof k === "string")) return undefined;
  const object = n.getObjectTypeNode().getType();
  const members = keys.map((k) => object.getProperty(k as string));
  return members.every((m) => m !== undefined) ? members : undefined;
}

function mapIndexed(n: IndexedAccessTypeNode, ctx: MapContext): Mapped {
  const members = namedMembers(n);
  if (!members) return mapComputed(n);
  const schemas: Schema[] = [];
  for (const m of members) {
    const mapped = mapMemberType(m!, n, ctx);
    if (!("ok" in mapped)) return mapped;
    if (!schemas.some((s) => JSON.stringify(s) === JSON.stringify(mapped.ok))) schemas.push(mapped.ok);
  }
  return { ok: schemas.length === 1 ? schemas[0]! : { anyOf: schemas } };
}

export const indexedHandler: TypeHandler = {
  name: "indexed",
  supports: (n: TypeNode) => Node.isIndexedAccessTypeNode(n),
  toSchema: (n, ctx) => mapIndexed(n as IndexedAccessTypeNode, ctx),
};
