// T[], readonly T[] (Array<T> and ReadonlyArray<T> are type references, see references.ts), and
// tuples of one item type, as arrays of exactly N items. A tuple mixing item types is refused with its
// object rewrite: prefixItems is not accepted by every export target, and "any of the types" is looser.
import { Node, SyntaxKind, type TupleTypeNode, type TypeNode, type TypeOperatorTypeNode } from "ts-morph";
import type { Schema } from "../schema.js";
import { typeText, unsupported, type Mapped, type MapContext, type TypeHandler } from "./handler.js";

/** Wraps an element mapping as an array fragment, or an "array of" reason. */
export function arrayOf(element: Mapped): Mapped {
  if ("ok" in element) return { ok: { type: "array", items: element.ok } };
  if ("cannot" in element) return { cannot: `an array of ${element.cannot}` };
  return element;
}

function elementOf(n: TypeNode): TypeNode | undefined {
  if (Node.isArrayTypeNode(n)) return n.getElementTypeNode();
  if (Node.isTypeOperatorTypeNode(n) && n.getOperator() === SyntaxKind.ReadonlyKeyword) {
    const inner = n.getTypeNode();
    return Node.isArrayTypeNode(inner) ? inner.getElementTypeNode() : undefined;
  }
  return undefined;
}

const isReadonly = (n: TypeNode) => Node.isTypeOperatorTypeNode(n) && n.getOperator() === SyntaxKind.ReadonlyKeyword;

export const arrayHandler: TypeHandler = {
  name: "array",
  supports: (n) =>
    Node.isArrayTypeNode(n) || (isReadonly(n) && !Node.isTupleTypeNode((n as TypeOperatorTypeNode).getTypeNode())),
  toSchema(n: TypeNode, ctx: MapContext) {
    const el = elementOf(n);
    return el ? arrayOf(ctx.map(el)) : unsupported(n);
  },
};

function mapTuple(n: TupleTypeNode, ctx: MapContext): Mapped {
  const elements = n.getElements();
  const types: TypeNode[] = [];
  for (const e of elements) {
    const named = Node.isNamedTupleMember(e);
    if (
      Node.isOptionalTypeNode(e) ||
      Node.isRestTypeNode(e) ||
      (named && (e.hasQuestionToken() || e.getDotDotDotToken()))
    )
      return unsupported(n, "optional or rest tuple elements; write an array with @minItems and @maxItems tags");
    types.push(named ? e.getTypeNode() : e);
  }
  if (types.length === 0) return unsupported(n, "an empty tuple carries nothing; remove the input");
  const mapped = types.map((t) => ctx.map(t));
  const bad = mapped.find((m) => !("ok" in m));
  if (bad) return "cannot" in bad ? { cannot: `a tuple with ${bad.cannot}` } : bad;
  const schemas = mapped.map((m) => (m as { ok: Schema }).ok);
  const distinct = new Set(schemas.map((s) => JSON.stringify(s)));
  if (distinct.size > 1) return unsupported(n, mixedTupleFix(elements));
  return { ok: { type: "array", items: schemas[0]!, minItems: types.length, maxItems: types.length } };
}

/** The rewrite of a mixed tuple: an object with one named member per position (item names where given). */
function mixedTupleFix(elements: readonly TypeNode[]): string {
  const members = elements.map((e, i) =>
    Node.isNamedTupleMember(e) ? `${e.getName()}: ${typeText(e.getTypeNode())}` : `item${i}: ${typeText(e)}`,
  );
  return (
    "items of different types have no exact schema every export target accepts; " +
    `write an object with one member per position: { ${members.join("; ")} }`
  );
}

export const tupleHandler: TypeHandler = {
  name: "tuple",
  supports: (n) =>
    Node.isTupleTypeNode(n) || (isReadonly(n) && Node.isTupleTypeNode((n as TypeOperatorTypeNode).getTypeNode())),
  toSchema: (n, ctx) =>
    mapTuple((Node.isTupleTypeNode(n) ? n : (n as TypeOperatorTypeNode).getTypeNode()) as TupleTypeNode, ctx),
};
