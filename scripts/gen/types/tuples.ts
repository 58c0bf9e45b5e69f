// Tuples: exact positional schemas, prefixItems with `items: false` and minItems = maxItems = length,
// in the full table (emit/positions.ts turns one item type back into `items` in the portable profile).
// Mixed item types get note FS105: the portable exports cannot check positions. Optional and rest
// elements are refused with their rewrite: an array with bounds, or an object.
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
  if (elements.some((e) => e.rest && !restItem(e.type)))
    return unsupported(n, "a spread of a tuple type; write its positions out in this tuple");
  const mapped = elements.map((e) => ctx.map(e.rest ? restItem(e.type)! : e.type));
  const bad = mapped.find((m) => !("ok" in m));
  if (bad) return "cannot" in bad ? { cannot: `a tuple with ${bad.cannot}` } : bad;
  const schemas = mapped.map((m) => (m as { ok: Schema }).ok);
  const same = new Set(schemas.map((s) => JSON.stringify(s))).size === 1;
  if (elements.some((e) => e.optional || e.rest)) return unsupported(n, variableLengthFix(elements, same));
  if (schemas.some((s) => JSON.stringify(s).includes('"$ref"')) && !same)
    return unsupported(n, `a series or frame at a position; write an object: ${tupleObjectForm(elements)}`);
  if (!same)
    ctx.warnings.push({
      code: "FS105",
      node: n,
      message:
        `tuple '${typeText(n)}' is checked position by position in tools.json; the portable exports cannot ` +
        `state positions and describe them in prose; for exports that check each position, write an object: ` +
        tupleObjectForm(elements),
    });
  const length = schemas.length;
  return { ok: { type: "array", prefixItems: schemas, items: false, minItems: length, maxItems: length } };
}

/**
 * The rewrite of a tuple with optional or rest elements (its TypeScript type, a union of lengths, has no
 * form the generated types and the agreement check share): an array with bounds when every item has one
 * type, else an object.
 */
function variableLengthFix(elements: readonly Element[], same: boolean): string {
  const first = elements[0]!;
  const item = typeText(first.rest ? restItem(first.type)! : first.type);
  const min = elements.filter((e) => !e.optional && !e.rest).length;
  const max = elements.some((e) => e.rest) ? "" : ` @maxItems ${elements.length}`;
  if (same) return `optional or rest elements; write readonly ${item}[] with the Inputs tags @minItems ${min}${max}`;
  return `optional or rest elements among items of other types; write an object: ${tupleObjectForm(elements)}`;
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
