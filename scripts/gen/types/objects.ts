// Type literals and project interfaces: plain data becomes a closed object; an index
// signature becomes a record; call signatures or callable members cannot cross.
import {
  Node,
  type InterfaceDeclaration,
  type PropertySignature,
  type TypeElementTypes,
  type TypeLiteralNode,
} from "ts-morph";
import type { Schema } from "../schema.js";
import { isNothing } from "./recursion.js";
import { typeText, unsupported, withDocTags, type Mapped, type MapContext, type TypeHandler } from "./handler.js";

/** First paragraph of a member's JSDoc, whitespace-collapsed, or undefined. */
export function memberDoc(m: TypeElementTypes): string | undefined {
  const docs = Node.isJSDocable(m) ? m.getJsDocs() : [];
  const text = docs.at(-1)?.getDescription().trim();
  if (!text) return undefined;
  return text
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, " ")
    .trim();
}

/** The JSON property name of a member: quoted and computed string/number keys give their value. */
export function memberName(m: PropertySignature): string | undefined {
  const n = m.getNameNode();
  if (Node.isIdentifier(n)) return n.getText();
  if (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n)) return n.getLiteralValue();
  if (Node.isNumericLiteral(n)) return String(n.getLiteralValue());
  if (Node.isComputedPropertyName(n)) {
    const t = n.getExpression().getType();
    if (t.isStringLiteral() || t.isNumberLiteral()) return String(t.getLiteralValue());
  }
  return undefined;
}

const ASCII_KEY = /^[\x20-\x7e]*$/;

/** An ASCII spelling of a key: accents dropped, any other character an underscore. */
export const asciiKey = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_");

/** Maps the members of a type literal or interface; `label` names it in reasons. */
export function mapMembers(
  owner: TypeLiteralNode | InterfaceDeclaration,
  label: string | null,
  ctx: MapContext,
): Mapped {
  const members = owner.getMembers();
  const shown = (why: string) => (label ? `a live ${label} object` : why);
  if (owner.getCallSignatures().length > 0) return { cannot: `a callable (${label ?? typeText(owner)})` };
  const indexSigs = owner.getIndexSignatures();
  if (indexSigs.length > 0) {
    if (members.length !== 1 || indexSigs[0]!.getKeyTypeNode().getText() !== "string")
      return unsupported(
        owner,
        "an index signature must be alone and keyed by string; put the named members beside the record, " +
          "e.g. { cash: number; weights: Record<string, number> }",
      );
    const valueNode = indexSigs[0]!.getReturnTypeNode();
    if (!valueNode) return unsupported(owner, "an index signature needs a value type: { [key: string]: T }");
    const value = ctx.map(valueNode);
    if ("ok" in value) return { ok: { type: "object", additionalProperties: value.ok } };
    return "cannot" in value ? { cannot: `a record of ${value.cannot}` } : value;
  }
  const properties: Schema = {};
  const required: string[] = [];
  for (const m of members) {
    if (Node.isMethodSignature(m)) return { cannot: shown(`an object with callable member '${m.getName()}'`) };
    if (!Node.isPropertySignature(m)) return unsupported(owner, `member '${m.getText()}'`);
    const name = memberName(m);
    if (name === undefined)
      return unsupported(owner, `member key '${m.getNameNode().getText()}' is not a string constant; write the name`);
    if (!ASCII_KEY.test(name))
      return {
        unsupported:
          `unsupported member key '${name}' of ${label ? `'${label}'` : "an object type"} ` +
          `(not ASCII, as tool schemas must be; rename it '${asciiKey(name)}')`,
      };
    const typeNode = m.getTypeNode();
    if (!typeNode) return unsupported(owner, `member '${name}' has no type annotation`);
    const mapped = ctx.map(typeNode);
    if ("unsupported" in mapped) return mapped;
    if ("cannot" in mapped) {
      return {
        cannot: mapped.cannot.startsWith("a callable")
          ? shown(`an object with callable member '${name}'`)
          : `an object whose member '${name}' is ${mapped.cannot}`,
      };
    }
    if (isNothing(mapped.ok) && m.hasQuestionToken()) continue; // a self-reference past its depth bound: absent
    const doc = memberDoc(m);
    const tagged = withDocTags(m, { ok: doc ? { ...mapped.ok, description: doc } : mapped.ok }, ctx);
    if (!("ok" in tagged)) return tagged;
    properties[name] = tagged.ok;
    if (!m.hasQuestionToken()) required.push(name);
  }
  return { ok: { type: "object", properties, required, additionalProperties: false } };
}

export const typeLiteralHandler: TypeHandler = {
  name: "type-literal",
  supports: (n) => Node.isTypeLiteral(n),
  toSchema: (n, ctx: MapContext) => mapMembers(n as TypeLiteralNode, null, ctx),
};

export const functionHandler: TypeHandler = {
  name: "function",
  supports: (n) => Node.isFunctionTypeNode(n) || Node.isConstructorTypeNode(n),
  toSchema: (n) => ({ cannot: `a callable (${typeText(n)})` }),
};
