// check_spa_test at 2,520 observations x 100 models x 1,000 replications through callToolUntyped
// (folds in the former bench/spa_test_timing.ts: same seeded panel, block sizes auto, 1 and 10).
import { callToolUntyped } from "../../src/runtime/index.js";
import { Mt19937 } from "../../src/lib/prng.js";
import type { Row } from "../report.js";
import { spread, timeRuns } from "../lib/stats.js";

export const N_OBS = 2520;
export const N_MODELS = 100;
const REPS = 1000;
const RUNS = 5;
const TARGET_MS = 2000;

/** Benchmark and model returns sharing a common factor, as JSON payloads (columns + data rows). */
export function panel(seed: number): {
  benchmark_returns: number[];
  model_returns: { columns: string[]; data: number[][] };
} {
  const g = new Mt19937(seed);
  const noise = (scale: number) => scale * (g.nextFloat() + g.nextFloat() + g.nextFloat() - 1.5);
  const columns = Array.from({ length: N_MODELS }, (_, k) => `m${String(k).padStart(3, "0")}`);
  const benchmark: number[] = [];
  const data: number[][] = [];
  for (let t = 0; t < N_OBS; t++) {
    const common = noise(0.02);
    benchmark.push(common + noise(0.005));
    data.push(columns.map(() => common + noise(0.01)));
  }
  return { benchmark_returns: benchmark, model_returns: { columns, data } };
}

export async function spa(): Promise<Row[]> {
  const base = panel(42);
  const rows: Row[] = [];
  for (const blockSize of ["auto", 1, 10] as const) {
    const args = { ...base, reps: REPS, block_size: blockSize, seed: 0 };
    let result: Record<string, unknown> = {};
    const t0 = performance.now();
    result = await callToolUntyped("check_spa_test", args);
    const first = performance.now() - t0;
    const runs = blockSize === "auto" ? RUNS : 1;
    const times = await timeRuns(runs, async () => {
      result = await callToolUntyped("check_spa_test", args);
    });
    const s = spread(times);
    const ev = result.evidence as Record<string, unknown>;
    rows.push({
      case: "5 spa test",
      label: `check_spa_test ${N_OBS} x ${N_MODELS} x ${REPS} reps, block_size ${String(blockSize)}`,
      unit: "ms",
      value: s.median,
      spread: s,
      target: TARGET_MS,
      note:
        `first call ${first.toFixed(0)} ms (not in the median); block length used ${String(ev.block_size)}; ` +
        `p-values ${JSON.stringify(ev.pvalues)}; guard's elapsed_s ${String(result.elapsed_s)}`,
    });
  }
  return rows;
}
