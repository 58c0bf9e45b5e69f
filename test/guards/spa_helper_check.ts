// A check shared by the SPA helper-thread tests: a chunk handed to the helper thread while the caller claims
// no block must be tallied by the helper exactly as this thread tallies it (for the TypeScript sources and
// for the compiled package's files).
import { expect } from "vitest";
import { Mt19937 } from "../../src/lib/prng.js";
import type { differentials, studentize } from "../../guards/_spa_test_core.js";
import type { RunDraws } from "../../guards/_spa_test_draws.js";
import { type RunSums, WIDTH, widthOf } from "../../guards/_spa_test_run_sums.js";
import { type BlockShare, BUSY, type helperStopped, NEXT } from "../../guards/_spa_test_helper.js";
import { fillTallyParams, type Maxima, tallyBlock, tallyParams } from "../../guards/_spa_test_tally.js";

/** Atomics.waitAsync (Node 16+; the project's ES library level does not declare it). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync: (a: Int32Array, i: number, v: number) => { async: boolean; value: Promise<string> | string };
  }
).waitAsync;

/** The modules a helper test runs on: the TypeScript sources, or the compiled package's. */
export interface Modules {
  readonly differentials: typeof differentials;
  readonly studentize: typeof studentize;
  readonly RunSums: typeof RunSums;
  readonly RunDraws: typeof RunDraws;
  readonly BlockShare: typeof BlockShare;
  readonly helperStopped: typeof helperStopped;
}

/** A chunk handed to the helper while the caller claims nothing: the helper's tally must be this thread's. */
export async function helperTakesEveryBlock(m: Modules): Promise<void> {
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
  fillTallyParams(params, st);
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

/** The chunk's maxima and individual counts over every block, on this thread. */
function tallyAll(
  blocks: number,
  k: number,
  sums: RunSums,
  st: ReturnType<typeof studentize>,
  reps: number,
  width: (c: number) => number,
) {
  const params = tallyParams(k);
  fillTallyParams(params, st);
  const x = maxima(reps);
  for (let c = 0; c < blocks; c++)
    tallyBlock(params, x, sums.sumBlock(c), c * WIDTH, Math.min(k, (c + 1) * WIDTH), width(c), reps);
  return { x, individual: params.individual };
}

const maxima = (m: number): Maxima => ({ tl: new Float64Array(m), tc: new Float64Array(m), tu: new Float64Array(m) });
