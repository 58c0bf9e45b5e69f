// The heavy statistics scale as their algorithms do. Doubling the observations T, the models K or the
// bootstrap repetitions R multiplies the operations the guard and the lib execute (counted by V8's
// precise coverage, not by a clock) by at most 2 * SLACK, SLACK covering fixed per-call work and the
// progress checks; and by at least `least`, so the count does follow the dimension. The SPA test is
// O(R T K) at a fixed block length (prefix sums: a resampled mean costs one subtraction per block), and
// so at the shortest blocks too (1 to 3: a run of one row is its row; at many column blocks the runs are
// merged into stretches, one pass over n marks per resample). Its index draws, run
// sums, block length's autocovariances and bootstrap variances run in WebAssembly, which coverage does not
// see: their loop steps (drawSteps, simdPasses, lagSteps, varianceSteps) are added to the count;
// CSCV is O(T K) for the block moments plus O(C(S, S/2) S K) for the splits, at a fixed number of blocks S.
import { describe, expect, it } from "vitest";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { dates } from "../../hardening/valid_args.js";
import { countOps } from "./op_count.js";
import { simdPasses } from "../../../guards/_spa_test_run_sums.js";
import { drawSteps } from "../../../guards/_spa_test_draws.js";
import { lagSteps } from "../../../guards/_spa_test_lags_wasm.js";
import { varianceSteps } from "../../../guards/_spa_test_variance_wasm.js";

const GUARD_CODE = /\/(guards|src\/lib)\/[^/]+\.ts/;
const SLACK = 1.1;

/** `k` columns of `t` deterministic, distinct, noisy returns over a dated index. */
function panel(t: number, k: number) {
  const columns = Array.from({ length: k }, (_, j) => `m${j}`);
  const value = (i: number, j: number) => Math.sin(i * 12.9898 + j * 78.233) * 0.01 + 0.0002 * (j % 3);
  return { index: dates(t), columns, data: Array.from({ length: t }, (_, i) => columns.map((_, j) => value(i, j))) };
}

interface Size {
  readonly t: number;
  readonly k: number;
  readonly r: number;
}

/** The SPA test's arguments at a fixed block length. */
const spaAt =
  (block: number) =>
  ({ t, k, r }: Size) => ({
    benchmark_returns: { index: dates(t), values: Array.from({ length: t }, (_, i) => Math.cos(i * 4.1) * 0.01) },
    model_returns: panel(t, k),
    reps: r,
    block_size: block,
    seed: 7,
  });
const spa = spaAt(5);
const cscv = ({ t, k }: Size) => ({ best_sharpe: 1, n_obs: t, n_trials: k, model_returns: panel(t, k), n_blocks: 8 });

// R = 200: the resamples (counted per WebAssembly loop step) outweigh the per-call work (block length, table).
const BASE: Size = { t: 400, k: 8, r: 200 };
// K = 160: 10 column blocks, so at block 1 the resamples are drawn as merged stretches (blocks >= 8 x block).
const MERGED: Size = { t: 400, k: 160, r: 100 };
const CASES: readonly {
  tool: string;
  args: (s: Size) => object;
  grow: keyof Size;
  least: number;
  note?: string;
  base?: Size;
}[] = [
  { tool: "check_spa_test", args: spa, grow: "t", least: 1.5 },
  // At K = 8 the block sampling, O(R T) whatever K is, is most of the work.
  { tool: "check_spa_test", args: spa, grow: "k", least: 1.1 },
  { tool: "check_spa_test", args: spa, grow: "r", least: 1.5 },
  ...[1, 2, 3].flatMap((block) =>
    (["t", "k", "r"] as const).map((grow) => ({
      tool: "check_spa_test",
      args: spaAt(block),
      grow,
      // As at block 5, the index draws (O(R T) whatever K is) are most of the counted work at K = 8.
      least: grow === "k" ? 1.1 : 1.5,
      note: `block ${block}`,
    })),
  ),
  ...(["t", "k", "r"] as const).map((grow) => ({
    tool: "check_spa_test",
    args: spaAt(1),
    grow,
    least: 1.5,
    note: "block 1, merged stretches",
    base: MERGED,
  })),
  { tool: "check_research_audit", args: cscv, grow: "t", least: 1.5 },
  { tool: "check_research_audit", args: cscv, grow: "k", least: 1.5 },
];

async function ops(tool: string, args: object): Promise<number> {
  const call = () => callToolUntyped(tool, args as Record<string, unknown>, { workBudget: Infinity, timeLimitMs: 0 });
  const wasmSteps = () => simdPasses.count + drawSteps.count + lagSteps.count + varianceSteps.count;
  const wasmBefore = wasmSteps();
  const js = await countOps(GUARD_CODE, async () => {
    const r = await call();
    if (r.isError) throw new Error(`${tool} failed: ${JSON.stringify(r).slice(0, 300)}`);
  });
  return js + wasmSteps() - wasmBefore;
}

describe("heavy statistics scale as their algorithms", () => {
  for (const c of CASES) {
    const name = `${c.tool}${c.note ? ` (${c.note})` : ""}`;
    it(`${name}: doubling ${c.grow.toUpperCase()} at most doubles the operations`, async () => {
      const base = c.base ?? BASE;
      const doubled = { ...base, [c.grow]: base[c.grow] * 2 };
      await ops(c.tool, c.args(base)); // warm: first-call work (lazy tables) is not the guard's
      const growth = (await ops(c.tool, c.args(doubled))) / (await ops(c.tool, c.args(base)));
      const what = `${c.tool} ${c.note ?? ""}, ${c.grow.toUpperCase()} doubled: operations x ${growth.toFixed(3)}`;
      expect(growth, what).toBeLessThanOrEqual(2 * SLACK);
      expect(growth, what).toBeGreaterThanOrEqual(c.least);
    });
  }
});
