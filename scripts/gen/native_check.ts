// The type-check gate's fast path: TypeScript's native compiler (the devDependency
// `typescript-native`, TypeScript 7) run as a child process over the guard files and everything they
// import, while the main thread maps the guards. Its output lines `file(line,col): error TSn: text`
// become reported errors. Null means it could not run (not installed, no binary for this platform,
// or an exit other than tsc's own): the caller then checks in process.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** One error as tsc printed it; `file` is absolute, or null for an error about the whole project. */
export interface Reported {
  readonly file: string | null;
  readonly line: number;
  readonly column: number;
  readonly code: number;
  readonly text: string;
}

export interface NativeCheckInput {
  readonly root: string;
  readonly rootNames: readonly string[];
  /** The project's tsconfig.json, whose options the check extends; null checks with FALLBACK_OPTIONS. */
  readonly tsconfig: string | null;
  /** A folder the check may write its generated tsconfig into. */
  readonly workDir: string;
}

/** Options for a root without a tsconfig.json: what the in-process check then uses, spelt for tsc. */
const FALLBACK_OPTIONS = { target: "es2022", module: "nodenext", types: [] as string[] };

/** The JavaScript launcher of the native compiler, or null when the package is not installed. */
export function nativeTscPath(): string | null {
  try {
    const pkg = createRequire(import.meta.url).resolve("typescript-native/package.json");
    return path.join(path.dirname(pkg), "bin", "tsc");
  } catch {
    return null;
  }
}

/** The tsconfig the check runs: the project's options, strict and without emit, over exactly these files. */
function writeConfig(input: NativeCheckInput): string {
  const config = {
    ...(input.tsconfig ? { extends: input.tsconfig } : {}),
    compilerOptions: {
      ...(input.tsconfig ? {} : FALLBACK_OPTIONS),
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      incremental: false,
    },
    files: [...input.rootNames],
    include: [],
  };
  mkdirSync(input.workDir, { recursive: true });
  const file = path.join(input.workDir, `gate-tsconfig-${randomUUID()}.json`);
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

const LOCATED = /^(.+)\((\d+),(\d+)\): error TS(\d+): (.*)$/;
const UNLOCATED = /^error TS(\d+): (.*)$/;

/** tsc's plain (`--pretty false`) output as errors; a message's further lines are indented and join its text. */
export function parseTscOutput(out: string, cwd: string): Reported[] {
  const errors: { -readonly [K in keyof Reported]: Reported[K] }[] = [];
  for (const line of out.split(/\r?\n/)) {
    const at = LOCATED.exec(line);
    const bare = at ? null : UNLOCATED.exec(line);
    if (at) {
      const [, file, ln, col, code, text] = at;
      errors.push({ file: path.resolve(cwd, file!), line: +ln!, column: +col!, code: +code!, text: text! });
    } else if (bare) {
      errors.push({ file: null, line: 1, column: 1, code: +bare[1]!, text: bare[2]! });
    } else if (/^\s/.test(line) && line.trim() && errors.length) {
      errors[errors.length - 1]!.text += ` ${line.trim()}`;
    }
  }
  return errors.map((e) => ({ ...e, text: e.text.replace(/\s+/g, " ").trim() }));
}

/** Runs the native check; resolves with its errors, or null when it could not run (see the file comment). */
export function startNativeCheck(input: NativeCheckInput): Promise<Reported[] | null> {
  const tsc = nativeTscPath();
  if (tsc === null) return Promise.resolve(null);
  const config = writeConfig(input);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "-p", config, "--pretty", "false"], {
      cwd: input.root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => (out += s));
    child.stderr.resume();
    child.once("error", () => {
      rmSync(config, { force: true });
      resolve(null);
    });
    child.once("close", (code) => {
      rmSync(config, { force: true });
      const errors = parseTscOutput(out, input.root);
      // 0: clean; 1 or 2: errors reported. Anything else, or errors claimed but none printed, is a failure to run.
      const ran = code === 0 ? errors.length === 0 : (code === 1 || code === 2) && errors.length > 0;
      resolve(ran ? errors : null);
    });
  });
}
