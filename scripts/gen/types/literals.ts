// A single literal type: "a", 1, true/false (a lone literal is a one-element enum).
import { Node, SyntaxKind, type TypeNode } from "ts-morph";
import { unsupported, type TypeHandler } from "./handler.js";

/** The JSON value of a literal type node, or undefined when it is not a JSON literal. */
export function literalValue(n: TypeNode): string | number | boolean | null | undefined {
  if (!Node.isLiteralTypeNode(n)) return undefined;
  const lit = n.getLiteral();
  if (Node.isStringLiteral(lit) || Node.isNoSubstitutionTemplateLiteral(lit)) return lit.getLiteralValue();
  if (Node.isNumericLiteral(lit)) return lit.getLiteralValue();
  if (Node.isPrefixUnaryExpression(lit) && lit.getOperatorToken() === SyntaxKind.MinusToken) {
    const operand = lit.getOperand();
    if (Node.isNumericLiteral(operand)) return -operand.getLiteralValue();
  }
  if (lit.getKind() === SyntaxKind.TrueKeyword) return true;
  if (lit.getKind() === SyntaxKind.FalseKeyword) return false;
  if (lit.getKind() === SyntaxKind.NullKeyword) return null;
  return undefined;
}

export const literalHandler: TypeHandler = {
  name: "literal",
  supports: (n) => Node.isLiteralTypeNode(n),
  toSchema(n) {
    const v = literalValue(n);
    if (typeof v === "string") return { ok: { type: "string", enum: [v] } };
    if (typeof v === "number") return { ok: { type: Number.isInteger(v) ? "integer" : "number", enum: [v] } };
    if (typeof v === "boolean") return { ok: { type: "boolean", enum: [v] } };
    return unsupported(n);
  },
};
