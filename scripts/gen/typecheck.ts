// The type-check gate: TypeScript's syntactic and semantic diagnostics of the guard sources and
// every project file they import become FS018 (syntax) and FS019 (type) with file:line:col.
// A clean result is remembered under node_modules/.cache by a hash of the checked texts, the
// compiler options, the TypeScript version and package-lock.json; any change re-checks everything.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ts, type Project, type SourceFile } from "ts-morph";
import { diag, type Diagnostic } from "./diagnostics.js";

const rel = (root: string, p: string) => path.relative(root, p).split(path.sep).join("/");

/** Project sources to check: inside `root`, outside node_modules, not declaration files. */
export function checkedFiles(project: Project, root: string): SourceFile[] {
  return project.getSourceFiles().filter((sf) => {
    const f = sf.getFilePath();
    return (
      f.startsWith(root + path.sep) && !f.includes(`${path.sep}node_modules${path.sep}`) && !sf.isDeclarationFile()
    );
  });
}

function toDiagnostic(d: ts.Diagnostic, code: "FS018" | "FS019", root: string): Diagnostic {
  const file = d.file ? rel(root, d.file.fileName) : "(project)";
  const pos = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
  const text = ts.flattenDiagnosticMessageText(d.messageText, " ").replace(/\s+/g, " ");
  return diag(
    code,
    { guard: null, file, line: pos ? pos.line + 1 : 1, column: pos ? pos.character + 1 : 1 },
    `TS${d.code}: ${text}`,
  );
}

/** The cache key of a clean check: everything the result depends on that can change in the repository. */
function cleanKey(project: Project, files: readonly SourceFile[], root: string): string {
  const h = createHash("sha256").update(ts.version).update(JSON.stringify(project.getCompilerOptions()));
  const lock = path.join(root, "package-lock.json");
  if (existsSync(lock)) h.update(readFileSync(lock));
  for (const sf of files) h.update(`\0${sf.getFilePath()}\0`).update(sf.getFullText());
  return h.digest("hex");
}

const cacheFile = (root: string, key: string) =>
  path.join(root, "node_modules", ".cache", "fin-skills-gen", `typecheck-clean-${key.slice(0, 32)}`);

/** Every syntax and type error in the checked files, as coded diagnostics. */
export function typeCheck(project: Project, root: string): Diagnostic[] {
  const files = checkedFiles(project, root);
  const key = cleanKey(project, files, root);
  if (existsSync(cacheFile(root, key))) return [];
  const out = uncachedTypeCheck(project, files, root);
  if (out.length === 0 && existsSync(path.join(root, "node_modules"))) {
    mkdirSync(path.dirname(cacheFile(root, key)), { recursive: true });
    writeFileSync(cacheFile(root, key), `${key}\n`);
  }
  return out;
}

function uncachedTypeCheck(project: Project, files: readonly SourceFile[], root: string): Diagnostic[] {
  const program = project.getProgram().compilerObject;
  const out: Diagnostic[] = [];
  for (const sf of files) {
    const tsFile = program.getSourceFile(sf.getFilePath());
    if (!tsFile) continue;
    const syntax = program.getSyntacticDiagnostics(tsFile);
    for (const d of syntax) out.push(toDiagnostic(d, "FS018", root));
    if (syntax.length) continue;
    for (const d of program.getSemanticDiagnostics(tsFile))
      if (d.category === ts.DiagnosticCategory.Error) out.push(toDiagnostic(d, "FS019", root));
  }
  return out;
}
