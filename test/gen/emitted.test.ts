// gen never exits 0 with a broken artefact: generated names stay valid and distinct, and an emitted
// TypeScript file that does not type-check is FS033 naming the guard.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkEmitted } from "../../scripts/gen/emitted_check.js";
import { pascal } from "../../scripts/gen/emit/types.js";
import { FIXTURES, ROOT, genFixture } from "./helpers.js";

describe("emitted artefacts", () => {
  it("a digit before a letter in a guard name gives the type name the typer declares", async () => {
    expect(pascal("check_rolling_30d_vol")).toBe("CheckRolling30DVol");
    const r = await genFixture(path.join(FIXTURES, "valid", "digit_names", "guards"));
    const types = r.files!.get("types.ts")!;
    expect(types).toContain("export interface CheckRolling30DVolArgs {");
    expect(types).toContain('"check_rolling_30d_vol": CheckRolling30DVolArgs;');
  });

  it("names that differ only by an underscore before a digit map to one type name (FS032 refuses the pair)", () => {
    expect(pascal("check_fill_ratio_2x")).toBe(pascal("check_fill_ratio2x"));
  });

  it("FS033: a types.ts that does not type-check names the guard whose line fails", async () => {
    const broken = "export interface ToolArgs {\n  check_a: CheckAArgs;\n  check_b: CheckBArgs;\n}\n";
    const files = new Map([["types.ts", `export interface CheckAArgs { x: number }\n${broken}`]]);
    const out = await checkEmitted(files, ROOT, [
      { guard: "a", file: "guards/a.ts" },
      { guard: "b", file: "guards/b.ts" },
    ]);
    expect(out.map((d) => [d.code, d.guard, d.file])).toEqual([["FS033", "b", "guards/b.ts"]]);
    expect(out[0]!.message).toContain("Cannot find name 'CheckBArgs'");
  });

  it("FS033: an emitted file that does not parse is reported before any type check", async () => {
    const files = new Map([["dispatch.ts", "export const x = ;\n"]]);
    const out = await checkEmitted(files, ROOT, []);
    expect(out.map((d) => [d.code, d.file, d.line])).toEqual([["FS033", "generated/dispatch.ts", 1]]);
  });
});
