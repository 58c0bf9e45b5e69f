// Template literal types -> a string with an anchored `pattern`: `${number}bp`, `v${"1" | "2"}`.
import { Node, type TemplateLiteralTypeNode, type TypeNode } from "ts-morph";
import { literalValues } from "./computed.js";
import { unsupported, type Mapped, type TypeHandler } from "./handler.js";

/** Escapes regex syntax characters (only those; `u`-mode patterns reject needless escapes). */
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The regular expression for one `${...}` placeholder type, or undefined when it has none. */
function placeholder(n: TypeNode): string | undefined {
  const t = n.getType();
  if (t.isString()) return ".*";
  if (t.isNumber()) return "-?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?";
  if (t.isBoolean()) return "(?:true|false)";
  const values = literalValues(t);
  return values ? `(?:${values.map((v) => escapeRegex(String(v))).join("|")})` : undefined;
}

function mapTemplate(n: TemplateLiteralTypeNode): Mapped {
  let pattern = `^${escapeRegex(n.getHead().getLiteralText())}`;
  for (const span of n.getTemplateSpans()) {
    const [type, literal] = span.getChildren() as [TypeNode, Node];
    const inner = placeholder(type);
    if (!inner) return unsupported(n, "a template placeholder must be string, number, boolean or literals");
    const text = literal
      .getText()
      .replace(/^\}/, "")
      .replace(/(\$\{|`)$/, "");
    pattern += inner + escapeRegex(text);
  }
  return { ok: { type: "string", pattern: `${pattern}$` } };
}

export const templateHandler: TypeHandler = {
  name: "template",
  supports: (n) => Node.isTemplateLiteralTypeNode(n),
  toSchema: (n) => mapTemplate(n as TemplateLiteralTypeNode),
};
