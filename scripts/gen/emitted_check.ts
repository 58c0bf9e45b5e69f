// gen checks what it emits: every generated .ts file must parse, and generated/types.ts (which
// imports nothing) must type-check, on the native compiler where it runs (else in process). An error
// is FS033 naming the guard whose generated name is on the failing line. A clean types.ts is
// remembered by the hash of its text under the gate's cache folder.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Project, ts } from "ts-morph";
import { diag, type Diagnostic } from "./diagnostics.js";
import { pascal } from "./emit/types.js";
import { startNativeCheck } from "./native_check.js";
import { cacheDir } from "./typecheck.js";

interface Failure {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** The guard whose tool's generated type name appears on `lineText`, or null. */
function guardOn(lineText: string, guards: readonly string[]): string | null {
  const hits = guards.filter((g) => new RegExp(`\\b${pascal(`check_${g}`)}(?:Args|Result)\\b`).test(lineText));
  return hits.sort((a, b) => b.length - a.length)[0] ?? null;
}

/** Syntax errors of one emitted TypeScript file. */
function syntaxFailures(file: string, text: string): Failure[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = (sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics ?? [];
  return found.map((d) => ({
    file,
    line: sf.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
    text: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
  }));
}

/** Type errors of a self-contained file, natively where possible. */
async function typeFailures(file: string, text: string, root: string): Promise<Failure[]> {
  const dir = path.join(cacheDir(root), "emitted");
  const key = createHash("sha256").update(ts.version).update(text).digest("hex").slice(0, 32);
  const clean = path.join(dir, `clean-${key}`);
  if (existsSync(clean)) return [];
  mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `${randomUUID()}-${path.basename(file)}`); // unique: gens may run side by side
  writeFileSync(tmp, text);
  try {
    const native = await startNativeCheck({ root, rootNames: [tmp], tsconfig: null, workDir: dir });
    const failures = native
      ? native.map((r) => ({ file, line: r.line, text: `TS${r.code}: ${r.text}` }))
      : inProcess(tmp, file);
    if (failures.length === 0) writeFileSync(clean, "");
    return failures;
  } finally {
    rmSync(tmp, { force: true });
  }
}

function inProcess(tmp: string, file: string): Failure[] {
  const project = new Project({ compilerOptions: { strict: true, noEmit: true, types: [] } });
  const sf = project.addSourceFileAtPath(tmp);
  return sf.getPreEmitDiagnostics().map((d) => ({
    file,
    line: d.getLineNumber() ?? 1,
    text: `TS${d.getCode()}: ${ts.flattenDiagnosticMessageText(d.getMessageText() as string, " ")}`,
  }));
}

/** FS033 for every emitted .ts file that does not parse, and for every type error of types.ts. */
export async function checkEmitted(
  files: ReadonlyMap<string, string>,
  root: string,
  guards: readonly { guard: string; file: string }[],
): Promise<Diagnostic[]> {
  const failures = [...files].filter(([f]) => f.endsWith(".ts")).flatMap(([f, text]) => syntaxFailures(f, text));
  const types = files.get("types.ts");
  if (types !== undefined && failures.length === 0) failures.push(...(await typeFailures("types.ts", types, root)));
  const names = guards.map((g) => g.guard);
  return failures.map((f) => {
    const lineText = files.get(f.file)?.split("\n")[f.line - 1] ?? "";
    const guard = guardOn(lineText, names);
    const source = guards.find((g) => g.guard === guard);
    const where = { guard, file: source?.file ?? `generated/${f.file}`, line: source ? 1 : f.line };
    const who = guard ? `guard '${guard}': ` : "";
    return diag("FS033", where, `${who}generated/${f.file}:${f.line} does not type-check: ${f.text}`);
  });
}
