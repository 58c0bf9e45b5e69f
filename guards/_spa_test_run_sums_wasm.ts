// The SPA bootstrap's inner loop as WebAssembly SIMD functions, assembled here from named opcodes (this
// file is its source; comments give the steps in WebAssembly text terms). The export `runs<L>` for
// L = 1..MAX_LANES: `runs<L>(sums, pairs, count, base, rowBytes)` adds to the 2 L doubles at `sums` the
// differences plus - minus of `count` runs, each run a pair of i32 row numbers (plus, minus) at `pairs`,
// the rows at base + row x rowBytes; the 2 L sums stay in L registers (f64x2) across all the runs:
// sums[j] = ((sums[j] + (p0[j] - m0[j])) + (p1[j] - m1[j])) + ..., the same IEEE additions in the same
// order as a scalar loop. The export `chunk<L>(sums, pairs, counts, reps, base, rowBytes)` calls runs<L>
// for `reps` resamples one after the other: counts[r] runs each (i32s at `counts`), their pairs following
// one another from `pairs`, their sums at sums + r rowBytes. Memory is imported as env.mem.

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

/** Body of runs<lanes>: params sums 0, pairs 1, count 2, base 3, rowBytes 4; locals plus, minus, acc_l. */
function runsBody(lanes: number): number[] {
  const [sums, pairs, count, base, rowBytes, plus, minus] = [0, 1, 2, 3, 4, 5, 6];
  const acc = (l: number) => 7 + l;
  const each = (f: (l: number) => number[]) => Array.from({ length: lanes }, (_, l) => f(l)).flat();
  // row address: i32.load(pairs + offset) * rowBytes + base
  const address = (offset: number, local: number) => [
    ...get(pairs),
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
    ...LOOP, // per run
    ...address(0, plus),
    ...address(4, minus),
    // acc_l = f64x2.add(acc_l, f64x2.sub(v128.load(plus + 16 l), v128.load(minus + 16 l)))
    ...each((l) => [
      ...get(acc(l)),
      ...get(plus),
      ...v128Load(16 * l),
      ...get(minus),
      ...v128Load(16 * l),
      ...F64X2_SUB,
      ...F64X2_ADD,
      ...set(acc(l)),
    ]),
    ...addTo(pairs, 8), // pairs += 8; continue while --count
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

/**
 * Body of chunk<lanes>: params sums 0, pairs 1, counts 2, reps 3, base 4, rowBytes 5; local count. For each of
 * `reps` resamples: runs<lanes>(sums, pairs, counts[r], base, rowBytes), then sums += rowBytes (the next
 * resample's sums), pairs += 8 counts[r], counts += 4.
 */
function chunkBody(lanes: number): number[] {
  const [sums, pairs, counts, reps, base, rowBytes, count] = [0, 1, 2, 3, 4, 5, 6];
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
    ...get(sums),
    ...get(pairs),
    ...get(count),
    ...get(base),
    ...get(rowBytes),
    ...call(lanes - 1),
    ...add(sums, get(rowBytes)),
    ...add(pairs, [...get(count), ...i32Const(8), I32_MUL]),
    ...add(counts, i32Const(4)),
    ...countDown(reps), // continue while --reps
    END,
    END,
    END,
  ];
  return body([[1, I32]], code);
}

const name = (lanes: number) => `runs${lanes}`;
const chunkName = (lanes: number) => `chunk${lanes}`;

/**
 * The module's bytes: runs1..runs<MAX_LANES> (functions 0..MAX_LANES - 1, type (i32 x 5) -> ()), then
 * chunk1..chunk<MAX_LANES> (type (i32 x 6) -> ()), memory import env.mem.
 */
export function runsModuleBytes(): Uint8Array<ArrayBuffer> {
  const lanes = Array.from({ length: MAX_LANES }, (_, i) => i + 1);
  const exported = (l: number) => [...ascii(name(l)), 0, l - 1, ...ascii(chunkName(l)), 0, MAX_LANES + l - 1];
  return new Uint8Array([
    ...HEADER,
    ...section(1, [2, 0x60, 5, I32, I32, I32, I32, I32, 0, 0x60, 6, I32, I32, I32, I32, I32, I32, 0]),
    ...MEMORY_IMPORT,
    ...section(3, [2 * MAX_LANES, ...lanes.map(() => 0), ...lanes.map(() => 1)]),
    ...section(7, [2 * MAX_LANES, ...lanes.flatMap(exported)]),
    ...section(10, [2 * MAX_LANES, ...lanes.flatMap((l) => runsBody(l)), ...lanes.flatMap((l) => chunkBody(l))]),
  ]);
}

let compiled: object | undefined;

/** An exported chunk loop: see chunkBody. */
export type Chunk = (sums: number, pairs: number, counts: number, reps: number, base: number, rowBytes: number) => void;

/** chunk<L> over `memory` for L = 1..MAX_LANES, at index L - 1 (the module is compiled once per process). */
export function chunksOver(memory: WasmMemory): readonly Chunk[] {
  compiled ??= compile(runsModuleBytes());
  const exports = exportsOver(compiled, memory);
  return Array.from({ length: MAX_LANES }, (_, i) => exports[chunkName(i + 1)] as Chunk);
}
