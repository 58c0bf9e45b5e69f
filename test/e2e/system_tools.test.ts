// Issue #31 item 10: the suite never installs system packages. A missing tool (simulated with
// FIN_SKILLS_ABSENT_TOOLS) skips its tests outside CI, with one line saying what to install and a count in
// the closing summary, and fails them with that line when CI is set. No test file runs apt-get.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT, readRepoFile, repoFiles } from "../helpers/repo_files.js";
import { ZSTD, missingLine } from "../helpers/system_tool.js";

/** scripts/run-tests.mjs over the compressed Parquet page tests (two of them need zstd), as if zstd were missing. */
function runWithoutZstd(ci: boolean): { status: number | null; lines: string[]; summary: string | undefined } {
  const env: NodeJS.ProcessEnv = { ...process.env, FIN_SKILLS_ABSENT_TOOLS: ZSTD.command };
  for (const k of Object.keys(env)) if (/^(VITEST|TEST$|NODE_OPTIONS$|CI$)/.test(k)) delete env[k];
  if (ci) env.CI = "true";
  const args = ["scripts/run-tests.mjs", "--project", "unit", "test/runtime/files/parquet_codecs.test.ts"];
  const r = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: "utf8", timeout: 300_000 });
  const summary = r.stdout.trimEnd().split("\n").at(-1);
  return { status: r.status, lines: `${r.stdout}\n${r.stderr}`.split("\n"), summary };
}

describe("a missing system tool", () => {
  it("outside CI: its tests are skipped, the summary says what to install and counts them", () => {
    const r = runWithoutZstd(false);
    expect(r.status).toBe(0);
    const skips = r.lines.filter((l) => l.startsWith("skipped"));
    expect(skips.length).toBe(2);
    for (const line of skips) expect(line.startsWith(`skipped (${missingLine(ZSTD)}): `)).toBe(true);
    expect(skips).toContain(
      `skipped (${missingLine(ZSTD)}): compressed pages > ` +
        "reads ZSTD pages as hyparquet does with hyparquet-compressors",
    );
    expect(r.summary).toMatch(/^[1-9]\d* passed, 0 failed, 2 skipped$/);
  });
  it("in CI: its tests fail with the line saying what to install", () => {
    const r = runWithoutZstd(true);
    expect(r.status).toBe(1);
    expect(r.lines.some((l) => l.includes(missingLine(ZSTD)))).toBe(true);
    expect(r.summary).toMatch(/^[1-9]\d* passed, 2 failed$/);
  });
  it("no test file runs apt-get", () => {
    const self = "test/e2e/system_tools.test.ts";
    const sources = repoFiles().filter(
      (f) => /^test\/.*\.ts$/.test(f) && !f.startsWith("test/fixtures/") && f !== self,
    );
    const installing = sources.filter((f) => /["'`]apt-get["'`]/.test(readRepoFile(f)));
    expect(installing).toEqual([]);
  });
});
