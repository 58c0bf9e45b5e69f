// A & B of object types -> one closed object with the members of both (a member in both must agree).
import { Node, type IntersectionTypeNode } from "ts-morph";
import type { Json, Schema } from "../schema.js";
import { orResolved } from "./resolved.js";
import { unsupported, type Mapped, type MapContext, type TypeHandler } from "./handler.js";

const bare = (s: Json): string => {
  if (!s || typeof s !== "object" || Array.isArray(s)) return JSON.stringify(s);
  const { description: _d, ...rest } = s;
  return JSON.stringify(rest);
};

/**
 * Two schemas of one member, as `A & B` gives it: equal ones, or a union and one of its branches
 * (`number | null` & `number` is `number`); null when the intersection has no fragment of this form.
 */
export function intersectMember(a: Json, b: Json): Json | null {
  if (bare(a) === bare(b)) return a;
  const branches = (s: Json) =>
    s && typeof s === "object" && !Array.isArray(s) && Array.isArray(s.anyOf) ? (s.anyOf as Json[]).map(bare) : [];
  const described = (s: Json, from: Json) => {
    const doc = (from as Schema).description ?? (s as Schema).description;
    return doc ? { ...(s as Schema), description: doc } : s;
  };
  if (branches(a).includes(bare(b))) return described(b, a);
  if (branches(b).includes(bare(a))) return described(a, b);
  return null;
}

/** Merges closed object fragments; null when one is not a closed object or two members do not intersect. */
export function mergeObjects(parts: readonly Schema[]): Schema | null {
  const properties: Record<string, Json> = {};
  const required = new Set<string>();
  for (const p of parts) {
    if (p.type !== "object" || p.additionalProperties !== false || !p.properties) return null;
    for (const [k, v] of Object.entries(p.properties as Record<string, Json>)) {
      const merged = k in properties ? intersectMember(properties[k]!, v) : v;
      if (merged === null) return null;
      properties[k] = merged;
    }
    for (const r of (p.required ?? []) as string[]) required.add(r);
  }
  return { type: "object", properties, required: [...required], additionalProperties: false };
}

/**
 * A branded primitive, `number & { __brand: "bps" }`: the one primitive part (the brand is compile-time only).
 * A type parameter part (`T & { price: number }` in a generic alias) is not a primitive: its argument decides.
 */
function brandedPrimitive(n: IntersectionTypeNode, ctx: MapContext): Mapped | undefined {
  const parts = n.getTypeNodes();
  if (parts.some((p) => p.getType().isTypeParameter())) return undefined;
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
