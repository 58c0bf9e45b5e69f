// `npm run bench`: every case in one run; prints the table and writes bench/results.json.
// Nothing here asserts speed: each row shows its target and whether it is met.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { backtest } from "./cases/backtest.js";
import { BOUNDED_PARTS, bounded } from "./cases/bounded.js";
import { coldStart } from "./cases/cold_start.js";
import { costCurve } from "./cases/cost_curve.js";
import { fileRefs } from "./cases/file_refs.js";
import { diffSizes } from "./cases/diff_sizes.js";
import { gen } from "./cases/gen.js";
import { ledger } from "./cases/ledger.js";
import { effectiveTrials } from "./cases/effective_trials.js";
import { ledgerLock } from "./cases/ledger_lock.js";
import { ledgerScale } from "./cases/ledger_scale.js";
import { httpLight } from "./cases/http_light.js";
import { httpRss } from "./cases/http_rss.js";
import { lightBeside } from "./cases/light_beside.js";
import { unitCost } from "./cases/unit_cost.js";
import { million } from "./cases/million.js";
import { SELECTION_CASE, selection } from "./cases/selection.js";
import { numpy } from "./cases/numpy.js";
import { sizes } from "./cases/sizes.js";
import { smallCalls } from "./cases/small_calls.js";
import { spa } from "./cases/spa.js";
import { typia } from "./cases/typia.js";
import { ensureBuilt, RESULTS_JSON } from "./lib/paths.js";
import { table, writeResults, type Row } from "./report.js";

const started = performance.now();
const log = (msg: string) =>
  process.stderr.write(`bench: ${msg} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);

type CaseRun = () => Promise<{ rows: Row[]; raw?: unknown }>;
const rowsOnly =
  (f: () => Promise<Row[]> | Row[]): CaseRun =>
  async () => ({ rows: await f() });

/** Every case in run order (processes spawned first, while this process is small and idle), with its raw-data key. */
const CASES: readonly (readonly [name: string, run: CaseRun, rawKey?: string])[] = [
  ["cold", coldStart, "cold_start"],
  ["gen", rowsOnly(gen)],
  ["cost_curve", rowsOnly(costCurve)],
  ["million", million, "one_million"],
  ["ledger", rowsOnly(ledger)],
  ["effective", rowsOnly(effectiveTrials)],
  ["ledger_lock", rowsOnly(ledgerLock)],
  ["ledger_scale", rowsOnly(ledgerScale)],
  ["spa", rowsOnly(spa)],
  ["numpy", rowsOnly(numpy)],
  ["small_calls", rowsOnly(smallCalls)],
  ["backtest", rowsOnly(backtest)],
  ["bounded", rowsOnly(bounded)],
  ["http_rss", rowsOnly(httpRss)],
  ["http_light", rowsOnly(httpLight)],
  ["beside", rowsOnly(lightBeside)],
  ["unit_cost", rowsOnly(unitCost)],
  ["files", rowsOnly(fileRefs)],
  ["sizes", rowsOnly(sizes)],
  ["selection", rowsOnly(selection)],
  ["diffs", rowsOnly(diffSizes)],
  ["typia", rowsOnly(typia)],
];
/** Parts of a case that run alone only when named. */
const PARTS: readonly (readonly [string, CaseRun])[] = Object.entries(BOUNDED_PARTS).map(([n, f]) => [n, rowsOnly(f)]);

// `npm run bench -- bounded cold` runs only the named cases (the table then holds only their rows).
const only = process.argv.slice(2);
const known = [...CASES, ...PARTS].map(([name]) => name);
const unknown = only.filter((name) => !known.includes(name));
if (unknown.length) {
  console.error(`bench: no case named ${unknown.join(", ")}; the cases are: ${known.join(", ")}`);
  process.exit(2);
}
// Servers the cases start keep their research ledger in a temporary directory, never in the repository.
process.env.FIN_SKILLS_LEDGER ??= path.join(
  mkdtempSync(path.join(os.tmpdir(), "fin-skills-bench-ledger-")),
  "l.sqlite",
);
const loadBefore = os.loadavg();
const build = ensureBuilt();
log(`dist/ ${build === "built" ? "rebuilt" : "up to date"}`);
const rows: Row[] = [];
const raw: Record<string, unknown> = {};
for (const [name, run, rawKey] of CASES) {
  if (only.length > 0 && !only.includes(name)) continue;
  const result = await run();
  rows.push(...result.rows);
  if (rawKey) raw[rawKey] = result.raw;
  log(`${name} done`);
}
for (const [name, run] of PARTS) {
  if (!only.includes(name)) continue;
  rows.push(...(await run()).rows);
  log(`${name} done`);
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
// Selection is deterministic: fewer hits than the committed baseline (bench/selection/baseline.json) fails the run.
const fell = missed.filter((r) => r.case === SELECTION_CASE);
if (fell.length) {
  console.error(`bench: tool selection fell below its baseline: ${fell.map((r) => r.label).join("; ")}`);
  process.exitCode = 1;
}
