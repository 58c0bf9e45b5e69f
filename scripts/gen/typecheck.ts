// The type-check gate: TypeScript's syntactic and semantic diagnostics of the guard sources and
// every project file they import become FS018 (syntax) and FS019 (type) with file:line:col.
// It checks the mapping's own program (the ts-morph Project): the sources are parsed once, and the
// types the check resolves are the ones the mapping then reads, so the mapping gets cheaper.
// A clean result is remembered under node_modules/.cache: the list of checked files and a hash of
// their texts, the compiler options, the TypeScript version and package-lock.json; when none of
// them changed, the check is skipped. Errors are never cached.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Project, ts } from "ts-morph";
import { diag, type Diagnostic } from "./diagnostics.js";

const rel = (root: string, p: string) => path.relative(root, p).split(path.sep).join("/");

interface Checked {
  readonly file: string;
  readonly text: string;
}

export interface GateInput {
  readonly root: string;
  /** The guard files the program starts from: the checked files are these and everything they import. */
  readonly rootNames: readonly string[];
  readonly options: ts.CompilerOptions;
}

/** Where clean results are remembered (the bench deletes it to time a cold run). */
export const cacheDir = (root: string) => path.join(root, "node_modules", ".cache", "fin-skills-gen");

/** Names one clean record per program shape: the TypeScript version, options and root files. */
function recordFile(input: GateInput): string {
  const h = createHash("sha256").update(ts.version).update(JSON.stringify(input.options));
  for (const f of [...input.rootNames].sort()) h.update(`\0${f}`);
  return path.join(cacheDir(input.root), `typecheck-clean-${h.digest("hex").slice(0, 32)}.json`);
}

/** The hash of a clean check: everything the result depends on that can change in the repository. */
function cleanKey(input: GateInput, checked: readonly Checked[]): string {
  const h = createHash("sha256").update(ts.version).update(JSON.stringify(input.options));
  const lock = path.join(input.root, "package-lock.json");
  if (existsSync(lock)) h.update(readFileSync(lock));
  for (const c of checked) h.update(`\0${c.file}\0`).update(c.text);
  return h.digest("hex");
}

/** True when the files of the last clean check are all unchanged. */
export function stillClean(input: GateInput): boolean {
  const file = recordFile(input);
  if (!existsSync(file)) return false;
  const record = JSON.parse(readFileSync(file, "utf8")) as { files: string[]; key: string };
  if (!record.files.every((f) => existsSync(f))) return false;
  const now = record.files.map((f) => ({ file: f, text: readFileSync(f, "utf8") }));
  return cleanKey(input, now) === record.key;
}

function remember(input: GateInput, checked: readonly Checked[]): void {
  if (!existsSync(path.join(input.root, "node_modules"))) return;
  mkdirSync(cacheDir(input.root), { recursive: true });
  const record = { files: checked.map((c) => c.file), key: cleanKey(input, checked) };
  writeFileSync(recordFile(input), `${JSON.stringify(record)}\n`);
}

const asChecked = (sf: ts.SourceFile): Checked => ({ file: path.resolve(sf.fileName), text: sf.text });

/** A project source file the gate checks: not a declaration file, not under node_modules, inside the root. */
function isChecked(sf: ts.SourceFile, root: string): boolean {
  const p = path.resolve(sf.fileName);
  return !sf.isDeclarationFile && p.startsWith(root + path.sep) && !p.includes(`${path.sep}node_modules${path.sep}`);
}

function toDiagnostic(d: ts.Diagnostic, kind: "syntax" | "type", root: string): Diagnostic {
  const pos = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
  const file = d.file ? rel(root, path.resolve(d.file.fileName)) : "(project)";
  const text = `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ").replace(/\s+/g, " ")}`;
  const where = { guard: null, file, line: pos ? pos.line + 1 : 1, column: pos ? pos.character + 1 : 1 };
  return diag(kind === "syntax" ? "FS018" : "FS019", where, text);
}

/** One file's syntax errors, or else its type errors; a checker failure is FS099 naming the file. */
export function checkFile(program: ts.Program, sf: ts.SourceFile, root: string): Diagnostic[] {
  try {
    const syntax = program.getSyntacticDiagnostics(sf);
    if (syntax.length) return syntax.map((d) => toDiagnostic(d, "syntax", root));
    return program
      .getSemanticDiagnostics(sf)
      .filter((d) => d.category === ts.DiagnosticCategory.Error)
      .map((d) => toDiagnostic(d, "type", root));
  } catch (e) {
    const why = e instanceof Error ? e.message.split("\n")[0] : String(e);
    const where = { guard: null, file: rel(root, path.resolve(sf.fileName)), line: 1 };
    return [diag("FS099", where, `the type checker failed on this file: ${why}`)];
  }
}

/** Every syntax and type error in the checked files of the project's program, as coded diagnostics. */
export function typeCheck(project: Project, input: GateInput): Diagnostic[] {
  if (stillClean(input)) return [];
  const program = project.getProgram().compilerObject;
  const files = program.getSourceFiles().filter((sf) => isChecked(sf, input.root));
  const out = files.flatMap((sf) => checkFile(program, sf, input.root));
  if (out.length === 0) remember(input, files.map(asChecked));
  return out;
}
