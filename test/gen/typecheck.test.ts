// The type-check gate on the mapping's own program: coded diagnostics with file:line:col, the clean
// record (written only for a clean check, invalidated by any change), and a checker failure as FS099.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Project, ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../scripts/gen/diagnostics.js";
import { parseTscOutput, startNativeCheck } from "../../scripts/gen/native_check.js";
import { cacheDir, checkFile, startTypeCheck, stillClean, typeCheck } from "../../scripts/gen/typecheck.js";

const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, types: [] };

/** A project root with node_modules/ (where the clean record lives) and the given guard files. */
function root(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), "fs-gate-"));
  mkdirSync(path.join(dir, "node_modules"));
  mkdirSync(path.join(dir, "guards"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, "guards", name), text);
  const rootNames = Object.keys(files).map((f) => path.join(dir, "guards", f));
  return { dir, input: { root: dir, rootNames, options } };
}

function gate(input: Parameters<typeof typeCheck>[1]) {
  const project = new Project({ compilerOptions: options, skipAddingFilesFromTsConfig: true });
  for (const f of input.rootNames) project.addSourceFileAtPath(f);
  project.resolveSourceFileDependencies();
  return typeCheck(project, input).map(formatDiagnostic);
}

/** Guard files with one syntax error (c.ts) and two type errors, one across an import. */
const TWO_KINDS = {
  "a.ts": 'import { twice } from "./_b.js";\nexport const y: string = twice(2);\n',
  "_b.ts": "export const twice = (x: number): number => x * 2;\nexport const z: number = 'z';\n",
  "c.ts": "export const w = (;\n",
};
const SYNTAX = ["guards/c.ts:1:19: error FS018: TS1109: Expression expected."];
const TYPES = [
  "guards/_b.ts:2:14: error FS019: TS2322: Type 'string' is not assignable to type 'number'.",
  "guards/a.ts:2:14: error FS019: TS2322: Type 'number' is not assignable to type 'string'.",
];

const records = (dir: string) => (existsSync(cacheDir(dir)) ? readdirSync(cacheDir(dir)) : []);

describe("type-check gate", () => {
  it("reports syntax errors (FS018) first, then type errors (FS019) in guards and their imports, with line:col", () => {
    const { dir, input } = root(TWO_KINDS);
    expect(gate(input)).toEqual(SYNTAX);
    writeFileSync(path.join(dir, "guards", "c.ts"), "export const w = 1;\n");
    expect(gate(input).sort()).toEqual(TYPES);
    expect(records(dir)).toEqual([]);
  });

  it("reports the same errors from the native compiler, which runs beside the mapping", async () => {
    const { dir, input } = root(TWO_KINDS);
    const project = new Project({ compilerOptions: options, skipAddingFilesFromTsConfig: true });
    const native = startNativeCheck({ ...input, tsconfig: null, workDir: cacheDir(dir) });
    expect((await native)?.map((r) => `${path.basename(r.file ?? "")} TS${r.code}`)).toEqual(["c.ts TS1109"]);
    expect((await startTypeCheck(input).finish(project)).map(formatDiagnostic)).toEqual(SYNTAX);
    writeFileSync(path.join(dir, "guards", "c.ts"), "export const w = 1;\n");
    expect((await startTypeCheck(input).finish(project)).map(formatDiagnostic).sort()).toEqual(TYPES);
    expect(records(dir)).toEqual([]);
    // its generated tsconfig is removed once it has run
    expect(readdirSync(cacheDir(dir))).toEqual([]);
  });

  it("checks in process where the native compiler cannot run (here: no node_modules for its tsconfig)", async () => {
    const { dir, input } = root(TWO_KINDS);
    rmSync(path.join(dir, "node_modules"), { recursive: true });
    const project = new Project({ compilerOptions: options, skipAddingFilesFromTsConfig: true });
    for (const f of input.rootNames) project.addSourceFileAtPath(f);
    project.resolveSourceFileDependencies();
    expect((await startTypeCheck(input).finish(project)).map(formatDiagnostic)).toEqual(SYNTAX);
    expect(existsSync(cacheDir(dir))).toBe(false);
  });

  it("reads tsc's plain output: located and project errors, a message's further lines joined", () => {
    const out = [
      "guards/a.ts(2,14): error TS2322: Type 'number' is not assignable to type 'string'.",
      "guards/b.ts(7,3): error TS2345: Argument of type '{ a: number; }' is not assignable to parameter of type 'T'.",
      "  Object literal may only specify known properties.",
      "error TS5083: Cannot read file '/r/tsconfig.json'.",
      "",
    ].join("\n");
    expect(parseTscOutput(out, "/r")).toEqual([
      {
        file: "/r/guards/a.ts",
        line: 2,
        column: 14,
        code: 2322,
        text: "Type 'number' is not assignable to type 'string'.",
      },
      {
        file: "/r/guards/b.ts",
        line: 7,
        column: 3,
        code: 2345,
        text:
          "Argument of type '{ a: number; }' is not assignable to parameter of type 'T'. Object literal may only " +
          "specify known properties.",
      },
      { file: null, line: 1, column: 1, code: 5083, text: "Cannot read file '/r/tsconfig.json'." },
    ]);
  });

  it("remembers a clean check, and any change to a checked file makes the next run check again", () => {
    const { dir, input } = root({
      "a.ts": 'import { k } from "./_k.js";\nexport const y: number = k;\n',
      "_k.ts": "export const k = 1;\n",
    });
    expect(stillClean(input)).toBe(false);
    expect(gate(input)).toEqual([]);
    expect(records(dir)).toHaveLength(1);
    expect(stillClean(input)).toBe(true);
    writeFileSync(path.join(dir, "guards", "_k.ts"), 'export const k = "1";\n');
    expect(stillClean(input)).toBe(false);
    expect(gate(input)).toEqual([
      "guards/a.ts:2:14: error FS019: TS2322: Type 'string' is not assignable to type 'number'.",
    ]);
  });

  it("turns a checker failure into FS099 naming the file, never a thrown error", () => {
    const sf = ts.createSourceFile("/r/guards/x.ts", "export {};", ts.ScriptTarget.ES2022);
    const failing = {
      getSyntacticDiagnostics: () => [],
      getSemanticDiagnostics: () => {
        throw new Error("Debug Failure. False expression\n    at stack line");
      },
    } as unknown as ts.Program;
    expect(checkFile(failing, sf, "/r", "semantic").map(formatDiagnostic)).toEqual([
      "guards/x.ts:1:1: error FS099: the type checker failed on this file: Debug Failure. False expression",
    ]);
  });
});
