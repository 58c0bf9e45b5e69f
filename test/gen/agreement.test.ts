// The helper types of generated/agreement.ts, as the emitter writes them, on hand-made pairs of a
// schema's argument type and a guard's parameter type: each check must fail where the two disagree.
import path from "node:path";
import { Project } from "ts-morph";
import { describe, expect, it } from "vitest";
import { emitAgreement } from "../../scripts/gen/emit/dispatch.js";
import { ROOT } from "./helpers.js";

/** [schema argument type, guard parameter type, does the guard accept all the schema admits, and back]. */
const CASES: readonly [string, string, boolean, boolean][] = [
  ["number", "number", true, true],
  // The forward check leaves top-level null out (a null argument is a missing one); the reverse keeps it.
  ["number", "number | null", true, false],
  ["number | null", "number", true, true],
  ["{ a: number | null }", "{ readonly a: number }", false, true],
  ["(number | null)[]", "readonly number[]", false, true],
  ["number[]", "readonly (number | null)[]", true, false],
  ['{ "max-weight"?: number }', '{ readonly "max-weight"?: number }', true, true],
  ['{ "\\"max-weight\\""?: number; a: number }', '{ readonly "max-weight"?: number; readonly a: number }', true, false],
  ["{ rows: { a: number }[] }", "{ readonly rows: readonly { a: number; b?: string }[] }", true, false],
  ["[number, number]", "readonly [number, number]", true, true],
  ["number[]", "Series | readonly number[]", true, true],
  ['"a" | "b"', '"a" | "b" | "c"', true, false],
  ["{ [k: string]: number }", "Readonly<Record<string, number>>", true, true],
  ["string", "(x: number) => number", false, true],
];

function typeErrors(body: string): string[] {
  const project = new Project({ compilerOptions: { strict: true, skipLibCheck: true, noEmit: true } });
  // Beside the real generated/ so the emitted relative imports resolve; never written to disk.
  const file = project.createSourceFile(path.join(ROOT, "generated", "agreement_probe.ts"), body);
  return file.getPreEmitDiagnostics().map((d) => `${d.getLineNumber()}`);
}

describe("agreement.ts helper types", () => {
  it("fail exactly on the pairs that disagree, in each direction", () => {
    const header = emitAgreement([], "").replace(/export type Agreement = \[\s*\];/, "");
    const lines = CASES.flatMap(([arg, param, forward, back], i) => [
      `export type F${i} = Accepts<${arg}, ${param}> extends ${forward} ? 1 : never;`,
      `export type B${i} = Admits<${arg}, ${param}> extends ${back} ? 1 : never;`,
      `export const f${i}: F${i} = 1;`,
      `export const b${i}: B${i} = 1;`,
    ]);
    const body = `${header}\n${lines.join("\n")}\n`;
    const bad = typeErrors(body).map((l) => body.split("\n")[Number(l) - 1]);
    expect(bad).toEqual([]);
  });

  it("a check that is made to disagree is reported by the type checker", () => {
    const header = emitAgreement([], "").replace(/export type Agreement = \[\s*\];/, "");
    const body = `${header}\nexport type Wrong = [Assert<Admits<number, number | null>>];\n`;
    expect(typeErrors(body).length).toBe(1);
  });
});
