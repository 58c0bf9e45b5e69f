import { afterEach, describe, expect, it } from "vitest";
import { Mt19937 } from "../../src/lib/prng.js";
import { bootstrapCounts, differentials, sharing, studentize } from "../../guards/_spa_test_core.js";
import { RunDraws } from "../../guards/_spa_test_draws.js";
import { RunSums, runTableOver, simdPasses } from "../../guards/_spa_test_run_sums.js";
import { BlockShare, BUSY, helperStopped, NEXT, sharedViews } from "../../guards/_spa_test_helper.js";
import { helpWithChunk } from "../../guards/_spa_test_helper_worker.js";
import { helperTakesEveryBlock, type Modules } from "./spa_helper_check.js";

/** A benchmark and k models around it (uniform noise, candidate j with a small edge j / 1e4), n days. */
function panel(n: number, k: number, seed: number) {
  const g = new Mt19937(seed);
  const bench = Array.from({ length: n }, () => g.nextFloat() - 0.5);
  const models = Array.from({ length: k }, (_, j) => bench.map((x) => x + g.nextFloat() - 0.5 + j / 1e4));
  return differentials(bench, models);
}

const SOURCE: Modules = { differentials, studentize, RunSums, RunDraws, BlockShare, helperStopped };

afterEach(() => {
  sharing.force = null;
});

describe("SPA bootstrap on two threads", () => {
  // First: it also starts the thread, so the helper takes part in the calls of the tests after it.
  it("the helper thread sums and tallies every block the caller leaves, as the caller would", async () => {
    await helperTakesEveryBlock(SOURCE);
  });

  // K from two blocks to many, odd (a padded last block) and even; blocks 1 to 10; reps over several chunks.
  for (const [n, k, block, reps] of [
    [120, 33, 1, 300],
    [250, 100, 3, 400],
    [400, 160, 10, 250],
    [64, 17, 2, 1500],
  ] as const) {
    it(`counts exactly as one thread (n ${n}, K ${k}, block ${block}, ${reps} reps)`, async () => {
      const diff = panel(n, k, n + k);
      const st = studentize(diff, block);
      sharing.force = false;
      const before = simdPasses.count;
      const one = await bootstrapCounts(diff, st, block, reps, 5);
      const onePasses = simdPasses.count - before;
      sharing.force = true;
      const mid = simdPasses.count;
      const two = await bootstrapCounts(diff, st, block, reps, 5);
      expect(two).toEqual(one);
      // The helper's SIMD steps are counted with the caller's: the same work whoever did it.
      expect(simdPasses.count - mid).toBe(onePasses);
    });
  }

  it("a helper that comes after the caller closed the chunk takes no block", () => {
    const [n, k] = [80, 40];
    const diff = panel(n, k, 3);
    const shared = sharedViews(new SharedArrayBuffer(4096 + 64 * k + 3 * 8 * 1024), k);
    const table = runTableOver(diff.runs.memory, n, k);
    Atomics.store(shared.control, 0, 0); // epoch 0: closed
    helpWithChunk(table, [new RunSums(table, 1, 0), new RunSums(table, 1, 1)], shared, 1);
    expect(Atomics.load(shared.control, NEXT)).toBe(0);
    expect(Atomics.load(shared.control, BUSY)).toBe(0);
  });
});
