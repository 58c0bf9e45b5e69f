// `npm run bench`: every case in one run; prints the table and writes bench/results.json.
// Nothing here asserts speed: each row shows its target and whether it is met.
import os from "node:os";
import { backtest } from "./cases/backtest.js";
import { BOUNDED_PARTS, bounded } from "./cases/bounded.js";
import { coldStart } from "./cases/cold_start.js";
import { costCurve } from "./cases/cost_curve.js";
import { fileRefs } from "./cases/file_refs.js";
import { diffSizes } from "./cases/diff_sizes.js";
import { gen } from "./cases/gen.js";
import { million } from "./cases/million.js";
import { sizes } from "./cases/sizes.js";
import { spa } from "./cases/spa.js";
import { ensureBuilt, RESULTS_JSON } from "./lib/paths.js";
import { table, writeResults, type Row } from "./report.js";

const started = performance.now();
const log = (msg: string) =>
  process.stderr.write(`bench: ${msg} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);

const loadBefore = os.loadavg();
const build = ensureBuilt();
log(`dist/ ${build === "built" ? "rebuilt" : "up to date"}`);

const rows: Row[] = [];
const raw: Record<string, unknown> = {};

// `npm run bench -- bounded cold` runs only the named cases (the table then holds only their rows).
const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);

// Processes spawned first, while this process is still small and idle.
const cold = wanted("cold") ? await coldStart() : { rows: [], raw: {} };
rows.push(...cold.rows);
raw.cold_start = cold.raw;
log("cold start done");
if (wanted("gen")) rows.push(...(await gen()));
log("gen done");
if (wanted("cost_curve")) rows.push(...(await costCurve()));
log("cost curve done");
const big = wanted("million") ? await million() : { rows: [], raw: [] };
rows.push(...big.rows);
raw.one_million = big.raw;
log("one million done");
if (wanted("spa")) rows.push(...(await spa()));
log("spa test done");
if (wanted("backtest")) rows.push(...(await backtest()));
if (wanted("bounded")) rows.push(...(await bounded()));
for (const [part, run] of Object.entries(BOUNDED_PARTS)) if (only.includes(part)) rows.push(...(await run()));
log("bounded done");
log("backtest done");
if (wanted("files")) {
  rows.push(...(await fileRefs()));
  log("file references done");
}
if (wanted("sizes")) rows.push(...sizes());
if (wanted("diffs")) {
  rows.push(...(await diffSizes()));
  log("generated diff sizes done");
}

const order = (r: Row) => Number.parseInt(r.case, 10);
rows.sort((a, b) => order(a) - order(b));
const loadAfter = os.loadavg();
console.log(
  `fin-skills bench: node ${process.version}, ${os.cpus().length} cpus, load average ` +
    `${loadBefore[0]!.toFixed(2)} before / ${loadAfter[0]!.toFixed(2)} after (1 min)\n`,
);
console.log(table(rows));
const missed = rows.filter((r) => r.target !== undefined && !(r.value < r.target));
console.log(
  `\n${rows.filter((r) => r.target !== undefined).length - missed.length} of ` +
    `${rows.filter((r) => r.target !== undefined).length} targets met` +
    `${missed.length ? `; missed: ${missed.map((r) => `${r.case} / ${r.label}`).join("; ")}` : ""}`,
);
writeResults(RESULTS_JSON, rows, {
  dist: build,
  wall_s: (performance.now() - started) / 1000,
  loadavg_before: loadBefore,
  loadavg_after: loadAfter,
  raw,
});
log(`wrote ${RESULTS_JSON}`);
