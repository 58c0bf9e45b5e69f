// number, string, boolean, unknown, and the keywords that are always unsupported.
import { SyntaxKind, type TypeNode } from "ts-morph";
import { unsupported, type TypeHandler } from "./handler.js";

const FRAGMENTS: Partial<Record<SyntaxKind, object>> = {
  [SyntaxKind.NumberKeyword]: { type: "number" },
  [SyntaxKind.StringKeyword]: { type: "string" },
  [SyntaxKind.BooleanKeyword]: { type: "boolean" },
};

/** Keywords with no JSON form, each with the rewrite FS011 suggests. */
const REJECTED = new Map<SyntaxKind, string>([
  [SyntaxKind.AnyKeyword, "write the precise type, or unknown for any JSON"],
  [SyntaxKind.NeverKeyword, "an input that can never be given; remove it"],
  [SyntaxKind.ObjectKeyword, "write an interface, or Record<string, T>"],
  [SyntaxKind.BigIntKeyword, "JSON has no bigint; use number or a decimal string"],
  [SyntaxKind.SymbolKeyword, "JSON has no symbols; use a string"],
  [SyntaxKind.VoidKeyword, "an input cannot be void; remove it"],
  [SyntaxKind.UndefinedKeyword, "make the input optional with ?"],
  [SyntaxKind.NullKeyword, "write T | null for a nullable input"],
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
    return fragment ? { ok: { ...fragment } as never } : unsupported(n, REJECTED.get(n.getKind()));
  },
};
