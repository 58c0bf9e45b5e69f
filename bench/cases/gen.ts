// `npm run gen` wall time for the full guard set: the compiler in memory (runGen over the
// project's defaultPaths, nothing written) and `tsx scripts/gen.ts --check` as a spawned process.
import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Row } from "../report.js";
import { ROOT } from "../lib/paths.js";
import { spread, timeRuns } from "../lib/stats.js";

const IN_MEMORY_RUNS = 3;
const SPAWN_RUNS = 2;

export async function gen(): Promise<Row[]> {
  const t0 = performance.now();
  const { runGen } = await import("../../scripts/gen/pipeline.js");
  const { defaultPaths } = await import("../../scripts/gen/parse.js");
  const importMs = performance.now() - t0;
  let files = 0;
  let guards = 0;
  let errors = 0;
  const once = async () => {
    const r = await runGen(defaultPaths(ROOT));
    files = r.files?.size ?? 0;
    guards = r.guards.length;
    errors = r.diagnostics.filter((d) => d.severity === "error").length;
  };
  const t1 = performance.now();
  await once();
  const first = performance.now() - t1;
  const warm = spread(await timeRuns(IN_MEMORY_RUNS, once));
  const tsx = path.join(ROOT, "node_modules/.bin/tsx");
  let exit: number | null = 0;
  const spawned = spread(
    await timeRuns(SPAWN_RUNS, () => {
      exit = spawnSync(tsx, ["scripts/gen.ts", "--check"], { cwd: ROOT, stdio: "ignore" }).status;
    }),
  );
  const what =
    `${guards} guards -> ${files} files${errors ? `, ${errors} error diagnostic(s)` : ""}; --check exit ` +
    `${String(exit)}${exit === 1 ? " (generated/ stale in this checkout: timing still valid)" : ""}`;
  return [
    {
      case: "2 gen",
      label: "tsx scripts/gen.ts --check, spawned (gen without the write)",
      unit: "ms",
      value: spawned.median,
      spread: spawned,
      note: `full wall time of the command, node + tsx + ts-morph start-up included; ${what}`,
    },
    {
      case: "2 gen",
      label: "runGen(defaultPaths(root)) in memory, first run",
      unit: "ms",
      value: first,
      note: `after importing the compiler (${importMs.toFixed(0)} ms, ts-morph included)`,
    },
    {
      case: "2 gen",
      label: `runGen(defaultPaths(root)) in memory, next ${IN_MEMORY_RUNS} runs`,
      unit: "ms",
      value: warm.median,
      spread: warm,
    },
  ];
}
