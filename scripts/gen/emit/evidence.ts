// Typed guard evidence. Each guard's check() returns GuardOutcome<E>, E built by its `note()` chain;
// this module reads E with the type checker and writes it as the caller receives it after the
// runtime's evidence encoding (src/runtime/codec/evidence.ts), so `result.evidence.breakeven_bps`
// type-checks. A type it cannot follow (any, unknown, a recursive type) becomes `unknown`, never a guess.
import {
  type FunctionDeclaration,
  Node,
  type SourceFile,
  SyntaxKind,
  type Symbol as TsSymbol,
  type Type,
  ts,
} from "ts-morph";

/** The encoder's limits, spelled here because the compiler imports no runtime code. */
const MAX_DEPTH = 8;
const SERIES_KEYS = new Set(["values", "index", "name", "dtype", "freq"]);
const TYPED_ARRAYS = /^(Float(32|64)|Int(8|16|32)|Uint(8|16|32)|Uint8Clamped|BigInt64|BigUint64)Array$/;

/** The wire types every guard's evidence type is written in; emitted once into generated/types.ts. */
export const EVIDENCE_PRELUDE = `/**
 * Present on evidence the encoder cut: how many items (or rows, or characters) were kept of how many.
 */
export interface EvidenceTruncation {
  kept: number;
  of: number;
}
/** A number in evidence: NaN arrives as null, the infinities as the strings "Infinity" and "-Infinity". */
export type EvidenceNumber = number | null | "Infinity" | "-Infinity";
/** A string in evidence: one longer than 4,000 characters arrives cut, as {text, truncated}. */
export type EvidenceText = string | { text: string; truncated: EvidenceTruncation };
/** A list in evidence: one longer than 500 items arrives cut, as {items, truncated}. */
export type EvidenceList<T> = T[] | { items: T[]; truncated: EvidenceTruncation };
/** A string-keyed map in evidence: one with more than 500 keys arrives cut, as {entries, truncated}. */
export type EvidenceRecord<T> = { [key: string]: T } | { entries: { [key: string]: T }; truncated: EvidenceTruncation };
/** One cell of an evidence series or frame. */
export type EvidenceCell = EvidenceNumber | string | boolean;
/** A series in evidence: the series payload, its first 500 values. */
export interface EvidenceSeries<T = EvidenceCell> {
  index?: EvidenceCell[];
  values: T[];
  name?: unknown;
  dtype?: string;
  freq?: string;
  truncated?: EvidenceTruncation;
}
/** A frame in evidence: the records form of its first 50 rows. */
export interface EvidenceFrame {
  index?: EvidenceCell[];
  index_name?: string;
  columns: string[];
  records: { [column: string]: EvidenceCell }[];
  dtypes?: { [column: string]: string };
  freq?: string;
  truncated?: EvidenceTruncation;
}
`;

/** Walks one evidence type; `path` holds the types being written, so a recursive type ends as `unknown`. */
class WireWriter {
  private readonly path = new Set<Type>();
  constructor(private readonly at: Node) {}

  /** The wire type of a value; `undefined` members are left to the caller (an optional key or a null item). */
  value(t: Type, depth: number, indent: string): string {
    const members = t.isUnion() ? t.getUnionTypes() : [t];
    const defined = members.filter((m) => !m.isUndefined() && !isVoid(m));
    const texts = defined.map((m) => this.member(m, depth, indent));
    if (defined.some((m) => m.isBooleanLiteral()) && texts.includes("true") && texts.includes("false"))
      return union([...texts.filter((x) => x !== "true" && x !== "false"), "boolean"]);
    return union(texts);
  }

  /** A list item or series cell: `undefined` arrives as null. */
  private item(t: Type, depth: number, indent: string): string {
    const text = this.value(t, depth, indent);
    return mayBeUndefined(t) ? union([text, "null"]) : text;
  }

  private member(t: Type, depth: number, indent: string): string {
    const scalar = scalarText(t);
    if (scalar !== null) return scalar;
    if (t.isAny() || t.isUnknown() || this.path.has(t)) return "unknown";
    if (depth > MAX_DEPTH) return JSON.stringify("[nested too deep]");
    this.path.add(t);
    try {
      return this.container(t, depth, indent);
    } finally {
      this.path.delete(t);
    }
  }

  private container(t: Type, depth: number, indent: string): string {
    const name = t.getSymbol()?.getName() ?? "";
    if (t.getCallSignatures().length > 0) return "string";
    if (name === "Date") return "string | null";
    if (TYPED_ARRAYS.test(name)) return `EvidenceList<${/^Big/.test(name) ? "number | string" : "EvidenceNumber"}>`;
    if (t.isTuple())
      return `[${t
        .getTupleElements()
        .map((e) => this.item(e, depth + 1, indent))
        .join(", ")}]`;
    const element = arrayElement(t);
    if (element) return `EvidenceList<${this.item(element, depth + 1, indent)}>`;
    const args = t.getTypeArguments();
    if (name === "Set" && args.length === 1) return `EvidenceList<${this.item(args[0]!, depth + 1, indent)}>`;
    if (name === "Map" && args.length === 2) return `EvidenceRecord<${this.value(args[1]!, depth + 1, indent)}>`;
    if (!t.isObject()) return "unknown";
    if (this.prop(t, "toJSON")) return "unknown";
    return this.object(t, depth, indent);
  }

  /** Plain objects, frames and series, recognised by shape as the encoder does. */
  private object(t: Type, depth: number, indent: string): string {
    const props = dataProperties(t);
    const names = props.map((p) => p.getName());
    if (["columns", "data", "nrows"].every((k) => names.includes(k))) return "EvidenceFrame";
    const values = this.prop(t, "values");
    const cell = values && arrayElement(values);
    if (cell && names.every((k) => SERIES_KEYS.has(k))) return `EvidenceSeries<${this.item(cell, depth + 2, indent)}>`;
    const index = t.getStringIndexType() ?? t.getNumberIndexType();
    if (index && props.length === 0) return `EvidenceRecord<${this.value(index, depth + 1, indent)}>`;
    if (index) return "EvidenceRecord<unknown>";
    return this.fields(props, depth, indent);
  }

  /** `{ key: T; other?: U }`, one key a line, in the type's key order. */
  fields(props: readonly TsSymbol[], depth: number, indent: string): string {
    if (props.length === 0) return "{}";
    const inner = `${indent}  `;
    const lines = props.map((p) => {
      const t = p.getTypeAtLocation(this.at);
      const optional = p.hasFlags(ts.SymbolFlags.Optional) || mayBeUndefined(t);
      return `${inner}${propertyName(p.getName())}${optional ? "?" : ""}: ${this.value(t, depth + 1, inner)};`;
    });
    return `{\n${lines.join("\n")}\n${indent}}`;
  }

  private prop(t: Type, name: string): Type | undefined {
    return t.getProperty(name)?.getTypeAtLocation(this.at);
  }
}

function isVoid(t: Type): boolean {
  return (t.getFlags() & ts.TypeFlags.Void) !== 0;
}

function mayBeUndefined(t: Type): boolean {
  return t.isUndefined() || (t.isUnion() && t.getUnionTypes().some((m) => m.isUndefined() || isVoid(m)));
}

function scalarText(t: Type): string | null {
  if (t.isStringLiteral() || t.isNumberLiteral()) return JSON.stringify(t.getLiteralValue());
  if (t.isBooleanLiteral()) return t.getText();
  if (t.isBoolean()) return "boolean";
  if (t.isNull()) return "null";
  if (t.isNumber()) return "EvidenceNumber";
  if (t.isString() || t.isTemplateLiteral()) return "EvidenceText";
  if (t.getFlags() & ts.TypeFlags.BigIntLike) return "number | string";
  if (t.getFlags() & ts.TypeFlags.ESSymbolLike) return "string";
  if (t.getFlags() & ts.TypeFlags.Never) return "never";
  return null;
}

function arrayElement(t: Type): Type | undefined {
  if (t.isArray() || t.isReadonlyArray()) return t.getArrayElementType() ?? t.getTypeArguments()[0];
  return undefined;
}

/** Own data properties: methods and getters do not reach the wire. */
function dataProperties(t: Type): TsSymbol[] {
  return t.getProperties().filter((p) => !p.hasFlags(ts.SymbolFlags.Method) && !p.hasFlags(ts.SymbolFlags.GetAccessor));
}

function propertyName(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

/**
 * Members sorted (the checker's union order follows type creation order, which varies between runs),
 * null last; EvidenceNumber already carries null.
 */
function union(texts: readonly string[]): string {
  const unique = [...new Set(texts)]
    .filter((x) => x !== "null" || !texts.includes("EvidenceNumber"))
    .sort((a, b) => (a === "null" ? 1 : b === "null" ? -1 : a < b ? -1 : a > b ? 1 : 0));
  if (unique.length === 0) return "never";
  if (unique.includes("unknown")) return "unknown";
  return unique.join(" | ");
}

/** The types check() returns, one per `return` statement: the declared return type would merge them. */
function returnedTypes(fn: FunctionDeclaration): Type[] {
  const own = fn
    .getDescendantsOfKind(SyntaxKind.ReturnStatement)
    .filter((r) => r.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a)) === fn)
    .map((r) => r.getExpression()?.getType())
    .filter((t): t is Type => t !== undefined);
  return own.length > 0 ? own : [fn.getReturnType()];
}

/** E of each GuardOutcome<E> check() returns (Promise unwrapped); null if some return is not one. */
function outcomeEvidence(fn: FunctionDeclaration): Type[] | null {
  const outcomes = returnedTypes(fn).flatMap((t) => {
    const v = t.getSymbol()?.getName() === "Promise" ? (t.getTypeArguments()[0] ?? t) : t;
    return v.isUnion() ? v.getUnionTypes() : [v];
  });
  const typed = outcomes.map((o) =>
    o.getSymbol()?.getName() === "GuardOutcome" ? o.getTypeArguments()[0] : undefined,
  );
  return typed.every((e): e is Type => e !== undefined) ? typed : null;
}

/**
 * The evidence type of one guard as TypeScript text. Several `return`s with different keys merge
 * into one object: a key some returns lack is optional.
 */
export function evidenceTypeText(fn: FunctionDeclaration): string {
  const writer = new WireWriter(fn);
  const shapes = outcomeEvidence(fn);
  if (shapes === null || shapes.length === 0) return "{ [key: string]: unknown }";
  const keys: string[] = [];
  const byKey = new Map<string, TsSymbol[]>();
  for (const s of shapes)
    for (const p of dataProperties(s)) {
      if (!byKey.has(p.getName())) keys.push(p.getName());
      byKey.set(p.getName(), [...(byKey.get(p.getName()) ?? []), p]);
    }
  const lines = keys.map((k) => {
    const syms = byKey.get(k)!;
    const types = syms.map((p) => p.getTypeAtLocation(fn));
    const optional =
      syms.length < shapes.length ||
      syms.some((p) => p.hasFlags(ts.SymbolFlags.Optional)) ||
      types.some((t) => mayBeUndefined(t));
    const text = union(types.map((t) => writer.value(t, 1, "  ")));
    return `  ${propertyName(k)}${optional ? "?" : ""}: ${text};`;
  });
  return `{\n${lines.join("\n")}\n}`;
}

interface GuardFile {
  readonly guard: string;
  readonly file: string;
  readonly sourceFile: SourceFile;
}

/**
 * Tool name -> evidence type text, for every guard that is a tool and has a check() declaration.
 * `guarded` runs one guard's derivation and turns a failure into a diagnostic (null).
 */
export function evidenceTypes<G extends GuardFile>(
  sources: readonly G[],
  toolOf: ReadonlyMap<string, string | null>,
  guarded: (g: G, run: () => string | null) => string | null,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of [...sources].sort((a, b) => (a.guard < b.guard ? -1 : 1))) {
    const tool = toolOf.get(s.guard);
    if (!tool) continue;
    const text = guarded(s, () => {
      const fn = s.sourceFile.getFunction("check");
      return fn ? evidenceTypeText(fn) : null;
    });
    if (text !== null) out.set(tool, text);
  }
  return out;
}

/**
 * `CheckCostCurveEvidence` and `CheckCostCurveResult` for every guard tool with a derived evidence type;
 * `typeName` is the tool's type-name stem (the one types.ts gives its Args type).
 */
export function emitEvidenceTypes(evidence: ReadonlyMap<string, string>, typeName: (tool: string) => string): string {
  const out = [EVIDENCE_PRELUDE];
  for (const [tool, text] of evidence) {
    const name = typeName(tool);
    out.push(
      `/** The evidence of ${tool}, as the caller receives it. */`,
      `export type ${name}Evidence = ${text};`,
      `/** The result of ${tool}: the guard result with its typed evidence. */`,
      `export interface ${name}Result extends Omit<GuardToolResult, "evidence"> {`,
      `  evidence: ${name}Evidence;`,
      "}",
    );
  }
  return `${out.join("\n")}\n`;
}
