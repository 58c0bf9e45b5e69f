// Tuples: exact positional schemas. One item type (rest elements too): an array of that type with the
// tuple's bounds, portable everywhere. Mixed item types: prefixItems, `items: false` and the bounds in
// the full table, with note FS105 (the portable exports cannot check positions); a rest element there is
// refused with its object rewrite.
import { Node, SyntaxKind, type TupleTypeNode, type TypeNode, type TypeOperatorTypeNode } from "ts-morph";
import type { Schema } from "../schema.js";
import { typeText, unsupported, type Mapped, type MapContext, type TypeHandler } from "./handler.js";

/** One tuple element: its type node, whether it may be absent, whether it is a rest (`...T[]`). */
interface Element {
  readonly type: TypeNode;
  readonly optional: boolean;
  readonly rest: boolean;
  readonly name: string;
}

function elementOf(e: TypeNode, i: number): Element {
  if (Node.isNamedTupleMember(e))
    return {
      type: e.getTypeNode(),
      optional: e.hasQuestionToken(),
      rest: !!e.getDotDotDotToken(),
      name: e.getName(),
    };
  if (Node.isOptionalTypeNode(e)) return { type: e.getTypeNode(), optional: true, rest: false, name: `item${i}` };
  if (Node.isRestTypeNode(e)) return { type: e.getTypeNode(), optional: false, rest: true, name: `item${i}` };
  return { type: e, optional: false, rest: false, name: `item${i}` };
}

/** The item type of a rest element's array type (`...T[]`, `...readonly T[]`, `...Array<T>`), or undefined. */
function restItem(n: TypeNode): TypeNode | undefined {
  const inner = Node.isTypeOperatorTypeNode(n) ? n.getTypeNode() : n;
  if (Node.isArrayTypeNode(inner)) return inner.getElementTypeNode();
  if (Node.isTypeReference(inner) && /^(Readonly)?Array$/.test(inner.getTypeName().getText()))
    return inner.getTypeArguments()[0];
  return undefined;
}

/** The object rewrite of a tuple: one named member per position (item names where given). */
export function tupleObjectForm(elements: readonly Element[]): string {
  const members = elements.map((e) => `${e.name}${e.optional ? "?" : ""}: ${typeText(e.type)}`);
  return `{ ${members.join("; ")} }`;
}

function mapTuple(n: TupleTypeNode, ctx: MapContext): Mapped {
  const elements = n.getElements().map(elementOf);
  if (elements.length === 0) return unsupported(n, "an empty tuple carries nothing; remove the input");
  const restAt = elements.findIndex((e) => e.rest);
  if (restAt >= 0 && restAt !== elements.length - 1)
    return unsupported(n, `a rest element before the last position; write an object: ${tupleObjectForm(elements)}`);
  const rest = restAt >= 0 ? restItem(elements[restAt]!.type) : undefined;
  if (restAt >= 0 && !rest) return unsupported(n, "a spread of a tuple type; write its positions out in this tuple");
  const fixed = restAt >= 0 ? elements.slice(0, -1) : elements;
  const mapped = [...fixed.map((e) => ctx.map(e.type)), ...(rest ? [ctx.map(rest)] : [])];
  const bad = mapped.find((m) => !("ok" in m));
  if (bad) return "cannot" in bad ? { cannot: `a tuple with ${bad.cannot}` } : bad;
  const schemas = mapped.map((m) => (m as { ok: Schema }).ok);
  const bounds: Schema = { minItems: fixed.filter((e) => !e.optional).length };
  if (!rest) bounds.maxItems = fixed.length;
  if (new Set(schemas.map((s) => JSON.stringify(s))).size === 1)
    return { ok: { type: "array", items: schemas[0]!, ...bounds } };
  if (schemas.some((s) => JSON.stringify(s).includes('"$ref"')))
    return unsupported(n, `a series or frame at a position; write an object: ${tupleObjectForm(elements)}`);
  if (rest)
    return unsupported(
      n,
      "a rest element after items of other types has no exact schema that strict Ajv compiles; " +
        `write an object: ${tupleObjectForm(elements)}`,
    );
  ctx.warnings.push({
    code: "FS105",
    node: n,
    message:
      `tuple '${typeText(n)}' is checked position by position in tools.json; the portable exports cannot ` +
      `state positions and describe them in prose; for exports that check each position, write an object: ` +
      tupleObjectForm(elements),
  });
  return { ok: positional(schemas, bounds.minItems as number) };
}

/**
 * Positions `prefix`, the first `required` of them present and nothing after: one exact array per
 * allowed length (Ajv's strict tuples want every position present), any of them.
 */
function positional(prefix: readonly Schema[], required: number): Schema {
  const exact = (n: number): Schema => ({
    type: "array",
    prefixItems: prefix.slice(0, n),
    items: false,
    minItems: n,
    maxItems: n,
  });
  if (required === prefix.length) return exact(required);
  const lengths = Array.from({ length: prefix.length - required + 1 }, (_, i) => required + i);
  return { anyOf: lengths.map((n) => (n === 0 ? { type: "array", maxItems: 0 } : exact(n))) };
}

const isReadonlyTuple = (n: TypeNode) =>
  Node.isTypeOperatorTypeNode(n) &&
  n.getOperator() === SyntaxKind.ReadonlyKeyword &&
  Node.isTupleTypeNode(n.getTypeNode());

export const tupleHandler: TypeHandler = {
  name: "tuple",
  supports: (n) => Node.isTupleTypeNode(n) || isReadonlyTuple(n),
  toSchema: (n, ctx) =>
    mapTuple((Node.isTupleTypeNode(n) ? n : (n as TypeOperatorTypeNode).getTypeNode()) as TupleTypeNode, ctx),
};
