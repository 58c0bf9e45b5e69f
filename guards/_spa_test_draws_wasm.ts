// The SPA bootstrap's index draws as a WebAssembly function, assembled here from named opcodes (this file
// is its source; comments give the steps in WebAssembly text terms): the stationary bootstrap of
// src/lib/bootstrap.ts (StationaryBootstrap.nextRuns) on MT19937 (src/lib/prng.ts), the same words in the
// same order, writing each run straight as the row pair the run sums read (_spa_test_run_sums.ts).
// Export `resample(state, n, below, maxOk, pairs) -> runs`: MT19937's 624 words then its index at
// `state`; t = 0 draws a position, each t >= 1 one word x, a restart when x < below (below = q 2^32) with a
// fresh position, else the next row, a run ending also where the index wraps at n; a position is x mod n
// for the first word x <= maxOk (2^32 - (2^32 mod n) - 1). Run [s, e) is written at `pairs` as the rows
// (n + 1 + s, 2 n + 1) when e - s = 1 (its row minus the zero row), else (e, s) (two prefix rows).
import {
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
  I32_SHL,
  I32_SHR_U,
  I32_SUB,
  I32_XOR,
  i32Const,
  i32Load,
  i32Store,
  IF,
  LOOP,
  MEMORY_IMPORT,
  SELECT,
  section,
  set,
  tee,
  ascii,
  type WasmMemory,
} from "./_wasm_asm.js";

const N = 624;
const M = 397;
/** Byte offset of MT19937's word index after its 624 words. */
export const INDEX_AT = 4 * N;
/** Bytes of the generator's state: 624 words and the index. */
export const STATE_BYTES = INDEX_AT + 4;

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

/** twist(state): MT19937's state update in the reference's three ranges (function 0). */
function twistBody(): number[] {
  const [state, a, y, end] = [0, 1, 2, 3];
  // a += 4; continue while a < end
  const next = [...get(a), ...i32Const(4), I32_ADD, ...tee(a), ...get(end), I32_LT_U, BR_IF, 0];
  const code = [
    ...get(state), // k = 0 .. N - M - 1: far = mt[k + M]
    ...set(a),
    ...get(state),
    ...i32Const(4 * (N - M)),
    I32_ADD,
    ...set(end),
    ...LOOP,
    ...mixed(a, y, [...get(a), ...i32Load(4 * M)], [...get(a), ...i32Load(4)]),
    ...next,
    END,
    ...get(state), // k = N - M .. N - 2: far = mt[k + M - N]
    ...i32Const(4 * (N - 1)),
    I32_ADD,
    ...set(end),
    ...LOOP,
    ...mixed(a, y, [...get(a), ...i32Const(4 * (N - M)), I32_SUB, ...i32Load(0)], [...get(a), ...i32Load(4)]),
    ...next,
    END,
    // k = N - 1: far = mt[M - 1], next = mt[0]
    ...mixed(a, y, [...get(state), ...i32Load(4 * (M - 1))], [...get(state), ...i32Load(0)]),
    END,
  ];
  return body([[3, I32]], code);
}

/** resample's params and locals. */
const [STATE, SIZE, BELOW, MAX_OK, PAIRS, MTI, Y, START, I, T, RUNS, E] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/** y = the next tempered MT19937 word (a twist first when all 624 are used). */
const word = (): number[] => [
  ...get(MTI), // if mti >= N: twist(state); mti = 0
  ...i32Const(N),
  I32_GE_U,
  ...IF,
  ...get(STATE),
  ...call(0),
  ...i32Const(0),
  ...set(MTI),
  END,
  ...get(STATE), // y = mt[mti++]
  ...get(MTI),
  ...i32Const(2),
  I32_SHL,
  I32_ADD,
  ...i32Load(0),
  ...set(Y),
  ...get(MTI),
  ...i32Const(1),
  I32_ADD,
  ...set(MTI),
  ...temper(I32_SHR_U, 11, 0xffffffff),
  ...temper(I32_SHL, 7, 0x9d2c5680),
  ...temper(I32_SHL, 15, 0xefc60000),
  ...temper(I32_SHR_U, 18, 0xffffffff),
];

/** y ^= (y shift by) & mask. */
const temper = (shift: number, by: number, mask: number): number[] => [
  ...get(Y),
  ...get(Y),
  ...i32Const(by),
  shift,
  ...(mask === 0xffffffff ? [] : [...i32Const(mask), I32_AND]),
  I32_XOR,
  ...set(Y),
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

/** Writes run [start, e) as its row pair at `pairs`; pairs += 8, runs += 1. */
const emit = (): number[] => {
  const oneRow = [...get(E), ...get(START), I32_SUB, ...i32Const(1), I32_EQ];
  return [
    ...get(PAIRS), // plus = e - start == 1 ? n + 1 + start : e
    ...get(SIZE),
    ...i32Const(1),
    I32_ADD,
    ...get(START),
    I32_ADD,
    ...get(E),
    ...oneRow,
    SELECT,
    ...i32Store(0),
    ...get(PAIRS), // minus = e - start == 1 ? 2 n + 1 : start
    ...get(SIZE),
    ...i32Const(1),
    I32_SHL,
    ...i32Const(1),
    I32_ADD,
    ...get(START),
    ...oneRow,
    SELECT,
    ...i32Store(4),
    ...get(PAIRS),
    ...i32Const(8),
    I32_ADD,
    ...set(PAIRS),
    ...get(RUNS),
    ...i32Const(1),
    I32_ADD,
    ...set(RUNS),
  ];
};

/** resample(state, n, below, maxOk, pairs) -> runs (function 1). */
function resampleBody(): number[] {
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
    ...get(STATE), // store the index; return runs
    ...get(MTI),
    ...i32Store(INDEX_AT),
    ...get(RUNS),
    END,
  ];
  return body([[7, I32]], code);
}

/** The module's bytes: twist (i32) -> (), resample (i32 i32 f64 i32 i32) -> i32, memory import env.mem. */
export function drawsModuleBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    ...HEADER,
    ...section(1, [2, 0x60, 1, I32, 0, 0x60, 5, I32, I32, F64, I32, I32, 1, I32]),
    ...MEMORY_IMPORT,
    ...section(3, [2, 0, 1]),
    ...section(7, [1, ...ascii("resample"), 0, 1]),
    ...section(10, [2, ...twistBody(), ...resampleBody()]),
  ]);
}

/** The exported draw: see the file's head. */
export type Resample = (state: number, n: number, below: number, maxOk: number, pairs: number) => number;

let compiled: object | undefined;

/** `resample` over `memory` (the module is compiled once per process). */
export function resampleOver(memory: WasmMemory): Resample {
  compiled ??= compile(drawsModuleBytes());
  return exportsOver(compiled, memory).resample as Resample;
}
