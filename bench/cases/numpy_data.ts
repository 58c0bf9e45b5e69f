// The data of the numpy side-by-side block: a CSCV panel and 10,000 trial Sharpes (the SPA panels are in
// spa_sets.ts), as tool arguments, as live guard inputs, and as float64 files for bench/numpy_ref.py.
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Mt19937 } from "../../src/lib/prng.js";
import { StationaryBootstrap } from "../../src/lib/bootstrap.js";
import { N_OBS } from "./spa.js";

export const CSCV_T = 1000;
export const CSCV_N = 100;
export const CSCV_S = 16;
export const DSR = { best_sharpe: 1.4, n_obs: 1260, periods_per_year: 252, skew: 0, kurtosis: 3 } as const;

/** Columns named c000.. of a row-major table. */
export function byColumn(columns: readonly string[], rows: readonly number[][]): Record<string, number[]> {
  return Object.fromEntries(columns.map((c, j) => [c, rows.map((r) => r[j]!)]));
}

/** T x N per-period returns with a small common factor. */
function cscvPanel(seed: number): { columns: string[]; data: number[][] } {
  const g = new Mt19937(seed);
  const noise = () => g.nextFloat() + g.nextFloat() + g.nextFloat() - 1.5;
  const columns = Array.from({ length: CSCV_N }, (_, k) => `s${String(k).padStart(3, "0")}`);
  const data = Array.from({ length: CSCV_T }, () => {
    const common = 0.004 * noise();
    return columns.map((_, k) => 0.0002 * (k % 7) + common + 0.01 * noise());
  });
  return { columns, data };
}

function sharpes(seed: number): number[] {
  const g = new Mt19937(seed);
  return Array.from({ length: 10_000 }, () => 1.2 * (g.nextFloat() + g.nextFloat() + g.nextFloat() - 1.5));
}

export interface BlockData {
  readonly cscvTool: Record<string, unknown>;
  readonly cscvGuard: Record<string, unknown>;
  readonly dsr: Record<string, unknown>;
  /** The directory holding the float64 files, and their shapes, for numpy_ref.py's load command. */
  readonly files: Record<string, unknown>;
}

export function blockData(): BlockData {
  const cscv = cscvPanel(7);
  const sh = sharpes(11);
  const audit = { best_sharpe: 1, n_obs: CSCV_T, n_trials: CSCV_N, n_blocks: CSCV_S };
  const dir = mkdtempSync(path.join(os.tmpdir(), "fin-skills-numpy-"));
  const f64 = (name: string, xs: readonly number[]) => writeFileSync(path.join(dir, name), Float64Array.from(xs));
  f64("panel.f64", cscv.data.flat());
  f64("sharpes.f64", sh);
  return {
    cscvTool: { ...audit, model_returns: cscv },
    cscvGuard: {
      ...audit,
      model_returns: { columns: cscv.columns, data: byColumn(cscv.columns, cscv.data), nrows: CSCV_T },
    },
    dsr: { ...DSR, sharpes: sh },
    files: { dir, t: CSCV_T, n_configs: CSCV_N },
  };
}

/** The guard's own resample positions (reps x n, int32) for a replay in numpy: same MT19937 stream. */
export function replayFile(dir: string, blockSize: number, reps: number, seed: number, n = N_OBS): string {
  const file = path.join(dir, `replay_${n}_${blockSize}_${reps}_${seed}.i32`);
  if (existsSync(file)) return file; // the stream depends on n and the block length, not on the data
  const sampler = new StationaryBootstrap(new Mt19937(seed), n, 1 / blockSize);
  const out = new Int32Array(reps * n);
  for (let r = 0; r < reps; r++) sampler.nextIndices(out.subarray(r * n, (r + 1) * n));
  writeFileSync(file, out);
  return file;
}
