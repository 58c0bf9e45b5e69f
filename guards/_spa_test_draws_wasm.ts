// The SPA bootstrap's index draws as a WebAssembly function, assembled here from named opcodes (this file
// is its source; comments give the steps in WebAssembly text terms): the stationary bootstrap of
// src/lib/bootstrap.ts (StationaryBootstrap.nextRuns) on MT19937 (src/lib/prng.ts), the same words in the
// same order, writing each run straight as the rows the run sums read (_spa_test_run_sums.ts).
// Export `resample(state, n, below, maxOk, pairs, singles) -> pair count`: MT19937's 624 words then its
// index at `state`; t = 0 draws a position, each t >= 1 one word x, a restart when x < below (below = q 2^32)
// with a fresh position, else the next row, a run ending also where the index wraps at n; a position is
// x mod n for the first word x <= maxOk (2^32 - (2^32 mod n) - 1). Run [s, e) of two rows or more is
// written at `pairs` as the prefix rows (e, s); a one-row run at `singles` as its row n + 1 + s. Both are
// written for every run and the one that does not hold it is written over by the next (no branch on the
// run's length), so each list needs room for one entry past its last. The count of one-row runs is
// stored at state + SINGLES_AT. Export `resampleMarks(state, n, below, maxOk, marks, 0) -> runs` draws the
// same runs and only marks them, marks[s] += 1 and marks[e] -= 1 (i32s at `marks`, n + 1 of them), for
// _spa_test_segments_wasm.ts to merge.
import {
  I32X4_NEG,
  I32X4_SHL,
  I32X4_SHR_U,
  I32X4_SPLAT,
  V128,
  V128_AND,
  V128_OR,
  V128_XOR,
  v128Load,
  v128Store,
  BLOCK,
  body,
  BR,
  BR_IF,
  call,
  compile,
  ELSE,
  END,
  exportsOver,
  F64,
  F64_CONVERT_I32_U,
  F64_LT,
  get,
  HEADER,
  I32,
  I32_ADD,
  I32_AND,
  I32_EQ,
  I32_GE_U,
  I32_LE_U,
  I32_LT_U,
  I32_OR,
  I32_REM_U,
  I32_SHR_U,
  I32_SUB,
  I32_XOR,
  i32Const,
  i32Load,
  i32Store,
  IF,
  LOOP,
  MEMORY_IMPORT,
  section,
  set,
  tee,
  ascii,
  type WasmMemory,
  addTo,
  wordAddress,
} from "./_wasm_asm.js";
import { keepRun, type RunListLocals, writeRun } from "./_spa_test_run_lists_wasm.js";

const N = 624;
const M = 397;
/** Byte offset of MT19937's word index after its 624 words. */
export const INDEX_AT = 4 * N;
/** Byte offset (after the index) where `resample` stores its count of one-row runs. */
export const SINGLES_AT = INDEX_AT + 4;
/** Byte offset of the 624 tempered outputs of the current words. */
const TEMPERED_AT = INDEX_AT + 16;
/** Bytes of the generator's state: 624 words, the index, the 624 outputs. */
export const STATE_BYTES = TEMPERED_AT + 4 * N;

/**
 * Stores at address `a` far ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df), y = (upper bit of the word at a, lower 31
 * of `next`): `far` and `next` push the other two words. Uses local `y`.
 */
function mixed(a: number, y: number, far: number[], next: number[]): number[] {
  return [
    ...get(a),
    ...i32Load(0),
    ...i32Const(0x80000000),
    I32_AND,
    ...next,
    ...i32Const(0x7fffffff),
    I32_AND,
    I32_OR,
    ...set(y),
    ...get(a),
    ...far,
    ...get(y),
    ...i32Const(1),
    I32_SHR_U,
    I32_XOR,
    ...i32Const(0),
    ...get(y),
    ...i32Const(1),
    I32_AND,
    I32_SUB,
    ...i32Const(0x9908b0df),
    I32_AND,
    I32_XOR,
    ...i32Store(0),
  ];
}

/** Locals of refill: the state, an address, y, an end address, then v128: masks and y four words at a time. */
const [R_STATE, R_A, R_Y, R_END, HI, LO, MAT, ONE, C7, C15, VY] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** mixed() four words at a time (i32x4), the words at a .. a + 12; `far` pushes the four far words. */
function mixed4(far: number[]): number[] {
  return [
    ...get(R_A),
    ...get(R_A), // vy = (v128.load(a) & hi) | (v128.load(a + 4) & lo)
    ...v128Load(0),
    ...get(HI),
    ...V128_AND,
    ...get(R_A),
    ...v128Load(4),
    ...get(LO),
    ...V128_AND,
    ...V128_OR,
    ...set(VY),
    ...far, // far ^ (vy >>> 1) ^ (-(vy & 1) & mat)
    ...get(VY),
    ...i32Const(1),
    ...I32X4_SHR_U,
    ...V128_XOR,
    ...get(VY),
    ...get(ONE),
    ...V128_AND,
    ...I32X4_NEG,
    ...get(MAT),
    ...V128_AND,
    ...V128_XOR,
    ...v128Store(0),
  ];
}

/** vy ^= (vy shifted by `by`) & mask (the mask local, or none). */
const temper4 = (shift: number[], by: number, mask?: number): number[] => [
  ...get(VY),
  ...get(VY),
  ...i32Const(by),
  ...shift,
  ...(mask === undefined ? [] : [...get(mask), ...V128_AND]),
  ...V128_XOR,
  ...set(VY),
];

/**
 * refill(state) (function 0): MT19937's state update in the reference's three ranges, four words per step
 * where each word's inputs are already final (words k + 1 .. k + 4 not yet updated, words k - 227 .. k - 224
 * already), one at a time elsewhere; then all 624 outputs tempered, four at a time, into TEMPERED_AT.
 */
function refillBody(): number[] {
  const splat = (local: number, x: number) => [...i32Const(x), ...I32X4_SPLAT, ...set(local)];
  const upTo = (bytes: number) => [...get(R_STATE), ...i32Const(bytes), I32_ADD, ...set(R_END)];
  // a += step; continue while a < end
  const step = (bytes: number) => [
    ...get(R_A),
    ...i32Const(bytes),
    I32_ADD,
    ...tee(R_A),
    ...get(R_END),
    I32_LT_U,
    BR_IF,
    0,
  ];
  const firstVectors = 4 * (N - M - ((N - M) % 4)); // k = 0 .. 223 four at a time; 224 .. 226 one at a time
  const code = [
    ...splat(HI, 0x80000000),
    ...splat(LO, 0x7fffffff),
    ...splat(MAT, 0x9908b0df),
    ...splat(ONE, 1),
    ...splat(C7, 0x9d2c5680),
    ...splat(C15, 0xefc60000),
    ...get(R_STATE), // k = 0 .. N - M - 1: far = mt[k + M]
    ...set(R_A),
    ...upTo(firstVectors),
    ...LOOP,
    ...mixed4([...get(R_A), ...v128Load(4 * M)]),
    ...step(16),
    END,
    ...upTo(4 * (N - M)),
    ...LOOP,
    ...mixed(R_A, R_Y, [...get(R_A), ...i32Load(4 * M)], [...get(R_A), ...i32Load(4)]),
    ...step(4),
    END,
    ...upTo(4 * (N - 1)), // k = N - M .. N - 2 (396 words): far = mt[k + M - N], already updated
    ...LOOP,
    ...mixed4([...get(R_A), ...i32Const(4 * (N - M)), I32_SUB, ...v128Load(0)]),
    ...step(16),
    END,
    // k = N - 1: far = mt[M - 1], next = mt[0]
    ...mixed(R_A, R_Y, [...get(R_STATE), ...i32Load(4 * (M - 1))], [...get(R_STATE), ...i32Load(0)]),
    ...get(R_STATE), // outputs: tempered four at a time
    ...set(R_A),
    ...upTo(4 * N),
    ...LOOP,
    ...get(R_A),
    ...get(R_A),
    ...v128Load(0),
    ...set(VY),
    ...temper4(I32X4_SHR_U, 11),
    ...temper4(I32X4_SHL, 7, C7),
    ...temper4(I32X4_SHL, 15, C15),
    ...temper4(I32X4_SHR_U, 18),
    ...get(VY),
    ...v128Store(TEMPERED_AT),
    ...step(16),
    END,
    END,
  ];
  return body(
    [
      [3, I32],
      [7, V128],
    ],
    code,
  );
}

/** resample's params and locals. */
const [STATE, SIZE, BELOW, MAX_OK, PAIRS, SINGLES, MTI, Y, START, I, T, RUNS, E, SINGLE, SINGLE_COUNT, MARK_AT] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
];
/** resampleMarks' fifth param: the marks' address (in place of pairs; singles unused). */
const MARKS = PAIRS;

/** y = the next MT19937 output (a refill first when all 624 are used). */
const word = (): number[] => [
  ...get(MTI), // if mti >= N: refill(state); mti = 0
  ...i32Const(N),
  I32_GE_U,
  ...IF,
  ...get(STATE),
  ...call(0),
  ...i32Const(0),
  ...set(MTI),
  END,
  ...wordAddress(STATE, MTI), // y = tempered[mti++]
  ...i32Load(TEMPERED_AT),
  ...set(Y),
  ...addTo(MTI, 1),
];

/** Pushes a uniform position in [0, n): words until one is <= maxOk, then it mod n. */
const position = (): number[] => [
  ...BLOCK,
  ...LOOP,
  ...word(),
  ...get(Y),
  ...get(MAX_OK),
  I32_LE_U,
  BR_IF,
  1,
  BR,
  0,
  END,
  END,
  ...get(Y),
  ...get(SIZE),
  I32_REM_U,
];

/** The draw loop's locals as the run lists name them (the pair count is `runs`). */
const LISTS: RunListLocals = {
  pairs: PAIRS,
  singles: SINGLES,
  pairCount: RUNS,
  singleCount: SINGLE_COUNT,
  size: SIZE,
  start: START,
  end: E,
  single: SINGLE,
};

/** Writes run [start, e) into the list it belongs to (_spa_test_run_lists_wasm.ts). */
const emit = (): number[] => [...writeRun(LISTS), ...keepRun(LISTS, i32Const(1))];

/** marks[pos] += delta, at marks + 4 pos (uses local markAt). */
const mark = (pos: number, delta: number): number[] => [
  ...wordAddress(MARKS, pos),
  ...tee(MARK_AT),
  ...get(MARK_AT),
  ...i32Load(0),
  ...i32Const(delta),
  I32_ADD,
  ...i32Store(0),
];

/** Marks run [start, e): marks[start] += 1, marks[e] -= 1; runs += 1. */
const emitMarks = (): number[] => [...mark(START, 1), ...mark(E, -1), ...addTo(RUNS, 1)];

/** The end of resample: stores the index and the count of one-row runs; returns the pair count. */
const endLists = (): number[] => [
  ...get(STATE),
  ...get(MTI),
  ...i32Store(INDEX_AT),
  ...get(STATE),
  ...get(SINGLE_COUNT),
  ...i32Store(SINGLES_AT),
  ...get(RUNS),
];

/** The end of resampleMarks: stores the index; returns the run count. */
const endMarks = (): number[] => [...get(STATE), ...get(MTI), ...i32Store(INDEX_AT), ...get(RUNS)];

/**
 * The draw loop, each run written by `emit` and the function ended by `end`: resample(state, n, below, maxOk,
 * pairs, singles) -> pair count (function 1) with emit and endLists; resampleMarks(state, n, below, maxOk,
 * marks, 0) -> run count (function 2) with emitMarks and endMarks.
 */
function resampleBody(emit: () => number[], end: () => number[]): number[] {
  const code = [
    ...get(STATE), // mti = the stored index
    ...i32Load(INDEX_AT),
    ...set(MTI),
    ...position(), // start = i = position()
    ...tee(START),
    ...set(I),
    ...i32Const(1),
    ...set(T),
    ...BLOCK, // for t = 1 .. n - 1
    ...get(T),
    ...get(SIZE),
    I32_GE_U,
    BR_IF,
    0,
    ...LOOP,
    ...word(), // if f64(word) < below: a restart
    ...get(Y),
    F64_CONVERT_I32_U,
    ...get(BELOW),
    F64_LT,
    ...IF,
    ...get(I), // run [start, i + 1); start = i = position()
    ...i32Const(1),
    I32_ADD,
    ...set(E),
    ...emit(),
    ...position(),
    ...tee(START),
    ...set(I),
    ELSE,
    ...get(I), // else if ++i == n: run [start, n); start = i = 0
    ...i32Const(1),
    I32_ADD,
    ...tee(I),
    ...get(SIZE),
    I32_EQ,
    ...IF,
    ...get(SIZE),
    ...set(E),
    ...emit(),
    ...i32Const(0),
    ...tee(START),
    ...set(I),
    END,
    END,
    ...get(T),
    ...i32Const(1),
    I32_ADD,
    ...tee(T),
    ...get(SIZE),
    I32_LT_U,
    BR_IF,
    0,
    END,
    END,
    ...get(I), // the last run [start, i + 1)
    ...i32Const(1),
    I32_ADD,
    ...set(E),
    ...emit(),
    ...end(),
    END,
  ];
  return body([[10, I32]], code);
}

/**
 * The module's bytes: refill (i32) -> (), resample and resampleMarks (i32 i32 f64 i32 i32 i32) -> i32, memory
 * import env.mem.
 */
export function drawsModuleBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    ...HEADER,
    ...section(1, [2, 0x60, 1, I32, 0, 0x60, 6, I32, I32, F64, I32, I32, I32, 1, I32]),
    ...MEMORY_IMPORT,
    ...section(3, [3, 0, 1, 1]),
    ...section(7, [2, ...ascii("resample"), 0, 1, ...ascii("resampleMarks"), 0, 2]),
    ...section(10, [3, ...refillBody(), ...resampleBody(emit, endLists), ...resampleBody(emitMarks, endMarks)]),
  ]);
}

/** An exported draw: see the file's head and resampleBody. */
export type Resample = (
  state: number,
  n: number,
  below: number,
  maxOk: number,
  pairs: number,
  singles: number,
) => number;

let compiled: object | undefined;

/** `resample` and `resampleMarks` over `memory` (the module is compiled once per process). */
export function resamplesOver(memory: WasmMemory): { lists: Resample; marks: Resample } {
  compiled ??= compile(drawsModuleBytes());
  const exports = exportsOver(compiled, memory);
  return { lists: exports.resample as Resample, marks: exports.resampleMarks as Resample };
}
