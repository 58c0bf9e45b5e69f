// The effective number of trials (src/lib/effective_trials.ts) over a ledger-sized sweep: 1,000 and 10,000
// trials x 2,520 daily points, a tenth of them in blocks of 10 near-copies (a parameter sweep), the rest
// independent noise. Each row's note says whether the clusters found are the ones built. Two last rows time
// the whole path a verdict pays when the ledger's trial set changed: decoding the kept returns (as a store
// reads them), aligning them on dates, clustering and describing the clusters (src/ledger/effective.ts),
// first with every series inflated, then after one new trial.
import { measure } from "../../src/ledger/effective.js";
import { encodeReturns, keptFrom, type ReturnsRow } from "../../src/ledger/returns.js";
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
  const noise = () => (g.nextFloat() + g.nextFloat() + g.nextFloat() - 1.5) * 0.01;
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

/** The sweep's columns as a store's rows: encoded returns on one index of business-day dates. */
function storedRows(cols: readonly Float64Array[]): ReturnsRow[] {
  const day0 = Date.UTC(2015, 0, 1);
  const index = Array.from({ length: T }, (_, i) => new Date(day0 + i * 86_400_000).toISOString().slice(0, 10));
  return cols.map((c, i) => {
    const e = encodeReturns(c, index);
    const labels = e.index === null ? null : Buffer.from(e.index);
    return {
      fingerprint: `t${i}`,
      sharpeAnnual: 0,
      periodsPerYear: 252,
      total: T,
      vals: Buffer.from(e.values),
      labels,
    };
  });
}

const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;

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
      cpu.push(cpuMs(process.cpuUsage(before)));
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
        `${found} clusters found, ${expected} built${screened ? "; candidate pairs screened" : ""}; ` +
        `CPU ${c.median.toFixed(0)} ms (median; wall time is inflated on a loaded machine)`,
    });
  }
  rows.push(...(await wholePath(10_000)));
  return rows;
}

/**
 * Decode + align + cluster + describe from a store's rows: the first read after the server started (every
 * series inflated) and the read after one new trial (only it inflated; alignment and clustering again).
 */
async function wholePath(m: number): Promise<Row[]> {
  const stored = storedRows(sweep(m));
  const run = async (rows: readonly ReturnsRow[]) => {
    let decodeMs = 0;
    let effective = 0;
    const before = process.cpuUsage();
    const [ms] = await timeRuns(1, async () => {
      const t0 = performance.now();
      const kept = await keptFrom(rows);
      decodeMs = performance.now() - t0;
      effective = measure(kept, rows.length).n_trials_effective ?? -1;
    });
    return { ms: ms!, decodeMs, effective, cpu: cpuMs(process.cpuUsage(before)) };
  };
  const first = await run(stored.slice(0, m - 1));
  const next = await run(stored);
  const row = (label: string, r: typeof first, inflated: string): Row => ({
    case: "3 effective trials",
    label: `effective count from kept returns (decode, align, cluster), ${label}`,
    unit: "ms",
    value: r.ms,
    target: 2000,
    note:
      `${r.effective} effective; decoding ${r.decodeMs.toFixed(0)} ms of it (${inflated}); ` +
      `CPU ${r.cpu.toFixed(0)} ms`,
  });
  const n = (k: number) => k.toLocaleString("en-US");
  return [
    row(`first read of ${n(m - 1)} trials`, first, `inflating ${n(m - 1)} series`),
    row(`${n(m)} trials, one new`, next, "inflating the new one"),
  ];
}
