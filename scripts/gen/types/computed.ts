// Types TypeScript computes from values: `keyof typeof CONST`, `(typeof LIST)[number]`, `T["k"]`.
// The checker resolves them; a union of string or number literals becomes an enum.
import { Node, type Type, type TypeNode } from "ts-morph";
import type { Schema } from "../schema.js";
import { unsupported, type Mapped, type TypeHandler } from "./handler.js";

/** The literal values of a type that is a literal or a union of literals, or undefined. */
export function literalValues(t: Type): (string | number | boolean)[] | undefined {
  const parts = t.isUnion() ? t.getUnionTypes() : [t];
  const values: (string | number | boolean)[] = [];
  for (const p of parts) {
    if (p.isStringLiteral() || p.isNumberLiteral()) values.push(p.getLiteralValue() as string | number);
    else if (p.isBooleanLiteral()) values.push(p.getText() === "true");
    else return undefined;
  }
  return values;
}

/** An enum fragment for literal values of one primitive kind, or undefined when they are mixed. */
export function enumOf(values: readonly (string | number | boolean)[]): Schema | undefined {
  const kinds = new Set(values.map((v) => typeof v));
  if (kinds.size !== 1 || values.length === 0) return undefined;
  const sorted = [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (typeof values[0] === "boolean")
    return sorted.length === 2 ? { type: "boolean" } : { type: "boolean", enum: sorted };
  if (typeof values[0] === "string") return { type: "string", enum: sorted as string[] };
  return { type: sorted.every((v) => Number.isInteger(v)) ? "integer" : "number", enum: sorted as number[] };
}

/** What the checker computed: literals as an enum, or string or number. */
export function mapComputed(n: TypeNode): Mapped {
  const t = n.getType();
  const values = literalValues(t);
  const fragment = values && enumOf(values);
  if (fragment) return { ok: fragment };
  if (t.isString()) return { ok: { type: "string" } };
  if (t.isNumber()) return { ok: { type: "number" } };
  if (t.isObject() || t.isIntersection())
    return unsupported(n, "it resolves to an object type; write an interface with its members and use that");
  return unsupported(n, "a computed type must resolve to string or number literals; write the union of literals");
}

export const computedHandler: TypeHandler = {
  name: "computed",
  supports: (n) =>
    (Node.isTypeOperatorTypeNode(n) && n.getText().startsWith("keyof")) ||
    Node.isIndexedAccessTypeNode(n) ||
    Node.isTypeQuery(n),
  toSchema: (n) => mapComputed(n),
};
