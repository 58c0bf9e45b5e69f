// The type-check gate: TypeScript's syntactic and semantic diagnostics of the guard sources and
// every project file they import become FS018 (syntax and grammar, TS1xxx) and FS019 (type) with
// file:line:col. As tsc does, type errors are reported once no checked file has a syntax error.
// The check starts with gen, on TypeScript's native compiler in a child process (native_check.ts),
// while the main thread maps the guards; where that cannot run, it checks in process, on a ts-morph
// program with the project's own options. A clean result is remembered under node_modules/.cache:
// the list of checked files and a hash of their texts, the compiler options, the TypeScript version
// and package-lock.json; when none of them changed, the check is skipped. Errors are never cached.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Project, ts } from "ts-morph";
import { diag, type Diagnostic } from "./diagnostics.js";
import { type Reported, startNativeCheck } from "./native_check.js";

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
  /** The project's tsconfig.json (the native check extends it); absent or null: none. */
  readonly tsconfig?: string | null;
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

/** True when the root has node_modules/, where the clean record and the native check's tsconfig live. */
const hasNodeModules = (root: string) => existsSync(path.join(root, "node_modules"));

function remember(input: GateInput, checked: readonly Checked[]): void {
  if (!hasNodeModules(input.root)) return;
  mkdirSync(cacheDir(input.root), { recursive: true });
  const record = { files: checked.map((c) => c.file), key: cleanKey(input, checked) };
  writeFileSync(recordFile(input), `${JSON.stringify(record)}\n`);
}

const asChecked = (sf: ts.SourceFile): Checked => ({ file: path.resolve(sf.fileName), text: sf.text });

/** A path inside the root and not under node_modules. */
const inProject = (p: string, root: string) =>
  p.startsWith(root + path.sep) && !p.includes(`${path.sep}node_modules${path.sep}`);

/** A project source file the gate checks: not a declaration file, not under node_modules, inside the root. */
function isChecked(sf: ts.SourceFile, root: string): boolean {
  return !sf.isDeclarationFile && inProject(path.resolve(sf.fileName), root);
}

/** TypeScript's 1xxx codes are its syntax and grammar errors: FS018; every other error is FS019. */
const codeOf = (tsCode: number) => (tsCode >= 1000 && tsCode < 2000 ? "FS018" : "FS019");

function toDiagnostic(d: ts.Diagnostic, root: string): Diagnostic {
  const pos = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
  const file = d.file ? rel(root, path.resolve(d.file.fileName)) : "(project)";
  const text = `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ").replace(/\s+/g, " ")}`;
  const where = { guard: null, file, line: pos ? pos.line + 1 : 1, column: pos ? pos.character + 1 : 1 };
  return diag(codeOf(d.code), where, text);
}

function fromReported(r: Reported, root: string): Diagnostic {
  const where = { guard: null, file: r.file ? rel(root, r.file) : "(project)", line: r.line, column: r.column };
  return diag(codeOf(r.code), where, `TS${r.code}: ${r.text}`);
}

/** One file's errors of one phase; a checker failure is FS099 naming the file. */
export function checkFile(
  program: ts.Program,
  sf: ts.SourceFile,
  root: string,
  phase: "syntax" | "semantic",
): Diagnostic[] {
  try {
    const found = phase === "syntax" ? program.getSyntacticDiagnostics(sf) : program.getSemanticDiagnostics(sf);
    return found.filter((d) => d.category === ts.DiagnosticCategory.Error).map((d) => toDiagnostic(d, root));
  } catch (e) {
    const why = e instanceof Error ? e.message.split("\n")[0] : String(e);
    const where = { guard: null, file: rel(root, path.resolve(sf.fileName)), line: 1 };
    return [diag("FS099", where, `the type checker failed on this file: ${why}`)];
  }
}

/** The project files the check covers: the program's own files inside the root. */
function checkedFiles(project: Project, root: string): ts.SourceFile[] {
  return project
    .getProgram()
    .compilerObject.getSourceFiles()
    .filter((sf) => isChecked(sf, root));
}

/** Every syntax error in the checked files, or else every type error, checked in process on `project`. */
export function typeCheck(project: Project, input: GateInput): Diagnostic[] {
  return stillClean(input) ? [] : checkInProcess(project, input);
}

/** typeCheck without the clean-record lookup (the caller has done it); records a clean result. */
function checkInProcess(project: Project, input: GateInput): Diagnostic[] {
  const program = project.getProgram().compilerObject;
  const files = checkedFiles(project, input.root);
  const syntax = files.flatMap((sf) => checkFile(program, sf, input.root, "syntax"));
  const out = syntax.length ? syntax : files.flatMap((sf) => checkFile(program, sf, input.root, "semantic"));
  if (out.length === 0) remember(input, files.map(asChecked));
  return out;
}

/** A program over the gate's files with the project's own options (the mapping's leaves out `types`). */
function gateProject(input: GateInput): Project {
  const project = new Project({ compilerOptions: input.options, skipAddingFilesFromTsConfig: true });
  for (const f of input.rootNames) project.addSourceFileAtPath(f);
  project.resolveSourceFileDependencies();
  return project;
}

/** A started gate: `finish` gives its diagnostics; the mapping's program names the files a clean result records. */
export interface Gate {
  finish(project: Project): Promise<Diagnostic[]>;
}

/**
 * Starts the gate: nothing when the last clean check still holds, else the native check at once. Its
 * errors in checked files are the result; where it could not run, `finish` checks in process.
 */
export function startTypeCheck(input: GateInput): Gate {
  if (stillClean(input)) return { finish: async () => [] };
  const native = hasNodeModules(input.root)
    ? startNativeCheck({ ...input, tsconfig: input.tsconfig ?? null, workDir: cacheDir(input.root) })
    : Promise.resolve(null);
  return {
    async finish(project) {
      const reported = await native;
      if (reported === null) return checkInProcess(gateProject(input), input);
      const out = reported
        .filter((r) => r.file === null || inProject(r.file, input.root))
        .map((r) => fromReported(r, input.root));
      if (out.length === 0) remember(input, checkedFiles(project, input.root).map(asChecked));
      return out;
    },
  };
}
