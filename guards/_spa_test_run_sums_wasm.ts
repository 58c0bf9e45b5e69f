// The SPA bootstrap's inner loop as WebAssembly SIMD functions, assembled here from named opcodes (this
// file is its source; comments give the steps in WebAssembly text terms). For L = 1..MAX_LANES,
// `pairs<L>(sums, pairs, count, base, rowBytes)` adds to the 2 L doubles at `sums` the differences
// plus - minus of `count` runs of two rows or more, each a pair of i32 row numbers (plus, minus) at `pairs`,
// and `singles<L>(sums, singles, count, base, rowBytes)` the rows of `count` one-row runs, each an i32 row
// number at `singles`; a row's doubles lie at base + row x rowBytes. The 2 L sums stay in L registers
// (f64x2) across a list: sums[j] = ((sums[j] + (p0[j] - m0[j])) + (p1[j] - m1[j])) + ..., the same IEEE
// additions in the same order as a scalar loop. The export
// `chunk<L>(sums, pairs, counts, singles, singleCounts, reps, base, rowBytes)` sums `reps` resamples one
// after the other, each its counts[r] pairs then its singleCounts[r] rows (i32s at `counts` and
// `singleCounts`), each list following the previous resample's, their sums at sums + r rowBytes. Memory is
// imported as env.mem.

/** Lane pairs of the widest function: 16 sums (a column block of the run table) in 8 registers. */
export const MAX_LANES = 8;

import {
  body,
  compile,
  END,
  exportsOver,
  F64X2_ADD,
  F64X2_SUB,
  get,
  HEADER,
  I32,
  I32_ADD,
  I32_EQZ,
  I32_MUL,
  i32Const,
  i32Load,
  ascii,
  BLOCK,
  BR_IF,
  call,
  LOOP,
  MEMORY_IMPORT,
  section,
  set,
  V128,
  v128Load,
  v128Store,
  type WasmMemory,
  addTo,
  countDown,
} from "./_wasm_asm.js";

/**
 * Body of a runs function: params sums 0, list 1, count 2, base 3, rowBytes 4; locals plus, minus, acc_l. For
 * each of `count` entries of `size` bytes at `list`: acc_l = f64x2.add(acc_l, value(l)), `rows` naming the
 * entry's row addresses first (plus, then minus for a pair). One loop per function: with two loops in one,
 * V8 scheduled the loads of a run ahead of its adds and kept the sums on the stack (1.2 times slower).
 */
function runsBody(
  lanes: number,
  size: number,
  rows: number,
  value: (plus: number, minus: number, l: number) => number[],
) {
  const [sums, list, count, base, rowBytes, plus, minus] = [0, 1, 2, 3, 4, 5, 6];
  const acc = (l: number) => 7 + l;
  const each = (f: (l: number) => number[]) => Array.from({ length: lanes }, (_, l) => f(l)).flat();
  // row address: i32.load(list + offset) * rowBytes + base
  const address = (offset: number, local: number) => [
    ...get(list),
    ...i32Load(offset),
    ...get(rowBytes),
    I32_MUL,
    ...get(base),
    I32_ADD,
    ...set(local),
  ];
  const code = [
    ...each((l) => [...get(sums), ...v128Load(16 * l), ...set(acc(l))]), // acc_l = v128.load(sums + 16 l)
    ...BLOCK, // if count == 0: skip to the stores
    ...get(count),
    I32_EQZ,
    BR_IF,
    0,
    ...LOOP, // per entry
    ...address(0, plus),
    ...(rows === 2 ? address(4, minus) : []),
    ...each((l) => [...get(acc(l)), ...value(plus, minus, l), ...F64X2_ADD, ...set(acc(l))]),
    ...addTo(list, size), // list += size; continue while --count
    ...countDown(count),
    END,
    END,
    ...each((l) => [...get(sums), ...get(acc(l)), ...v128Store(16 * l)]), // v128.store(sums + 16 l, acc_l)
    END,
  ];
  return body(
    [
      [2, I32],
      [lanes, V128],
    ],
    code,
  );
}

/** pairs<lanes>: runs of two rows or more, acc_l += v128.load(plus + 16 l) - v128.load(minus + 16 l). */
const pairsBody = (lanes: number) =>
  runsBody(lanes, 8, 2, (plus, minus, l) => [
    ...get(plus),
    ...v128Load(16 * l),
    ...get(minus),
    ...v128Load(16 * l),
    ...F64X2_SUB,
  ]);

/** singles<lanes>: one-row runs, acc_l += v128.load(row + 16 l). */
const singlesBody = (lanes: number) => runsBody(lanes, 4, 1, (row, _, l) => [...get(row), ...v128Load(16 * l)]);

/**
 * Body of chunk<lanes>: params sums 0, pairs 1, counts 2, singles 3, singleCounts 4, reps 5, base 6, rowBytes 7;
 * locals count, singleCount. For each of `reps` resamples: pairs<lanes>(sums, pairs, counts[r], base,
 * rowBytes), singles<lanes>(sums, singles, singleCounts[r], base, rowBytes), then sums += rowBytes (the next
 * resample's sums), pairs += 8 counts[r], singles += 4 singleCounts[r], counts += 4, singleCounts += 4.
 */
function chunkBody(lanes: number): number[] {
  const [sums, pairs, counts, singles, singleCounts, reps, base, rowBytes, count, singleCount] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
  ];
  const add = (local: number, value: number[]) => [...get(local), ...value, I32_ADD, ...set(local)];
  const code = [
    ...BLOCK, // if reps == 0: return
    ...get(reps),
    I32_EQZ,
    BR_IF,
    0,
    ...LOOP,
    ...get(counts),
    ...i32Load(0),
    ...set(count),
    ...get(singleCounts),
    ...i32Load(0),
    ...set(singleCount),
    ...[sums, pairs, count, base, rowBytes].flatMap(get),
    ...call(lanes - 1), // pairs<lanes>
    ...[sums, singles, singleCount, base, rowBytes].flatMap(get),
    ...call(MAX_LANES + lanes - 1), // singles<lanes>
    ...add(sums, get(rowBytes)),
    ...add(pairs, [...get(count), ...i32Const(8), I32_MUL]),
    ...add(singles, [...get(singleCount), ...i32Const(4), I32_MUL]),
    ...addTo(counts, 4),
    ...addTo(singleCounts, 4),
    ...countDown(reps), // continue while --reps
    END,
    END,
    END,
  ];
  return body([[2, I32]], code);
}

const chunkName = (lanes: number) => `chunk${lanes}`;

/**
 * The module's bytes: pairs1..pairs<MAX_LANES> (functions 0..MAX_LANES - 1) and singles1..singles<MAX_LANES>
 * (functions MAX_LANES..2 MAX_LANES - 1), type (i32 x 5) -> (); then chunk1..chunk<MAX_LANES>, type
 * (i32 x 8) -> (), the only exports; memory import env.mem.
 */
export function runsModuleBytes(): Uint8Array<ArrayBuffer> {
  const lanes = Array.from({ length: MAX_LANES }, (_, i) => i + 1);
  const exported = (l: number) => [...ascii(chunkName(l)), 0, 2 * MAX_LANES + l - 1];
  const bodies = [...lanes.map(pairsBody), ...lanes.map(singlesBody), ...lanes.map(chunkBody)];
  return new Uint8Array([
    ...HEADER,
    ...section(1, [2, 0x60, 5, ...Array(5).fill(I32), 0, 0x60, 8, ...Array(8).fill(I32), 0]),
    ...MEMORY_IMPORT,
    ...section(3, [3 * MAX_LANES, ...lanes.flatMap(() => [0, 0]), ...lanes.map(() => 1)]),
    ...section(7, [MAX_LANES, ...lanes.flatMap(exported)]),
    ...section(10, [3 * MAX_LANES, ...bodies.flat()]),
  ]);
}

let compiled: object | undefined;

/** An exported chunk loop: see chunkBody. */
export type Chunk = (
  sums: number,
  pairs: number,
  counts: number,
  singles: number,
  singleCounts: number,
  reps: number,
  base: number,
  rowBytes: number,
) => void;

/** chunk<L> over `memory` for L = 1..MAX_LANES, at index L - 1 (the module is compiled once per process). */
export function chunksOver(memory: WasmMemory): readonly Chunk[] {
  compiled ??= compile(runsModuleBytes());
  const exports = exportsOver(compiled, memory);
  return Array.from({ length: MAX_LANES }, (_, i) => exports[chunkName(i + 1)] as Chunk);
}
