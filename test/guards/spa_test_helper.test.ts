import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { Mt19937 } from "../../src/lib/prng.js";
import { bootstrapCounts, differentials, sharing, studentize } from "../../guards/_spa_test_core.js";
import { RunDraws } from "../../guards/_spa_test_draws.js";
import { RunSums, runTableOver, simdPasses, WIDTH, widthOf } from "../../guards/_spa_test_run_sums.js";
import { BlockShare, BUSY, helperStopped, NEXT, sharedViews } from "../../guards/_spa_test_helper.js";
import { helpWithChunk } from "../../guards/_spa_test_helper_worker.js";
import { type Maxima, tallyBlock, type TallyParams } from "../../guards/_spa_test_tally.js";

/** A benchmark and k models around it (uniform noise, candidate j with a small edge j / 1e4), n days. */
function panel(n: number, k: number, seed: number) {
  const g = new Mt19937(seed);
  const bench = Array.from({ length: n }, () => g.nextFloat() - 0.5);
  const models = Array.from({ length: k }, (_, j) => bench.map((x) => x + g.nextFloat() - 0.5 + j / 1e4));
  return differentials(bench, models);
}

/** Atomics.waitAsync (Node 16+; the project's ES library level does not declare it). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync: (a: Int32Array, i: number, v: number) => { async: boolean; value: Promise<string> | string };
  }
).waitAsync;

const maxima = (m: number): Maxima => ({ tl: new Float64Array(m), tc: new Float64Array(m), tu: new Float64Array(m) });

afterEach(() => {
  sharing.force = null;
});

describe("SPA bootstrap on two threads", () => {
  // First: it also starts the thread, so the helper takes part in the calls of the tests after it.
  it("the helper thread sums and tallies every block the caller leaves, as the caller would", async () => {
    await helperTakesEveryBlock(SOURCE);
  });

  it("the compiled package starts its helper thread from its own files (dist/guards)", async () => {
    const at = (name: string) => import(pathToFileURL(path.resolve("dist/guards", `${name}.js`)).href);
    const [core, runSums, draws, helper] = await Promise.all(
      ["_spa_test_core", "_spa_test_run_sums", "_spa_test_draws", "_spa_test_helper"].map(at),
    );
    await helperTakesEveryBlock({ ...core, ...runSums, ...draws, ...helper } as Modules);
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

/** The modules a helper test runs on: the TypeScript sources, or the compiled package's. */
interface Modules {
  readonly differentials: typeof differentials;
  readonly studentize: typeof studentize;
  readonly RunSums: typeof RunSums;
  readonly RunDraws: typeof RunDraws;
  readonly BlockShare: typeof BlockShare;
  readonly helperStopped: typeof helperStopped;
}
const SOURCE: Modules = { differentials, studentize, RunSums, RunDraws, BlockShare, helperStopped };

/** A chunk handed to the helper while the caller claims nothing: the helper's tally must be this thread's. */
async function helperTakesEveryBlock(m: Modules): Promise<void> {
  const [n, k, block, reps] = [300, 70, 3, 50];
  const g = new Mt19937(11);
  const bench = Array.from({ length: n }, () => g.nextFloat() - 0.5);
  const diff = m.differentials(
    bench,
    Array.from({ length: k }, (_, j) => bench.map((x) => x + g.nextFloat() - 0.5 + j / 1e4)),
  );
  const st = m.studentize(diff, block);
  const share = m.BlockShare.start(diff.runs.memory, n, k);
  expect(share).not.toBeNull();
  const { params, control, helperMaxima } = share!.views;
  fillParams(params, st);
  const caller = new m.RunSums(diff.runs, 0, 1); // the second slot: the helper reads the slot it is told
  const draws = new m.RunDraws(diff.runs.memory, diff.runs.drawsAt, n, 1 / block, 9);
  for (let r = 0; r < reps; r++) caller.draw(draws);
  share!.open(reps, caller.runsHeld, 1);
  // The caller claims nothing: wait (on the helper's notify, no timer) until it has taken every block, or
  // has stopped (it could not start).
  let stopped = false;
  m.helperStopped().then(() => {
    stopped = true;
    Atomics.notify(control, BUSY);
  });
  for (;;) {
    const busy = Atomics.load(control, BUSY);
    if ((Atomics.load(control, NEXT) >= diff.runs.blocks && busy === 0) || stopped) break;
    const wait = waitAsync(control, BUSY, busy);
    if (wait.async) await wait.value;
  }
  expect(stopped, "the helper thread stopped").toBe(false);
  share!.close();
  share!.end();
  const expected = tallyAll(diff.runs.blocks, k, caller, st, reps, (c) => widthOf(diff.runs, c));
  expect(Array.from(helperMaxima.tl.subarray(0, reps))).toEqual(Array.from(expected.x.tl));
  expect(Array.from(helperMaxima.tc.subarray(0, reps))).toEqual(Array.from(expected.x.tc));
  expect(Array.from(helperMaxima.tu.subarray(0, reps))).toEqual(Array.from(expected.x.tu));
  expect(Array.from(params.individual)).toEqual(Array.from(expected.individual));
  expect(expected.individual.some((c) => c > 0)).toBe(true);
}

function fillParams(p: TallyParams, st: ReturnType<typeof studentize>): void {
  p.sumScale.set(st.sumScale);
  p.offsetLower.set(st.offsetLower);
  p.offsetConsistent.set(st.offsetConsistent);
  p.threshold.set(Array.from(st.z, (v) => Math.max(0, v)));
}

/** The chunk's maxima and individual counts over every block, on this thread. */
function tallyAll(
  blocks: number,
  k: number,
  sums: RunSums,
  st: ReturnType<typeof studentize>,
  reps: number,
  width: (c: number) => number,
) {
  const params: TallyParams = {
    sumScale: new Float64Array(k),
    offsetLower: new Float64Array(k),
    offsetConsistent: new Float64Array(k),
    threshold: new Float64Array(k),
    individual: new Int32Array(k),
  };
  fillParams(params, st);
  const x = maxima(reps);
  for (let c = 0; c < blocks; c++)
    tallyBlock(params, x, sums.sumBlock(c), c * WIDTH, Math.min(k, (c + 1) * WIDTH), width(c), reps);
  return { x, individual: params.individual };
}
