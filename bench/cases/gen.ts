// `npm run gen` and `npm run gen:check` wall time for the full guard set, each with the type-check
// gate off (--skip-type-check), on and cold (its clean-result cache deleted first) and on with the
// cache warm, and each as the compiler was when issue 12 was filed (a worktree of that commit),
// spawned as processes and interleaved round by round so the ratios come from one run.
// `gen` writes into a temporary --out folder so the bench never rewrites generated/.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Row } from "../report.js";
import { BASELINE_COMMIT, checkOutBaseline } from "../lib/baseline_compiler.js";
import { ROOT } from "../lib/paths.js";
import { spread, timeRuns } from "../lib/stats.js";

const ROUNDS = 5;
/** The gate's cost is at most this factor over the same command without it, cold or cached. */
const GATE_RATIO = 1.3;

type Mode = "ungated" | "cold" | "cached";
const MODES: readonly Mode[] = ["ungated", "cold", "cached"];

/** One timed spawn of tsx in `cwd`; a non-zero exit is noted. */
async function timeGen(cwd: string, argv: string[], what: string, exits: Set<string>): Promise<number> {
  const tsx = path.join(ROOT, "node_modules/.bin/tsx");
  const [ms] = await timeRuns(1, () => {
    const status = spawnSync(tsx, argv, { cwd, stdio: "ignore" }).status;
    if (status !== 0) exits.add(`${what} exited ${String(status)}`);
  });
  return ms!;
}

export async function gen(): Promise<Row[]> {
  const { cacheDir } = await import("../../scripts/gen/typecheck.js");
  const out = mkdtempSync(path.join(tmpdir(), "fs-bench-gen-"));
  const commands = {
    "gen:check": ["scripts/gen.ts", "--check"],
    gen: ["scripts/gen.ts", "--out", out],
  } as const;
  // the old compiler has no --out: its gen writes its own worktree's generated/
  const baselineArgs = { "gen:check": ["scripts/gen.ts", "--check"], gen: ["scripts/gen.ts"] } as const;
  const baseline = checkOutBaseline();
  const times = new Map<string, number[]>();
  const record = (key: string, ms: number) => times.set(key, [...(times.get(key) ?? []), ms]);
  const exits = new Set<string>();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, args] of Object.entries(commands)) {
        for (const mode of MODES) {
          if (mode === "cold") rmSync(cacheDir(ROOT), { recursive: true, force: true });
          const argv = mode === "ungated" ? [...args, "--skip-type-check"] : [...args];
          record(`${name} ${mode}`, await timeGen(ROOT, argv, `${name} ${mode}`, exits));
        }
        if (baseline) {
          const argv = [...baselineArgs[name as keyof typeof commands]];
          record(`${name} baseline`, await timeGen(baseline.dir, argv, `${name} baseline`, exits));
        }
      }
    }
  } finally {
    baseline?.remove();
    rmSync(out, { recursive: true, force: true });
  }
  const rows: Row[] = [];
  for (const name of Object.keys(commands)) {
    const s = (mode: Mode) => spread(times.get(`${name} ${mode}`)!);
    for (const mode of MODES)
      rows.push({
        case: "2 gen",
        label: `npm run ${name}, ${mode === "ungated" ? "type-check gate off" : `gate on, ${mode}`}`,
        unit: "ms",
        value: s(mode).median,
        spread: s(mode),
      });
    for (const mode of ["cold", "cached"] as const)
      rows.push({
        case: "2 gen",
        label: `npm run ${name}: gate on (${mode}) / gate off`,
        unit: "x",
        value: s(mode).median / s("ungated").median,
        target: GATE_RATIO,
      });
    const then = times.get(`${name} baseline`);
    if (then) {
      const old = spread(then);
      rows.push(
        {
          case: "2 gen",
          label: `npm run ${name} as issue 12 found it (${BASELINE_COMMIT})`,
          unit: "ms",
          value: old.median,
          spread: old,
        },
        {
          case: "2 gen",
          label: `npm run ${name}: gate on (cold) / as issue 12 found it`,
          unit: "x",
          value: s("cold").median / old.median,
          target: GATE_RATIO,
        },
      );
    }
  }
  const failed = exits.size ? `; ${[...exits].join(", ")} (generated/ stale in this checkout: timing still valid)` : "";
  const then = baseline
    ? ""
    : `; ${BASELINE_COMMIT} is not in this clone's history, so gen as issue 12 found it is not timed`;
  rows[0] = { ...rows[0]!, note: `tsx scripts/gen.ts spawned, ${ROUNDS} interleaved rounds${failed}${then}` };
  return rows;
}
