// The effective number of trials (src/lib/effective_trials.ts) over a ledger-sized sweep: 1,000 and 10,000
// trials x 2,520 daily points, a tenth of them in blocks of 10 near-copies (a parameter sweep), the rest
// independent noise. Each row's note says whether the clusters found are the ones built.
import { clusterTrials } from "../../src/lib/effective_trials.js";
import { Mt19937 } from "../../src/lib/prng.js";
import type { Row } from "../report.js";
import { spread, timeRuns } from "../lib/stats.js";

const T = 2520;
const BLOCK = 10;
const SIZES = [
  [1_000, 5, 100],
  [10_000, 1, 2000],
] as const;

/** `m` columns: m/10 trials in blocks of BLOCK near-copies (base + 0.1 x own noise), then independent ones. */
function sweep(m: number): Float64Array[] {
  const g = new Mt19937(43);
  const noise = () => g.nextFloat() + g.nextFloat() + g.nextFloat() - 1.5;
  const copies = Math.floor(m / 10 / BLOCK) * BLOCK;
  const cols: Float64Array[] = [];
  let base = new Float64Array(T);
  for (let c = 0; c < m; c++) {
    if (c < copies && c % BLOCK === 0) base = Float64Array.from({ length: T }, noise);
    const own = Float64Array.from({ length: T }, noise);
    cols.push(c < copies ? base.map((x, i) => x + 0.1 * own[i]!) : own);
  }
  return cols;
}

export async function effectiveTrials(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [m, runs, target] of SIZES) {
    const cols = sweep(m);
    const expected = m - Math.floor(m / 10 / BLOCK) * (BLOCK - 1);
    let found = 0;
    let screened = false;
    const cpu: number[] = [];
    const times = await timeRuns(runs, () => {
      const before = process.cpuUsage();
      const r = clusterTrials(cols);
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
      found = r.clusters.length;
      screened = r.screened;
    });
    const s = spread(times);
    const c = spread(cpu);
    rows.push({
      case: "3 effective trials",
      label: `effective count over ${m.toLocaleString("en-US")} trials x ${T} points`,
      unit: "ms",
      value: s.median,
      spread: s,
      target,
      note:
        `${found} clusters found, ${expected} built${screened ? "; pairs screened on date subsets" : ""}; ` +
        `CPU ${c.median.toFixed(0)} ms (median; wall time is inflated on a loaded machine)`,
    });
  }
  return rows;
}
