// Golden fixture folders: valid/<case>/ with the expected tool entries, invalid/<case>/ with
// the expected diagnostics. Refresh only with UPDATE_GOLDEN=1 and review the diff.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, UPDATE, formatted, genFixture } from "./helpers.js";

function cases(kind: "valid" | "invalid"): string[] {
  return readdirSync(path.join(FIXTURES, kind)).sort();
}

function golden(file: string, actual: unknown): unknown {
  if (UPDATE || !existsSync(file)) {
    if (!UPDATE) throw new Error(`missing golden ${file}; run with UPDATE_GOLDEN=1 and review it`);
    writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`);
  }
  return JSON.parse(readFileSync(file, "utf8"));
}

describe("valid fixtures", () => {
  for (const c of cases("valid")) {
    it(`${c} compiles to its expected tool entries`, async () => {
      const dir = path.join(FIXTURES, "valid", c);
      const r = await genFixture(path.join(dir, "guards"));
      expect(r.files).not.toBeNull();
      const neutral = JSON.parse(r.files!.get("tools.json")!).tools.filter((t: { guard?: string }) => t.guard);
      const excluded = JSON.parse(r.files!.get("excluded.json")!);
      const actual = {
        diagnostics: formatted(r),
        tools: neutral.map(({ output_schema: _o, annotations: _a, ...t }: Record<string, unknown>) => t),
        excluded: excluded.excluded,
        omitted: excluded.omitted,
      };
      expect(actual).toEqual(golden(path.join(dir, "expected.json"), actual));
    });
  }
});

describe("invalid fixtures", () => {
  for (const c of cases("invalid")) {
    it(`${c} reports its expected diagnostics and writes nothing`, async () => {
      const dir = path.join(FIXTURES, "invalid", c);
      const r = await genFixture(path.join(dir, "guards"));
      expect(r.files).toBeNull();
      const actual = { diagnostics: formatted(r) };
      expect(actual).toEqual(golden(path.join(dir, "expected.json"), actual));
    });
  }
});
