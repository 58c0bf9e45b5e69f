// T[] and readonly T[] (Array<T> and ReadonlyArray<T> are type references, see references.ts;
// tuples are tuples.ts).
import { Node, SyntaxKind, type TypeNode, type TypeOperatorTypeNode } from "ts-morph";
import { isNothing } from "./recursion.js";
import { unsupported, type Mapped, type MapContext, type TypeHandler } from "./handler.js";

/** Wraps an element mapping as an array fragment (empty where no element may exist), or an "array of" reason. */
export function arrayOf(element: Mapped): Mapped {
  if ("ok" in element && isNothing(element.ok)) return { ok: { type: "array", maxItems: 0 } };
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
