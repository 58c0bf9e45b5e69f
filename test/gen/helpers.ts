// Runs the compiler over a fixture folder of guard modules with a matching fixture skill.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defaultPaths } from "../../scripts/gen/parse.js";
import { runGen, type GenOptions, type GenResult } from "../../scripts/gen/pipeline.js";
import { formatDiagnostic } from "../../scripts/gen/diagnostics.js";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const FIXTURES = path.join(ROOT, "test/fixtures/gen");
export const UPDATE = process.env.UPDATE_GOLDEN === "1";

/** A skills folder holding one skill, fixture-skill, that lists `guards`. */
export function fixtureSkills(guards: readonly string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fs-skills-"));
  mkdirSync(path.join(dir, "fixture-skill"));
  const fm = [
    "---",
    "name: fixture-skill",
    "plugin: fin-test",
    'description: "Fixture. TRIGGER: tests. SKIP: everything else."',
    "verified_on: 2026-12-02",
    `guards: [${guards.join(", ")}]`,
    "---",
    "# Fixture skill",
    "",
  ];
  writeFileSync(path.join(dir, "fixture-skill", "SKILL.md"), fm.join("\n"));
  return dir;
}

export function guardNames(guardsDir: string): string[] {
  return readdirSync(guardsDir)
    .filter((f) => f.endsWith(".ts") && !f.startsWith("_") && !f.endsWith(".d.ts"))
    .map((f) => f.slice(0, -3))
    .sort();
}

/** Runs gen over `guardsDir`, with the fixture's own `skills/` beside it when it has one; nothing is written. */
export async function genFixture(guardsDir: string, options: GenOptions = {}): Promise<GenResult> {
  const ownSkills = path.join(path.dirname(guardsDir), "skills");
  return runGen(
    {
      ...defaultPaths(ROOT),
      guardsDir,
      skillsDir: existsSync(ownSkills) ? ownSkills : fixtureSkills(guardNames(guardsDir)),
      outDir: path.join(tmpdir(), "fs-never-written"),
    },
    options,
  );
}

export const formatted = (r: GenResult) =>
  r.diagnostics.map((d) => formatDiagnostic({ ...d, file: path.basename(d.file) }));
