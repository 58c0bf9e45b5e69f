// The SPA panels of the numpy side-by-side block: three data sets whose automatic block lengths differ
// (near-iid, moderately autocorrelated with fat tails, strongly autocorrelated differentials), each with
// 500 models over 2,520 days; K = 100 uses the first 100 models over every day, K = 500 the first 1,890
// days (a default tool call's point cap and work budget, see daysFor). Written as float64 files for
// bench/numpy_ref.py (the same numbers both sides).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { Mt19937 } from "../../src/lib/prng.js";
import { byColumn } from "./numpy_data.js";
import { N_OBS } from "./spa.js";

export const SPA_K = [100, 500] as const;
const K_MAX = 500;
/**
 * Days per K, a multiple of 10 up to N_OBS: as many as a default tool call takes, within the 1,000,000-point
 * cap (benchmark included) and the 1e9 work budget at 1,000 reps, priced as src/runtime/budget/costs.ts does with
 * b = 1 (the automatic block is not known before the call).
 */
export function daysFor(k: number, reps = 1000): number {
  const fits = (n: number) => (k + 1) * n <= 1_000_000 && reps * (n + n * k) + k * n * (Math.sqrt(n) + 10) <= 1e9;
  let n = N_OBS;
  while (!fits(n)) n -= 10;
  return n;
}

export interface SpaSet {
  readonly name: string;
  /** What the differentials d_t = model_t - benchmark_t are. */
  readonly label: string;
  /** AR(1) coefficient of every model's differential. */
  readonly phi: number;
  /** Fat tails: each innovation is scaled by 5 with probability 5% (excess kurtosis about 14). */
  readonly fat: boolean;
  /** The fixed block length timed beside "auto" (about the automatic one). */
  readonly fixed: number;
  readonly seed: number;
}

/** Automatic block lengths at K = 100 / 500 (K = 500 over 1,890 days): 3 / 3, 10 / 10 and 35 / 37. */
export const SPA_SETS: readonly SpaSet[] = [
  { name: "iid", label: "near-iid", phi: 0, fat: false, fixed: 3, seed: 42 },
  { name: "ar25t", label: "AR(1) 0.25, fat tails", phi: 0.25, fat: true, fixed: 10, seed: 43 },
  { name: "ar60", label: "AR(1) 0.6", phi: 0.6, fat: false, fixed: 30, seed: 44 },
];

/** Rounded to 1e-8 (returns as a data vendor sends them): 2,520 x 500 stays under the argument-size cap. */
const round8 = (x: number) => Math.round(x * 1e8) / 1e8;

/** Benchmark (common factor + noise) and K_MAX models = benchmark + a small edge + 0.01 x AR(1) noise. */
function spaPanel(set: SpaSet): { bench: number[]; models: number[][] } {
  const g = new Mt19937(set.seed);
  const noise = () => g.nextFloat() + g.nextFloat() + g.nextFloat() - 1.5;
  const state = new Float64Array(K_MAX);
  const bench: number[] = [];
  const models: number[][] = [];
  for (let t = 0; t < N_OBS; t++) {
    const b = round8(0.02 * noise() + 0.005 * noise());
    bench.push(b);
    const row: number[] = [];
    for (let k = 0; k < K_MAX; k++) {
      const shock = noise() * (set.fat && g.nextFloat() < 0.05 ? 5 : 1);
      state[k] = set.phi * state[k]! + shock;
      row.push(round8(b + 0.00002 * (k % 5) + 0.01 * state[k]!));
    }
    models.push(row);
  }
  return { bench, models };
}

export interface SpaPanel {
  readonly set: SpaSet;
  readonly k: number;
  /** Days used: the first n of the set's N_OBS. */
  readonly n: number;
  readonly tool: Record<string, unknown>;
  readonly guard: Record<string, unknown>;
}

/** Every set at every K as tool arguments and live guard inputs; writes `<name>_bench.f64`, `<name>_models.f64`. */
export function spaPanels(dir: string): SpaPanel[] {
  const out: SpaPanel[] = [];
  for (const set of SPA_SETS) {
    const { bench, models } = spaPanel(set);
    writeFileSync(path.join(dir, `${set.name}_bench.f64`), Float64Array.from(bench));
    writeFileSync(path.join(dir, `${set.name}_models.f64`), Float64Array.from(models.flat()));
    for (const k of SPA_K) {
      const columns = Array.from({ length: k }, (_, j) => `m${String(j).padStart(3, "0")}`);
      const n = daysFor(k);
      const data = models.slice(0, n).map((r) => r.slice(0, k));
      const b = bench.slice(0, n);
      out.push({
        set,
        k,
        n,
        tool: { benchmark_returns: b, model_returns: { columns, data } },
        guard: {
          benchmark_returns: { values: b },
          model_returns: { columns, data: byColumn(columns, data), nrows: n },
        },
      });
    }
  }
  return out;
}

/** The load command's description of the files: numpy_ref.py reads `<name>_*.f64` as n x K_MAX. */
export const spaFiles = () => ({ sets: SPA_SETS.map((s) => s.name), n: N_OBS, k: K_MAX });
