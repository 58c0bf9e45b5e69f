// Runs vitest (arguments pass through) and ends with the plain line `N passed, N failed` (`, N skipped`
// when tests were skipped, after one line per missing system tool: test/helpers/system_tool.ts).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** vitest's JSON report, in a folder of this run's own (a run inside a test never clobbers its parent's). */
const folder = mkdtempSync(path.join(tmpdir(), "fin-skills-tests-"));
const report = path.join(folder, "report.json");
/** The marker test/helpers/system_tool.ts puts in the title of a test skipped for a missing tool. */
const SKIP_MARK = "[needs a system tool]";
const args = [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const run = spawnSync("npx", args, { stdio: "inherit" });
let passed = 0;
let failed = 0;
let skipped = 0;
/** Why tests were skipped: the line a test names when a system tool it needs is missing (one each). */
const missing = new Set();
try {
  const r = JSON.parse(readFileSync(report, "utf8"));
  passed = r.numPassedTests;
  // A file that failed with no failed test (it did not load) counts once; a failed describe block does not.
  const broken = (r.testResults ?? []).filter(
    (f) => f.status === "failed" && !(f.assertionResults ?? []).some((t) => t.status === "failed"),
  );
  failed = r.numFailedTests + broken.length;
  skipped = r.numPendingTests + (r.numTodoTests ?? 0);
  for (const file of r.testResults ?? [])
    for (const t of file.assertionResults ?? []) {
      const title = [...(t.ancestorTitles ?? []), t.title].join(" ");
      const at = title.indexOf(SKIP_MARK);
      if (t.status !== "passed" && t.status !== "failed" && at >= 0)
        missing.add(title.slice(at + SKIP_MARK.length).trim());
    }
} catch {
  failed = Math.max(failed, 1);
}
rmSync(folder, { recursive: true, force: true });
for (const line of missing) console.log(`skipped: ${line}`);
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
