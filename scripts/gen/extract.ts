// AST -> plain facts about one guard module: its literal exports, check()'s parameters
// (with their mapped fragments) and its JSDoc. Problems with literal forms are FS001/FS011.
import { Node, type Expression, type FunctionDeclaration, type ParameterDeclaration, type SourceFile } from "ts-morph";
import { diag, type Diagnostic, type Where } from "./diagnostics.js";
import { mapType, type Mapped, type Warning } from "./types/index.js";

export interface Located<T> {
  readonly value: T;
  readonly line: number;
}

export interface ParamFact {
  readonly name: string;
  readonly line: number;
  readonly column: number;
  readonly questionToken: boolean;
  readonly initializer: string | null;
  readonly typeText: string | null;
  readonly mapped: Mapped | null;
  /** True when a recursive type in it is nested to its @maxDepth bound (note FS106). */
  readonly depthBounded: boolean;
}

export type Alternative = string | readonly string[];

export interface GuardFacts {
  readonly guard: string;
  readonly file: string;
  readonly skill: Located<string> | null;
  readonly title: Located<string> | null;
  readonly required: Located<readonly string[]> | null;
  readonly optional: Located<readonly string[]> | null;
  readonly alternatives: Located<readonly (readonly Alternative[])[]> | null;
  readonly slots: Located<readonly (readonly [string, string])[]> | null;
  readonly check: {
    readonly line: number;
    readonly async: boolean;
    readonly params: readonly ParamFact[];
    readonly doc: (Located<string> & { readonly column: number }) | null;
  } | null;
  readonly diagnostics: readonly Diagnostic[];
}

const lineOf = (n: Node) => n.getStartLineNumber();

function unwrapConst(e: Expression | undefined): Expression | undefined {
  if (e && Node.isAsExpression(e) && e.getTypeNode()?.getText() === "const") return e.getExpression();
  return undefined;
}

function stringArray(e: Node | undefined): string[] | undefined {
  if (!e || !Node.isArrayLiteralExpression(e)) return undefined;
  const items = e.getElements();
  return items.every((x) => Node.isStringLiteral(x))
    ? items.map((x) => (x as import("ts-morph").StringLiteral).getLiteralValue())
    : undefined;
}

function alternativesOf(e: Node | undefined): Alternative[][] | undefined {
  if (!e || !Node.isArrayLiteralExpression(e)) return undefined;
  const groups: Alternative[][] = [];
  for (const g of e.getElements()) {
    if (!Node.isArrayLiteralExpression(g)) return undefined;
    const group: Alternative[] = [];
    for (const alt of g.getElements()) {
      if (Node.isStringLiteral(alt)) group.push(alt.getLiteralValue());
      else {
        const names = stringArray(alt);
        if (!names) return undefined;
        group.push(names);
      }
    }
    groups.push(group);
  }
  return groups;
}

function slotsOf(e: Node | undefined): [string, string][] | undefined {
  if (!e || !Node.isObjectLiteralExpression(e)) return undefined;
  const out: [string, string][] = [];
  for (const p of e.getProperties()) {
    if (!Node.isPropertyAssignment(p)) return undefined;
    const init = p.getInitializer();
    if (!init || !Node.isStringLiteral(init)) return undefined;
    out.push([p.getName().replace(/^["']|["']$/g, ""), init.getLiteralValue()]);
  }
  return out;
}

interface ExportReader<T> {
  readonly name: string;
  readonly form: string;
  read(init: Expression | undefined): T | undefined;
}

const READERS = {
  skill: {
    name: "skill",
    form: 'export const skill = "<skill>";',
    read: (i: Expression | undefined) => (i && Node.isStringLiteral(i) ? i.getLiteralValue() : undefined),
  },
  title: {
    name: "title",
    form: 'export const title = "<Title>";',
    read: (i: Expression | undefined) => (i && Node.isStringLiteral(i) ? i.getLiteralValue() : undefined),
  },
  required: {
    name: "required",
    form: 'export const required = ["a", "b"] as const;',
    read: (i: Expression | undefined) => stringArray(unwrapConst(i)),
  },
  optional: {
    name: "optional",
    form: 'export const optional = ["c"] as const;',
    read: (i: Expression | undefined) => stringArray(unwrapConst(i)),
  },
  alternatives: {
    name: "alternatives",
    form: 'export const alternatives = [["a", ["b", "c"]]] as const;',
    read: (i: Expression | undefined) => alternativesOf(unwrapConst(i)),
  },
  slots: {
    name: "slots",
    form: 'export const slots = { input: "slot" } as const;',
    read: (i: Expression | undefined) => slotsOf(unwrapConst(i)),
  },
} satisfies Record<string, ExportReader<unknown>>;

function readExport<T>(
  sf: SourceFile,
  reader: ExportReader<T>,
  guard: string,
  file: string,
  out: Diagnostic[],
  mandatory: boolean,
): Located<T> | null {
  const decl = sf.getVariableDeclaration(reader.name);
  if (!decl?.isExported()) {
    if (mandatory)
      out.push(diag("FS001", { guard, file, line: 1 }, `module lacks the export '${reader.name}' (${reader.form})`));
    return null;
  }
  const value = reader.read(decl.getInitializer());
  const isConst = decl.getVariableStatement()?.getDeclarationKind() === "const";
  if (value === undefined || !isConst) {
    out.push(
      diag("FS001", { guard, file, line: lineOf(decl) }, `'${reader.name}' is not in its literal form: ${reader.form}`),
    );
    return null;
  }
  return { value, line: lineOf(decl) };
}

function paramFacts(
  fn: FunctionDeclaration,
  guard: string,
  file: string,
  contractFile: string,
  root: string,
  out: Diagnostic[],
  warnings: Warning[],
): ParamFact[] {
  return fn.getParameters().map((p) => {
    const nameNode = p.getNameNode();
    const where = {
      guard,
      file,
      line: lineOf(p),
      column: p.getStart() - p.getStartLinePos() + 1,
      path: Node.isIdentifier(nameNode) ? nameNode.getText() : "",
    };
    if (!Node.isIdentifier(nameNode))
      out.push(diag("FS011", where, `parameter '${nameNode.getText()}' uses destructuring; name each input`));
    if (p.isRestParameter()) out.push(diag("FS011", where, `rest parameter '...${nameNode.getText()}' is not allowed`));
    const typeNode = p.getTypeNode();
    if (!typeNode) out.push(diag("FS011", where, unannotated(p)));
    const before = warnings.length;
    const mapped = typeNode ? mapType(typeNode, contractFile, root, warnings) : null;
    return {
      name: nameNode.getText(),
      line: where.line,
      column: where.column,
      questionToken: p.hasQuestionToken(),
      initializer: p.getInitializer()?.getText() ?? null,
      typeText: typeNode?.getText().replace(/\s+/g, " ") ?? null,
      mapped,
      depthBounded: warnings.slice(before).some((w) => w.code === "FS106"),
    };
  });
}

/** FS011 for a parameter without a type, naming the annotation to write (a default's type is the widened one). */
function unannotated(p: ParameterDeclaration): string {
  const name = p.getNameNode().getText();
  const init = p.getInitializer()?.getText();
  const type = p.getType().getBaseTypeOfLiteralType().getText(p);
  const known = type !== "any" && type !== "unknown";
  const fix = init
    ? `annotate it: ${name}: ${known ? type : "<type>"} = ${init}`
    : `write its type: ${name}: ${known ? type : "<type>"}`;
  return `parameter '${name}' has no type annotation; ${fix}`;
}

/**
 * The signature callers see: check() itself, or of its overloads the one whose JSDoc has the Inputs
 * block (never the implementation's, which is not callable); none or several is FS031.
 */
function publicSignature(fn: FunctionDeclaration, where: Where, out: Diagnostic[]): FunctionDeclaration | null {
  const overloads = fn.getOverloads();
  if (overloads.length === 0) return fn;
  const hasInputs = (f: FunctionDeclaration) => /^\s*\*?\s*Inputs\s*$/m.test(f.getJsDocs().at(-1)?.getText() ?? "");
  const documented = overloads.filter(hasInputs);
  if (documented.length === 1) return documented[0]!;
  const why = documented.length
    ? "several overloads carry an Inputs block"
    : hasInputs(fn)
      ? `its ${overloads.length} overloads carry no Inputs block (the implementation's does)`
      : `none of its ${overloads.length} overloads carries the Inputs block`;
  out.push(
    diag(
      "FS031",
      where,
      `check() is overloaded and ${why}; put the JSDoc with its Inputs block on the one overload the tool exposes ` +
        "(the implementation signature is not callable), or write one signature whose parameters take unions",
    ),
  );
  return null;
}

/** Reads one guard module's facts. `file` is the path shown in diagnostics. */
export function extractGuard(
  sf: SourceFile,
  guard: string,
  file: string,
  contractFile: string,
  root: string,
): GuardFacts {
  const diagnostics: Diagnostic[] = [];
  const warnings: Warning[] = [];
  const fn = sf.getFunction("check");
  let check: GuardFacts["check"] = null;
  const signature = fn && publicSignature(fn, { guard, file, line: lineOf(fn) }, diagnostics);
  if (!fn?.isExported())
    diagnostics.push(diag("FS001", { guard, file, line: 1 }, "module lacks 'export function check(...)'"));
  else if (fn.isDefaultExport())
    diagnostics.push(
      diag(
        "FS001",
        { guard, file, line: lineOf(fn) },
        "check() is a default export, which the dispatch table cannot call by name; write 'export function check(...)'",
      ),
    );
  else if (signature) {
    const jsdoc = signature.getJsDocs().at(-1);
    check = {
      line: lineOf(signature),
      async: fn.isAsync(),
      params: paramFacts(signature, guard, file, contractFile, root, diagnostics, warnings),
      doc: jsdoc
        ? { value: jsdoc.getText(), line: lineOf(jsdoc), column: jsdoc.getStart() - jsdoc.getStartLinePos() + 1 }
        : null,
    };
  }
  for (const w of warnings)
    diagnostics.push(
      diag(
        w.code,
        { guard, file, line: lineOf(w.node), column: w.node.getStart() - w.node.getStartLinePos() + 1 },
        w.message,
      ),
    );
  return {
    guard,
    file,
    skill: readExport(sf, READERS.skill, guard, file, diagnostics, true),
    title: readExport(sf, READERS.title, guard, file, diagnostics, true),
    required: readExport(sf, READERS.required, guard, file, diagnostics, true),
    optional: readExport(sf, READERS.optional, guard, file, diagnostics, true),
    alternatives: readExport(sf, READERS.alternatives, guard, file, diagnostics, false),
    slots: readExport(sf, READERS.slots, guard, file, diagnostics, false),
    check,
    diagnostics,
  };
}
