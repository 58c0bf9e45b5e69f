// The type-check gate: TypeScript's syntactic and semantic diagnostics of the guard sources and
// every project file they import become FS018 (syntax) and FS019 (type) with file:line:col.
// The check runs in a worker thread (its own program) while the main thread maps the guards.
// A clean result is remembered under node_modules/.cache: the list of checked files and a hash of
// their texts, the compiler options, the TypeScript version and package-lock.json; when none of
// them changed, no worker starts. Errors are never cached.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { ts } from "ts-morph";
import { diag, type Diagnostic } from "./diagnostics.js";

const rel = (root: string, p: string) => path.relative(root, p).split(path.sep).join("/");

interface Problem {
  readonly kind: "syntax" | "type";
  readonly file: string | null;
  readonly line: number;
  readonly column: number;
  readonly text: string;
}

interface Checked {
  readonly file: string;
  readonly text: string;
}

export interface GateInput {
  readonly root: string;
  /** The guard files and the slot table: the program is these and everything they import. */
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
function stillClean(input: GateInput): boolean {
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

function toDiagnostic(p: Problem, root: string): Diagnostic {
  const file = p.file ? rel(root, p.file) : "(project)";
  return diag(p.kind === "syntax" ? "FS018" : "FS019", { guard: null, file, line: p.line, column: p.column }, p.text);
}

/** Starts the gate; the promise holds every syntax and type error in the checked files, as coded diagnostics. */
export function startTypeCheck(input: GateInput): Promise<Diagnostic[]> {
  if (stillClean(input)) return Promise.resolve([]);
  const worker = new Worker(new URL("./typecheck_worker.mjs", import.meta.url), {
    workerData: { root: input.root, rootNames: input.rootNames, options: input.options },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", (m: { problems: Problem[]; checked: Checked[] }) => {
      if (m.problems.length === 0) remember(input, m.checked);
      resolve(m.problems.map((p) => toDiagnostic(p, input.root)));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the type-check worker exited with code ${code}`)));
  });
}
