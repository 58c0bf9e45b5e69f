// `npx tsx bench/spa_split.ts [reps]`: where the SPA test's stationary bootstrap spends its time per block
// length (docs/performance.md). Per block length and K, alternating in one process, it times the index
// draws alone (RunDraws into a chunk of RunSums, as bootstrapCounts draws them: merged into stretches where
// it merges them) and the whole bootstrap (bootstrapCounts: draws, run sums, tallies, on both threads where it
// shares), and counts the runs (or stretches) and run-sum element adds per resample (counts, not clocks, are
// exact).
// Times are this process's CPU time (process.cpuUsage), not wall time: on a shared machine a wall clock
// also counts the time the process waited for a core.
import { Mt19937 } from "../src/lib/prng.js";
import {
  bootstrapCounts,
  type Differentials,
  differentials,
  mergesRuns,
  studentize,
} from "../guards/_spa_test_core.js";
import { RunDraws } from "../guards/_spa_test_draws.js";
import { RunSums } from "../guards/_spa_test_run_sums.js";

const N = 2520;
const REPS = Number(process.argv[2] ?? 1000);
const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const g = new Mt19937(5);
const noise = () => g.nextFloat() + g.nextFloat() + g.nextFloat() - 1.5;
const bench = Array.from({ length: N }, () => 0.02 * noise());

/** CPU milliseconds since `from` (a process.cpuUsage() reading). */
function cpuMsSince(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

/** CPU milliseconds of `reps` resamples' index draws alone; the runs they made. */
function drawsOnly(diff: Differentials, block: number): { ms: number; runs: number } {
  const t0 = process.cpuUsage();
  const draws = new RunDraws(diff.runs.memory, diff.runs.drawsAt, N, 1 / block, 0, mergesRuns(diff.runs.blocks, block));
  const chunk = new RunSums(diff.runs);
  let runs = 0;
  for (let r = 0; r < REPS; r++) {
    if (chunk.full) chunk.clear();
    const before = chunk.runsHeld;
    chunk.draw(draws);
    runs += chunk.runsHeld - before;
  }
  return { ms: cpuMsSince(t0), runs };
}

const load = (await import("node:os")).loadavg()[0]!.toFixed(1);
console.log(`n = ${N}, ${REPS} reps, median of ${ROUNDS} alternating rounds, CPU ms; load average ${load}`);
console.log("K    block  runs/rep  adds/rep   draws ms  whole ms  draws  sums+tallies");
for (const k of [100, 500]) {
  const diff = differentials(
    bench,
    Array.from({ length: k }, () => bench.map((x) => x + 0.01 * noise())),
  );
  for (const block of [1, 2, 3, 10, 30]) {
    const st = studentize(diff, block);
    const draws: number[] = [];
    const whole: number[] = [];
    let runs = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const d = drawsOnly(diff, block);
      draws.push(d.ms);
      runs = d.runs;
      const t0 = process.cpuUsage();
      await bootstrapCounts(diff, st, block, REPS, 0);
      whole.push(cpuMsSince(t0));
    }
    const [d, w] = [median(draws), median(whole)];
    const cells = [
      String(k).padEnd(5),
      String(block).padEnd(6),
      (runs / REPS).toFixed(0).padEnd(9),
      ((runs / REPS) * k).toFixed(0).padEnd(10),
      d.toFixed(0).padEnd(9),
      w.toFixed(0).padEnd(9),
      `${((100 * d) / w).toFixed(0)}%`.padEnd(6),
      `${((100 * (w - d)) / w).toFixed(0)}%`,
    ];
    console.log(cells.join(" "));
  }
}
