// The gen command line on broken guards: a non-zero exit, coded diagnostics, never a stack trace.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, ROOT, fixtureSkills, guardNames } from "./helpers.js";

const TSX = path.join(ROOT, "node_modules/.bin/tsx");

function genOver(kase: string) {
  const guards = path.join(FIXTURES, "invalid", kase, "guards");
  const out = path.join(mkdtempSync(path.join(tmpdir(), "fs-cli-")), "generated");
  const skills = fixtureSkills(guardNames(guards));
  const args = ["scripts/gen.ts", "--guards", guards, "--skills", skills, "--out", out];
  return spawnSync(TSX, args, { cwd: ROOT, encoding: "utf8" });
}

describe("gen on guards that do not compile", () => {
  for (const [kase, code] of [
    ["syntax_error", "FS018"],
    ["type_error", "FS019"],
    ["index_signature_without_type", "FS011"],
  ] as const) {
    it(`${kase}: exits 1 with ${code} at file:line:col and no stack trace`, () => {
      const r = genOver(kase);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`_guard\\.ts:\\d+:\\d+: error ${code}: `));
      expect(r.stderr).not.toMatch(/^\s+at /m);
      expect(r.stdout).not.toContain("wrote");
    });
  }
});
