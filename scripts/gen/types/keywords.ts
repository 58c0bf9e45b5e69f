// number, string, boolean, unknown, and the keywords that are always unsupported.
import { SyntaxKind, type TypeNode } from "ts-morph";
import { unsupported, type TypeHandler } from "./handler.js";

const FRAGMENTS: Partial<Record<SyntaxKind, object>> = {
  [SyntaxKind.NumberKeyword]: { type: "number" },
  [SyntaxKind.StringKeyword]: { type: "string" },
  [SyntaxKind.BooleanKeyword]: { type: "boolean" },
};

const REJECTED = new Set([
  SyntaxKind.AnyKeyword,
  SyntaxKind.NeverKeyword,
  SyntaxKind.ObjectKeyword,
  SyntaxKind.BigIntKeyword,
  SyntaxKind.SymbolKeyword,
  SyntaxKind.VoidKeyword,
  SyntaxKind.UndefinedKeyword,
  SyntaxKind.NullKeyword,
]);

export const keywordHandler: TypeHandler = {
  name: "keyword",
  supports: (n: TypeNode) =>
    n.getKind() in FRAGMENTS || REJECTED.has(n.getKind()) || n.getKind() === SyntaxKind.UnknownKeyword,
  toSchema(n, ctx) {
    if (n.getKind() === SyntaxKind.UnknownKeyword) {
      ctx.warnings.push({ code: "FS102", node: n, message: "an input typed 'unknown' accepts any JSON" });
      return { ok: {} };
    }
    const fragment = FRAGMENTS[n.getKind()];
    return fragment ? { ok: { ...fragment } as never } : unsupported(n);
  },
};
