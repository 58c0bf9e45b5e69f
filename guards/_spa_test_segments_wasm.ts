// A resample's runs merged into the fewest row differences, as a WebAssembly function assembled here from
// named opcodes (comments give the steps in WebAssembly text terms). A resample's sum over its runs is
// sum_t c_t x_t, c_t the times position t was drawn; the runs' marks (+1 at each start, -1 at each end, an
// i32 per position 0..n at `marks`) give c_t as their running sum. The function cuts c into layers: layer
// L is each stretch of positions with c_t >= L, and the stretches of every layer add up to c. A stretch
// [s, e) is written as the run sums read a run (_spa_test_run_sums.ts): two rows or more as the prefix rows
// (e, s) at `pairs`, one row as its row n + 1 + s at `singles`. Two runs that meet ([a, b) then [b, c)) or
// overlap are fewer stretches than runs: at block 3, about 0.74 times the rows to read (docs/performance.md).
// Export `segments(marks, stack, n, pairs, singles) -> pair count`: reads and zeroes marks[0..n]; the count
// of singles is stored at `stack`. The open stretches' starts are kept on a stack of i32s after `stack`
// (room for n + 1 entries besides the entry at `stack`); a stretch ends, topmost first, where c falls.
// Marks of -1, 0 or +1 take a path without a branch on their value (it writes a candidate stretch and a
// candidate push every time, then advances the lists and the stack by what the mark says); other marks loop.
import {
  ascii,
  BLOCK,
  body,
  BR,
  BR_IF,
  compile,
  ELSE,
  END,
  exportsOver,
  get,
  HEADER,
  I32,
  I32_ADD,
  I32_EQ,
  I32_GT_S,
  I32_GT_U,
  I32_LE_U,
  I32_SHL,
  i32Const,
  i32Load,
  i32Store,
  IF,
  LOOP,
  MEMORY_IMPORT,
  section,
  set,
  tee,
  addTo,
  type WasmMemory,
  wordAddress,
} from "./_wasm_asm.js";
import { keepRun, type RunListLocals, writeRun } from "./_spa_test_run_lists_wasm.js";

/** Params marks, stack, n, pairs, singles; locals. TOP: byte offset of the topmost start (0: none open). */
const [MARKS, STACK, SIZE, PAIRS, SINGLES, X, MARK, TOP, START, SINGLE, PAIR_COUNT, SINGLE_COUNT, AT] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
];

/** start = the topmost open start: i32.load(stack + top). */
const topStart = () => [...get(STACK), ...get(TOP), I32_ADD, ...i32Load(0), ...set(START)];

/** The pass's locals as the run lists name them: a stretch [start, x). */
const LISTS: RunListLocals = {
  pairs: PAIRS,
  singles: SINGLES,
  pairCount: PAIR_COUNT,
  singleCount: SINGLE_COUNT,
  size: SIZE,
  start: START,
  end: X,
  single: SINGLE,
};

/** mark += by; continues the enclosing loop while mark is not 0. */
const stepMark = (by: number) => [...get(MARK), ...i32Const(by), I32_ADD, ...tee(MARK), BR_IF, 0];

/** A mark of -1, 0 or +1: a candidate stretch from the top start, a candidate push of x, both kept as it says. */
const smallMark = () => [
  ...topStart(),
  ...get(STACK), // i32.store(stack + top + 4, x)
  ...get(TOP),
  I32_ADD,
  ...get(X),
  ...i32Store(4),
  ...writeRun(LISTS),
  ...keepRun(LISTS, [...get(MARK), ...i32Const(-1), I32_EQ]), // kept when mark == -1
  ...get(TOP), // top += 4 mark
  ...get(MARK),
  ...i32Const(2),
  I32_SHL,
  I32_ADD,
  ...set(TOP),
];

/** Any other mark: pushes x mark times, or ends -mark stretches, topmost first. */
const largeMark = () => [
  ...get(MARK), // if mark > 0 (signed)
  ...i32Const(0),
  I32_GT_S,
  ...IF,
  ...LOOP, // push: top += 4; i32.store(stack + top, x); while --mark
  ...addTo(TOP, 4),
  ...get(STACK),
  ...get(TOP),
  I32_ADD,
  ...get(X),
  ...i32Store(0),
  ...stepMark(-1),
  END,
  ELSE, // else: end -mark stretches, topmost first (top -= 4); while ++mark
  ...LOOP,
  ...topStart(),
  ...writeRun(LISTS),
  ...keepRun(LISTS, i32Const(1)),
  ...addTo(TOP, -4),
  ...stepMark(1),
  END,
  END,
];

/** segments(marks, stack, n, pairs, singles) -> pair count (function 0). */
function segmentsBody(): number[] {
  const code = [
    ...LOOP, // for x = 0 .. n
    ...wordAddress(MARKS, X), // at = marks + 4 x; mark = i32.load(at); i32.store(at, 0)
    ...tee(AT),
    ...i32Load(0),
    ...set(MARK),
    ...get(AT),
    ...i32Const(0),
    ...i32Store(0),
    ...BLOCK,
    ...BLOCK,
    ...get(MARK), // if (mark + 1) as unsigned > 2: a large mark
    ...i32Const(1),
    I32_ADD,
    ...i32Const(2),
    I32_GT_U,
    BR_IF,
    0,
    ...smallMark(),
    BR,
    1,
    END,
    ...largeMark(),
    END,
    ...get(X), // while ++x <= n
    ...i32Const(1),
    I32_ADD,
    ...tee(X),
    ...get(SIZE),
    I32_LE_U,
    BR_IF,
    0,
    END,
    ...get(STACK), // i32.store(stack, single count); return the pair count
    ...get(SINGLE_COUNT),
    ...i32Store(0),
    ...get(PAIR_COUNT),
    END,
  ];
  return body([[8, I32]], code);
}

/** The module's bytes: segments (i32 x 5) -> i32, memory import env.mem. */
export function segmentsModuleBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    ...HEADER,
    ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 1, I32]),
    ...MEMORY_IMPORT,
    ...section(3, [1, 0]),
    ...section(7, [1, ...ascii("segments"), 0, 0]),
    ...section(10, [1, ...segmentsBody()]),
  ]);
}

/** The exported function: see the file's head. */
export type Segments = (marks: number, stack: number, n: number, pairs: number, singles: number) => number;

let compiled: object | undefined;

/** `segments` over `memory` (the module is compiled once per process). */
export function segmentsOver(memory: WasmMemory): Segments {
  compiled ??= compile(segmentsModuleBytes());
  return exportsOver(compiled, memory).segments as Segments;
}
