// Child of the numpy block's deflated-Sharpe rows (bench/cases/numpy.ts): in a fresh process on the compiled
// runtime (dist/, as the installed server runs it), the first check_trial_ledger call after start-up, then
// later calls. argv: <file holding the arguments as JSON text>. Prints one JSON line.
import { readFileSync } from "node:fs";

const LATER = 30;
const file = process.argv[2];
if (!file) throw new Error("usage: dsr_first.mjs <args.json>");
const t0 = performance.now();
const { callToolUntyped, closePool } = await import("../../dist/src/runtime/index.js");
const importMs = performance.now() - t0;
const args = JSON.parse(readFileSync(file, "utf8"));

/** Milliseconds of one call (throws when the tool answers with an error). */
async function timed() {
  const t = performance.now();
  const r = await callToolUntyped("check_trial_ledger", args);
  const ms = performance.now() - t;
  if (r.isError) throw new Error(`check_trial_ledger failed: ${JSON.stringify(r).slice(0, 300)}`);
  return ms;
}

const first = await timed();
const later = [];
for (let i = 0; i < LATER; i++) later.push(await timed());
const sorted = [...later].sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({ import_ms: importMs, first_ms: first, second_ms: later[0], steady_ms: sorted[LATER >> 1] })}\n`,
);
await closePool();
