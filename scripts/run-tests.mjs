// Runs vitest (arguments pass through) and ends with the plain line `N passed, N failed` (`, N skipped`
// when tests were skipped, after one line `skipped (<what to install>): <test name>` per test skipped for a
// missing system tool: test/helpers/system_tool.ts).
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
/** The tests skipped for a missing system tool: `skipped (<reason>): <test name>`, one line each. */
const missing = new Set();

/** A skipped test's line: the titles (describe blocks, then the test) with the marked reason taken out. */
function skipLine(titles) {
  let reason = "";
  const names = titles.map((title) => {
    const at = title.indexOf(SKIP_MARK);
    if (at < 0) return title;
    reason = title.slice(at + SKIP_MARK.length).trim();
    return title.slice(0, at).trim();
  });
  return reason === "" ? null : `skipped (${reason}): ${names.filter(Boolean).join(" > ")}`;
}
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
      const line = skipLine([...(t.ancestorTitles ?? []), t.title]);
      if (t.status !== "passed" && t.status !== "failed" && line !== null) missing.add(line);
    }
} catch {
  failed = Math.max(failed, 1);
}
rmSync(folder, { recursive: true, force: true });
for (const line of missing) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
