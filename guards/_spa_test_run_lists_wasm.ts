// The two lists a chunk keeps a resample in (_spa_test_run_sums.ts), written from WebAssembly without a
// branch on a run's length: a run [start, end) is written to both lists, as the pair of prefix rows
// (end, start) and as the single row n + 1 + start, and the list it belongs to advances past it; the other
// list's entry is written over by the next run. Each list needs room for one entry past its last. Used by
// the index draws (_spa_test_draws_wasm.ts) and the merge of runs into stretches (_spa_test_segments_wasm.ts).
import { get, I32_ADD, I32_AND, I32_EQ, I32_SHL, I32_SUB, I32_XOR, i32Const, i32Store, set } from "./_wasm_asm.js";

/** The i32 locals the writes use: the lists' addresses and counts, n, the run, and `single` (set here). */
export interface RunListLocals {
  readonly pairs: number;
  readonly singles: number;
  readonly pairCount: number;
  readonly singleCount: number;
  readonly size: number;
  readonly start: number;
  readonly end: number;
  readonly single: number;
}

/** Writes run [start, end) at pairs (end, start) and at singles (n + 1 + start); single = (end - start == 1). */
export const writeRun = (l: RunListLocals): number[] => [
  ...get(l.pairs),
  ...get(l.end),
  ...i32Store(0),
  ...get(l.pairs),
  ...get(l.start),
  ...i32Store(4),
  ...get(l.singles),
  ...get(l.size),
  ...i32Const(1),
  I32_ADD,
  ...get(l.start),
  I32_ADD,
  ...i32Store(0),
  ...get(l.end),
  ...get(l.start),
  I32_SUB,
  ...i32Const(1),
  I32_EQ,
  ...set(l.single),
];

/** local += value (i32). */
const addLocal = (local: number, value: number[]) => [...get(local), ...value, I32_ADD, ...set(local)];

/**
 * Keeps the run writeRun wrote when `keep` (code leaving 0 or 1) leaves 1: pairs += 8 and pair count += 1 for
 * a longer run, singles += 4 and single count += 1 for a one-row run.
 */
export const keepRun = (l: RunListLocals, keep: number[]): number[] => {
  const pair = [...keep, ...get(l.single), ...i32Const(1), I32_XOR, I32_AND]; // keep & !single
  const one = [...keep, ...get(l.single), I32_AND]; // keep & single
  return [
    ...addLocal(l.pairs, [...pair, ...i32Const(3), I32_SHL]),
    ...addLocal(l.pairCount, pair),
    ...addLocal(l.singles, [...one, ...i32Const(2), I32_SHL]),
    ...addLocal(l.singleCount, one),
  ];
};
