// Unions: literals of one primitive merge into one enum; untransportable members are dropped
// with FS101 when another member maps; `undefined` means "optional"; `null` stays a JSON null.
import { Node, SyntaxKind, type TypeNode } from "ts-morph";
import type { Schema } from "../schema.js";
import { literalValue } from "./literals.js";
import { isNothing } from "./recursion.js";
import { typeText, type Mapped, type TypeHandler, type MapContext } from "./handler.js";

type Piece = { literal: string | number | boolean } | { mapped: Mapped; node: TypeNode };

const isUndefined = (n: TypeNode) => n.getKind() === SyntaxKind.UndefinedKeyword;
const isNull = (n: TypeNode) => n.getKind() === SyntaxKind.NullKeyword || literalValue(n) === null;
const NULL: Schema = { type: "null" };

/** Flattens nested and parenthesised unions into source-order members. */
export function unionMembers(n: TypeNode): TypeNode[] {
  if (Node.isParenthesizedTypeNode(n)) return unionMembers(n.getTypeNode());
  if (Node.isUnionTypeNode(n)) return n.getTypeNodes().flatMap(unionMembers);
  return [n];
}

function literalGroup(values: (string | number | boolean)[]): Schema {
  if (typeof values[0] === "boolean") {
    const set = new Set(values);
    return set.size === 2 ? { type: "boolean" } : { type: "boolean", enum: [...set] as boolean[] };
  }
  const unique = [...new Set(values)] as (string | number)[];
  if (typeof values[0] === "string") return { type: "string", enum: unique };
  return { type: unique.every((v) => Number.isInteger(v)) ? "integer" : "number", enum: unique };
}

/** Merges literals by primitive type at the first literal's position, then dedupes. */
function assemble(pieces: Piece[]): Schema[] {
  const out: (Schema | { group: string })[] = [];
  const groups = new Map<string, (string | number | boolean)[]>();
  for (const p of pieces) {
    if ("literal" in p) {
      const key = typeof p.literal;
      if (!groups.has(key)) {
        groups.set(key, []);
        out.push({ group: key });
      }
      groups.get(key)!.push(p.literal);
    } else if ("ok" in p.mapped) out.push(p.mapped.ok);
  }
  const schemas = out.map((x) =>
    "group" in x && typeof x.group === "string" && groups.has(x.group)
      ? literalGroup(groups.get(x.group)!)
      : (x as Schema),
  );
  const seen = new Set<string>();
  return schemas.filter((s) => {
    const k = JSON.stringify(s);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function mapUnion(n: TypeNode, ctx: MapContext): Mapped {
  const all = unionMembers(n).filter((m) => !isUndefined(m));
  const members = all.filter((m) => !isNull(m));
  const nullable = members.length < all.length;
  if (members.length === 0) return { unsupported: `unsupported type '${typeText(n)}' (only undefined or null)` };
  const pieces: Piece[] = members.map((m) => {
    const v = literalValue(m);
    return v !== undefined && v !== null ? { literal: v } : { mapped: ctx.map(m), node: m };
  });
  const bad = pieces.find((p) => "mapped" in p && "unsupported" in p.mapped);
  if (bad && "mapped" in bad) return bad.mapped;
  const cannot = pieces.filter(
    (p): p is { mapped: { cannot: string }; node: TypeNode } => "mapped" in p && "cannot" in p.mapped,
  );
  const assembled = assemble(pieces);
  const mapped = assembled.filter((s) => !isNothing(s)); // a self-reference past its depth bound
  if (assembled.length > 0 && mapped.length === 0) return { ok: nullable ? NULL : assembled[0]! };
  if (mapped.length === 0) return { cannot: cannot.map((p) => p.mapped.cannot).join(", or ") };
  const schemas = nullable ? [...mapped, NULL] : mapped;
  if (cannot.length > 0) {
    ctx.warnings.push({
      code: "FS101",
      node: n,
      message: `union members that cannot cross JSON were dropped: ${cannot.map((p) => typeText(p.node)).join(", ")}`,
    });
  }
  return { ok: schemas.length === 1 ? schemas[0]! : { anyOf: schemas } };
}

export const unionHandler: TypeHandler = {
  name: "union",
  supports: (n) => Node.isUnionTypeNode(n) || Node.isParenthesizedTypeNode(n),
  toSchema: (n, ctx) => (Node.isParenthesizedTypeNode(n) ? ctx.map(n.getTypeNode()) : mapUnion(n, ctx)),
};
