// The SPA bootstrap's inner loop as a WebAssembly SIMD function, assembled here from named opcodes (this
// file is its source; comments give the steps in WebAssembly text terms). The export
// `groups(sums, bytes, pairs, count)`: for `count` groups of GROUP runs, each run a pair of i32 byte
// addresses (plus, minus) at `pairs`, adds to the f64 vector at `sums` (`bytes` long, a positive multiple
// of 16) the differences plus - minus of the runs in order, two lanes at a time:
// sums[j] = ((sums[j] + (p0[j] - m0[j])) + (p1[j] - m1[j])) + ..., the same IEEE additions in the same
// order as a scalar loop. Memory is imported as env.mem.

/** Runs per group (one load and store of each sums lane per group). */
export const GROUP = 8;

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
const I32_LT_U = 0x49;
const I32_EQZ = 0x45;
const BR_IF = 0x0d;
const BLOCK = [0x02, 0x40];
const LOOP = [0x03, 0x40];
const END = 0x0b;
/** i32.load align=4 offset=`offset`. */
const i32Load = (offset: number) => [0x28, 2, ...uleb(offset)];
/** v128.load / v128.store align=8 offset=0 (rows are 8-byte aligned). */
const V128_LOAD = [0xfd, ...uleb(0), 3, 0];
const V128_STORE = [0xfd, ...uleb(11), 3, 0];
const F64X2_ADD = [0xfd, ...uleb(240)];
const F64X2_SUB = [0xfd, ...uleb(241)];

/** The function body: params sums 0, bytes 1, pairs 2, count 3; locals plus_i, minus_i, offset, acc. */
function groupsBody(): number[] {
  const plus = (i: number) => 4 + i;
  const minus = (i: number) => 4 + GROUP + i;
  const off = 4 + 2 * GROUP;
  const acc = off + 1;
  const lane = (i: number) => [
    // acc = f64x2.add(acc, f64x2.sub(v128.load(plus_i + off), v128.load(minus_i + off)))
    ...get(acc),
    ...get(plus(i)),
    ...get(off),
    I32_ADD,
    ...V128_LOAD,
    ...get(minus(i)),
    ...get(off),
    I32_ADD,
    ...V128_LOAD,
    ...F64X2_SUB,
    ...F64X2_ADD,
    ...set(acc),
  ];
  const loadPair = (i: number) => [
    ...get(2),
    ...i32Load(8 * i),
    ...set(plus(i)),
    ...get(2),
    ...i32Load(8 * i + 4),
    ...set(minus(i)),
  ];
  const locals = [2, ...uleb(2 * GROUP + 1), I32, 1, V128];
  const code = [
    ...BLOCK, // if count == 0: return
    ...get(3),
    I32_EQZ,
    BR_IF,
    0,
    ...LOOP, // per group
    ...Array.from({ length: GROUP }, (_, i) => loadPair(i)).flat(),
    ...i32Const(0),
    ...set(off),
    ...LOOP, // per two lanes: acc = v128.load(sums + off); the GROUP runs; v128.store(sums + off, acc)
    ...get(0),
    ...get(off),
    I32_ADD,
    ...V128_LOAD,
    ...set(acc),
    ...Array.from({ length: GROUP }, (_, i) => lane(i)).flat(),
    ...get(0),
    ...get(off),
    I32_ADD,
    ...get(acc),
    ...V128_STORE,
    ...get(off), // off += 16; continue while off < bytes
    ...i32Const(16),
    I32_ADD,
    ...tee(off),
    ...get(1),
    I32_LT_U,
    BR_IF,
    0,
    END,
    ...get(2), // pairs += 8 GROUP; continue while --count
    ...i32Const(8 * GROUP),
    I32_ADD,
    ...set(2),
    ...get(3),
    ...i32Const(1),
    I32_SUB,
    ...tee(3),
    BR_IF,
    0,
    END,
    END,
    END,
  ];
  const body = [...locals, ...code];
  return [...uleb(body.length), ...body];
}

/** The module's bytes: type (i32 i32 i32 i32) -> (), memory import env.mem, export "groups". */
export function groupsModuleBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...section(1, [1, 0x60, 4, I32, I32, I32, I32, 0]),
    ...section(2, [1, ...ascii("env"), ...ascii("mem"), 2, 0, 0]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...ascii("groups"), 0, 0]),
    ...section(10, [1, ...groupsBody()]),
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

/** `groups` over `memory` (the module is compiled once per process). */
export function groupsOver(memory: WasmMemory): (sums: number, bytes: number, pairs: number, count: number) => void {
  compiled ??= new wasm.Module(groupsModuleBytes());
  const instance = new wasm.Instance(compiled, { env: { mem: memory } });
  return instance.exports.groups as (sums: number, bytes: number, pairs: number, count: number) => void;
}
