// A & B of object types -> one closed object with the members of both (a member in both must agree).
import { Node, type IntersectionTypeNode } from "ts-morph";
import type { Json, Schema } from "../schema.js";
import { orResolved } from "./resolved.js";
import { unsupported, type Mapped, type MapContext, type TypeHandler } from "./handler.js";

/** Merges closed object fragments; null when one is not a closed object or two members disagree. */
export function mergeObjects(parts: readonly Schema[]): Schema | null {
  const properties: Record<string, Json> = {};
  const required = new Set<string>();
  for (const p of parts) {
    if (p.type !== "object" || p.additionalProperties !== false || !p.properties) return null;
    for (const [k, v] of Object.entries(p.properties as Record<string, Json>)) {
      if (k in properties && JSON.stringify(properties[k]) !== JSON.stringify(v)) return null;
      properties[k] = v;
    }
    for (const r of (p.required ?? []) as string[]) required.add(r);
  }
  return { type: "object", properties, required: [...required], additionalProperties: false };
}

/** A branded primitive, `number & { __brand: "bps" }`: the one primitive part (the brand is compile-time only). */
function brandedPrimitive(n: IntersectionTypeNode, ctx: MapContext): Mapped | undefined {
  const parts = n.getTypeNodes();
  const primitive = parts.filter((p) => !p.getType().isObject());
  if (primitive.length !== 1 || parts.length < 2) return undefined;
  return ctx.map(primitive[0]!);
}

function mapIntersection(n: IntersectionTypeNode, ctx: MapContext): Mapped {
  const branded = brandedPrimitive(n, ctx);
  if (branded) return branded;
  const mapped = n.getTypeNodes().map((t) => ctx.map(t));
  const bad = mapped.find((m) => !("ok" in m));
  if (bad) return bad;
  const merged = mergeObjects(mapped.map((m) => (m as { ok: Schema }).ok));
  return merged
    ? { ok: merged }
    : orResolved(
        n,
        ctx,
        unsupported(n, "members that disagree; write one interface with each member's type written once"),
      );
}

export const intersectionHandler: TypeHandler = {
  name: "intersection",
  supports: (n) => Node.isIntersectionTypeNode(n),
  toSchema: (n, ctx) => mapIntersection(n as IntersectionTypeNode, ctx),
};
