// The SPA bootstrap's inner loop as WebAssembly SIMD functions, assembled here from named opcodes (this
// file is its source; comments give the steps in WebAssembly text terms). The export `runs<L>` for
// L = 1..MAX_LANES: `runs<L>(sums, pairs, count, base, rowBytes)` adds to the 2 L doubles at `sums` the
// differences plus - minus of `count` runs, each run a pair of i32 row numbers (plus, minus) at `pairs`,
// the rows at base + row x rowBytes; the 2 L sums stay in L registers (f64x2) across all the runs:
// sums[j] = ((sums[j] + (p0[j] - m0[j])) + (p1[j] - m1[j])) + ..., the same IEEE additions in the same
// order as a scalar loop. Memory is imported as env.mem.

/** Lane pairs of the widest function: 16 sums (a column block of the run table) in 8 registers. */
export const MAX_LANES = 8;

/** Unsigned LEB128 (indices, sizes, memarg fields, SIMD opcodes). */
function uleb(x: number): number[] {
  const out: number[] = [];
  do {
    const b = x & 0x7f;
    x >>>= 7;
    out.push(x ? b | 0x80 : b);
  } while (x);
  return out;
}

/** Signed LEB128 (i32.const immediates), for 0 <= x < 2^31. */
function sleb(x: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = x & 0x7f;
    x >>= 7;
    if (x === 0 && !(b & 0x40)) return [...out, b];
    out.push(b | 0x80);
  }
}

/** A name: its length, then its (ASCII) bytes. */
const ascii = (s: string) => [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];

const I32 = 0x7f;
const V128 = 0x7b;
const get = (i: number) => [0x20, i];
const set = (i: number) => [0x21, i];
const tee = (i: number) => [0x22, i];
const i32Const = (x: number) => [0x41, ...sleb(x)];
const I32_ADD = 0x6a;
const I32_SUB = 0x6b;
const I32_MUL = 0x6c;
const I32_EQZ = 0x45;
const BR_IF = 0x0d;
const BLOCK = [0x02, 0x40];
const LOOP = [0x03, 0x40];
const END = 0x0b;
/** i32.load align=4 offset=`offset`. */
const i32Load = (offset: number) => [0x28, 2, ...uleb(offset)];
/** v128.load / v128.store align=8 offset=`offset` (rows are 8-byte aligned). */
const v128Load = (offset: number) => [0xfd, ...uleb(0), 3, ...uleb(offset)];
const v128Store = (offset: number) => [0xfd, ...uleb(11), 3, ...uleb(offset)];
const F64X2_ADD = [0xfd, ...uleb(240)];
const F64X2_SUB = [0xfd, ...uleb(241)];

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
    ...get(pairs), // pairs += 8; continue while --count
    ...i32Const(8),
    I32_ADD,
    ...set(pairs),
    ...get(count),
    ...i32Const(1),
    I32_SUB,
    ...tee(count),
    BR_IF,
    0,
    END,
    END,
    ...each((l) => [...get(sums), ...get(acc(l)), ...v128Store(16 * l)]), // v128.store(sums + 16 l, acc_l)
    END,
  ];
  const body = [2, 2, I32, lanes, V128, ...code];
  return [...uleb(body.length), ...body];
}

const name = (lanes: number) => `runs${lanes}`;

/** The module's bytes: type (i32 x 5) -> (), memory import env.mem, exports runs1..runs<MAX_LANES>. */
export function runsModuleBytes(): Uint8Array<ArrayBuffer> {
  const lanes = Array.from({ length: MAX_LANES }, (_, i) => i + 1);
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 0]),
    ...section(2, [1, ...ascii("env"), ...ascii("mem"), 2, 0, 0]),
    ...section(3, [MAX_LANES, ...lanes.map(() => 0)]),
    ...section(7, [MAX_LANES, ...lanes.flatMap((l) => [...ascii(name(l)), 0, l - 1])]),
    ...section(10, [MAX_LANES, ...lanes.flatMap((l) => runsBody(l))]),
  ]);
}

/** A WebAssembly memory: its bytes (never grown here, so views of `buffer` stay valid). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}

/** The part of the WebAssembly API used here (not every type library the project builds with declares it). */
interface WasmApi {
  Module: new (bytes: Uint8Array<ArrayBuffer>) => object;
  Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number }) => WasmMemory;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** A memory of at least `bytes` bytes, in 64 KiB pages. */
export const memoryOf = (bytes: number): WasmMemory => new wasm.Memory({ initial: Math.ceil(bytes / 65536) });

let compiled: object | undefined;

/** An exported loop: see the file's head. */
export type Runs = (sums: number, pairs: number, count: number, base: number, rowBytes: number) => void;

/** runs<L> over `memory` for L = 1..MAX_LANES, at index L - 1 (the module is compiled once per process). */
export function runsOver(memory: WasmMemory): readonly Runs[] {
  compiled ??= new wasm.Module(runsModuleBytes());
  const instance = new wasm.Instance(compiled, { env: { mem: memory } });
  return Array.from({ length: MAX_LANES }, (_, i) => instance.exports[name(i + 1)] as Runs);
}
