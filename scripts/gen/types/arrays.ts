// T[], readonly T[] (Array<T> and ReadonlyArray<T> are type references, see references.ts).
import { Node, SyntaxKind, type TypeNode } from "ts-morph";
import { unsupported, type Mapped, type MapContext, type TypeHandler } from "./handler.js";

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

export const arrayHandler: TypeHandler = {
  name: "array",
  supports: (n) => Node.isArrayTypeNode(n) || Node.isTypeOperatorTypeNode(n),
  toSchema(n: TypeNode, ctx: MapContext) {
    const el = elementOf(n);
    return el ? arrayOf(ctx.map(el)) : unsupported(n);
  },
};
