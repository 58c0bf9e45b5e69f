// Times spa_test at 2,520 observations x 100 candidates x 1,000 replications (target < 2 s).
// Run: npx tsx bench/spa_test_timing.ts   (not a test: timings depend on the machine)
import { performance } from "node:perf_hooks";
import { Mt19937 } from "../src/lib/prng.js";
import { makeFrame } from "../src/lib/frame.js";
import { check } from "../guards/spa_test.js";

const N_OBS = 2520;
const N_MODELS = 100;
const REPS = 1000;

function panel(seed: number): { benchmark: number[]; models: Record<string, number[]> } {
  const g = new Mt19937(seed);
  const noise = (scale: number) => scale * (g.nextFloat() + g.nextFloat() + g.nextFloat() - 1.5);
  const benchmark: number[] = [];
  const models: Record<string, number[]> = {};
  for (let k = 0; k < N_MODELS; k++) models[`m${String(k).padStart(3, "0")}`] = [];
  for (let t = 0; t < N_OBS; t++) {
    const common = noise(0.02);
    benchmark.push(common + noise(0.005));
    for (const col of Object.values(models)) col.push(common + noise(0.01));
  }
  return { benchmark, models };
}

const { benchmark, models } = panel(42);
const frame = makeFrame(models);
for (const blockSize of ["auto", 1, 10] as const) {
  const times: number[] = [];
  const cold = performance.now();
  let result = await check({ values: benchmark }, frame, REPS, blockSize, 0);
  const first = performance.now() - cold;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    result = await check({ values: benchmark }, frame, REPS, blockSize, 0);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const ev = result.evidence as Record<string, unknown>;
  console.log(`block_size ${String(blockSize)} (used ${String(ev.block_size)}): median ${times[2]!.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times[4]!.toFixed(0)} ms, first call ${first.toFixed(0)} ms; consistent p ${JSON.stringify(ev.pvalues)}`);
}
