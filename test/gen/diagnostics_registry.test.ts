// The diagnostics registry is the one list of codes: docs/diagnostics.md is rendered from it, and
// every code is exercised (errors by an invalid fixture, warnings and notes by any fixture).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_CODES, CODES } from "../../scripts/gen/codes.js";
import type { Diagnostic } from "../../scripts/gen/diagnostics.js";
import { renderDiagnosticsDoc } from "../../scripts/gen/docs.js";
import { guarded } from "../../scripts/gen/pipeline.js";
import { FIXTURES, ROOT } from "./helpers.js";

/** Codes an internal failure produces: no guard source can trigger them on purpose (FS033: emitted.test.ts). */
const UNIT_TESTED = new Set(["FS099", "FS033"]);

function fixtureLines(kind: "valid" | "invalid"): string[] {
  return readdirSync(path.join(FIXTURES, kind)).flatMap((c) => {
    const golden = JSON.parse(readFileSync(path.join(FIXTURES, kind, c, "expected.json"), "utf8"));
    return golden.diagnostics as string[];
  });
}

describe("diagnostics registry", () => {
  const invalid = fixtureLines("invalid");
  const all = [...invalid, ...fixtureLines("valid")];
  for (const code of ALL_CODES) {
    const { severity } = CODES[code];
    it(`${code} (${severity}) is exercised by a fixture`, () => {
      if (UNIT_TESTED.has(code)) return;
      const pool = severity === "error" ? invalid : all;
      expect(pool.filter((l) => l.includes(`: ${severity} ${code}: `)).length).toBeGreaterThan(0);
    });
  }

  it("every code a fixture prints is registered with that severity", () => {
    for (const l of [...fixtureLines("invalid"), ...fixtureLines("valid")]) {
      const m = / (error|warning|note) (FS\d{3}): /.exec(l);
      expect(m, l).not.toBeNull();
      expect(CODES[m![2] as keyof typeof CODES]?.severity, l).toBe(m![1]);
    }
  });

  it("docs/diagnostics.md is the rendered registry, one row per code", () => {
    const doc = readFileSync(path.join(ROOT, "docs", "diagnostics.md"), "utf8");
    expect(doc).toBe(renderDiagnosticsDoc());
    for (const code of ALL_CODES) expect(doc).toContain(`| ${code} | ${CODES[code].severity} | ${CODES[code].title}`);
  });

  it("FS099: an unexpected failure inside a guard's stages becomes a diagnostic naming the file", () => {
    const out: Diagnostic[] = [];
    const g = { guard: "boom", file: "guards/boom.ts", sourceFile: null as never };
    const result = guarded(g, out, () => {
      throw new Error("node kind 999 not handled\n    at somewhere (file.ts:1:1)");
    });
    expect(result).toBeNull();
    expect(out).toEqual([
      {
        code: "FS099",
        severity: "error",
        guard: "boom",
        file: "guards/boom.ts",
        line: 1,
        column: 1,
        path: "",
        message: "the compiler failed on this guard: node kind 999 not handled",
      },
    ]);
  });
});
