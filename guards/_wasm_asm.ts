// A small WebAssembly assembler for the hand-written loops of the guards (the SPA test's run sums and index
// draws): LEB128 numbers, sections, named opcodes, and the part of the WebAssembly API they use. Each
// opcode is a function or constant named as in the WebAssembly text format.

/** Unsigned LEB128 (indices, sizes, memarg fields, SIMD opcodes). */
export function uleb(x: number): number[] {
  const out: number[] = [];
  do {
    const b = x & 0x7f;
    x >>>= 7;
    out.push(x ? b | 0x80 : b);
  } while (x);
  return out;
}

/** Signed LEB128 of a 32-bit integer (i32.const immediates; -2^31 <= x < 2^32, taken mod 2^32 as signed). */
export function sleb(x: number): number[] {
  let v = x | 0;
  const out: number[] = [];
  for (;;) {
    const b = v & 0x7f;
    v >>= 7;
    if ((v === 0 && !(b & 0x40)) || (v === -1 && b & 0x40)) return [...out, b];
    out.push(b | 0x80);
  }
}

/** A name: its length, then its (ASCII) bytes. */
export const ascii = (s: string) => [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
export const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
/** The module header: magic and version 1. */
export const HEADER = [0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0];
/** Pages of the largest memory (4 GiB): the maximum a shared memory import must state. */
const MAX_PAGES = 65536;
/** The import section entry of the shared memory env.mem (minimum 0 pages, maximum MAX_PAGES). */
export const MEMORY_IMPORT = section(2, [1, ...ascii("env"), ...ascii("mem"), 2, 3, 0, ...uleb(MAX_PAGES)]);

export const I32 = 0x7f;
export const F64 = 0x7c;
export const V128 = 0x7b;
export const get = (i: number) => [0x20, i];
export const set = (i: number) => [0x21, i];
export const tee = (i: number) => [0x22, i];
export const call = (f: number) => [0x10, ...uleb(f)];
export const i32Const = (x: number) => [0x41, ...sleb(x)];
/** local i += by (i32). */
export const addTo = (i: number, by: number) => [...get(i), ...i32Const(by), I32_ADD, ...set(i)];
/** The address of i32 number `index` (a local) of the list at address `base` (a local): base + 4 index. */
export const wordAddress = (base: number, index: number) => [
  ...get(base),
  ...get(index),
  ...i32Const(2),
  I32_SHL,
  I32_ADD,
];
/** --count (an i32 local); branches to the enclosing loop (depth 0) while it is not zero. */
export const countDown = (count: number) => [...get(count), ...i32Const(1), I32_SUB, ...tee(count), BR_IF, 0];
export const I32_EQZ = 0x45;
export const I32_EQ = 0x46;
export const I32_LT_U = 0x49;
export const I32_GT_S = 0x4a;
export const I32_GT_U = 0x4b;
export const I32_LE_S = 0x4c;
export const I32_LE_U = 0x4d;
export const I32_GE_U = 0x4f;
export const I32_ADD = 0x6a;
export const I32_SUB = 0x6b;
export const I32_MUL = 0x6c;
export const I32_REM_U = 0x70;
export const I32_AND = 0x71;
export const I32_OR = 0x72;
export const I32_XOR = 0x73;
export const I32_SHL = 0x74;
export const I32_SHR_U = 0x76;
export const F64_LT = 0x63;
export const F64_CONVERT_I32_U = 0xb8;
export const SELECT = 0x1b;
export const BR = 0x0c;
export const BR_IF = 0x0d;
export const BLOCK = [0x02, 0x40];
export const LOOP = [0x03, 0x40];
export const IF = [0x04, 0x40];
export const ELSE = 0x05;
export const END = 0x0b;
/** i32.load / i32.store align=4 offset=`offset`. */
export const i32Load = (offset: number) => [0x28, 2, ...uleb(offset)];
export const i32Store = (offset: number) => [0x36, 2, ...uleb(offset)];
/** v128.load / v128.store align=8 offset=`offset` (rows are 8-byte aligned). */
export const v128Load = (offset: number) => [0xfd, ...uleb(0), 3, ...uleb(offset)];
export const v128Store = (offset: number) => [0xfd, ...uleb(11), 3, ...uleb(offset)];
/** f64.load align=8 offset=`offset`. */
export const f64Load = (offset: number) => [0x2b, 3, ...uleb(offset)];
export const F64X2_SPLAT = [0xfd, ...uleb(20)];
export const I32X4_SPLAT = [0xfd, ...uleb(17)];
export const V128_AND = [0xfd, ...uleb(78)];
export const V128_OR = [0xfd, ...uleb(80)];
export const V128_XOR = [0xfd, ...uleb(81)];
export const I32X4_NEG = [0xfd, ...uleb(161)];
export const I32X4_SHL = [0xfd, ...uleb(171)];
export const I32X4_SHR_U = [0xfd, ...uleb(173)];
export const F64X2_MUL = [0xfd, ...uleb(242)];
export const F64X2_ADD = [0xfd, ...uleb(240)];
export const F64X2_SUB = [0xfd, ...uleb(241)];

/** A function body: its local groups ([count, type] pairs) and code (ending in END), length-prefixed. */
export function body(locals: readonly (readonly [number, number])[], code: readonly number[]): number[] {
  const b = [...uleb(locals.length), ...locals.flatMap(([count, type]) => [...uleb(count), type]), ...code];
  return [...uleb(b.length), ...b];
}

/** A shared WebAssembly memory: its bytes (never grown here, so views of `buffer` stay valid). */
export interface WasmMemory {
  readonly buffer: SharedArrayBuffer;
}

/** The part of the WebAssembly API used here (not every type library the project builds with declares it). */
interface WasmApi {
  Module: new (bytes: Uint8Array<ArrayBuffer>) => object;
  Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number; maximum: number; shared: true }) => WasmMemory;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/**
 * A shared memory of at least `bytes` bytes, in 64 KiB pages (shared, so a second thread can work on the same
 * table: see _spa_test_helper.ts).
 */
export function memoryOf(bytes: number): WasmMemory {
  const pages = Math.ceil(bytes / 65536);
  return new wasm.Memory({ initial: pages, maximum: pages, shared: true });
}

/** A compiled module (compile once per process and keep it). */
export const compile = (bytes: Uint8Array<ArrayBuffer>): object => new wasm.Module(bytes);

/** The exports of `module` instantiated over `memory` (imported as env.mem). */
export function exportsOver(module: object, memory: WasmMemory): Record<string, unknown> {
  return new wasm.Instance(module, { env: { mem: memory } }).exports;
}
