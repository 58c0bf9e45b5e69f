// Runs vitest (arguments pass through) and ends with the plain line `N passed, N failed`.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";

const report = ".vitest-report.json";
rmSync(report, { force: true });
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
try {
  const r = JSON.parse(readFileSync(report, "utf8"));
  passed = r.numPassedTests;
  failed = r.numFailedTests + (r.numFailedTestSuites ?? 0);
} catch {
  failed = Math.max(failed, 1);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
