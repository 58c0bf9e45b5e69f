// The Politis-White block length's autocovariances (src/lib/bootstrap.ts, politisWhiteBlockLength) with
// sixteen lags per pass over t in a WebAssembly SIMD loop, assembled here from named opcodes (comments give
// the steps in WebAssembly text terms): `lags16(e, n, j, out)` sets the 16 doubles at `out` to
// s_i = sum over t ascending, t + j + 15 < n, of e_t e_{t+j+i} (the doubles e_0..e_{n-1} at `e`), two lags
// per instruction; each s_i is a product added per t in t order, so LagSums.autocovariances returns bit for
// bit what the library's autocovariances does.
import { autocovariances } from "../src/lib/bootstrap.js";
import {
  ascii,
  BLOCK,
  body,
  BR_IF,
  compile,
  END,
  exportsOver,
  F64X2_ADD,
  F64X2_MUL,
  F64X2_SPLAT,
  f64Load,
  get,
  HEADER,
  I32,
  I32_ADD,
  I32_LE_S,
  I32_SUB,
  i32Const,
  LOOP,
  MEMORY_IMPORT,
  memoryOf,
  section,
  set,
  V128,
  v128Load,
  v128Store,
  addTo,
  countDown,
  type WasmMemory,
} from "./_wasm_asm.js";

/** Lags per pass. */
const LAGS = 16;

/** Body of lags16: params e 0, n 1, j 2, out 3; locals count 4, p 5, q 6, a 7 (v128), acc_l 8 + l (v128). */
function lagsBody(): number[] {
  const [e, n, j, out, count, p, q, a] = [0, 1, 2, 3, 4, 5, 6, 7];
  const acc = (l: number) => 8 + l;
  const each = (f: (l: number) => number[]) => Array.from({ length: LAGS / 2 }, (_, l) => f(l)).flat();
  const code = [
    ...get(n), // count = n - j - 15 terms; p = e; q = e + 8 j
    ...get(j),
    I32_SUB,
    ...i32Const(LAGS - 1),
    I32_SUB,
    ...set(count),
    ...get(e),
    ...set(p),
    ...get(e),
    ...get(j),
    ...i32Const(8),
    0x6c, // i32.mul
    I32_ADD,
    ...set(q),
    ...BLOCK, // if count <= 0: no terms
    ...get(count),
    ...i32Const(0),
    I32_LE_S,
    BR_IF,
    0,
    ...LOOP, // per t: a = f64x2.splat(f64.load(p)); acc_l += a * v128.load(q + 16 l)
    ...get(p),
    ...f64Load(0),
    ...F64X2_SPLAT,
    ...set(a),
    ...each((l) => [
      ...get(acc(l)),
      ...get(a),
      ...get(q),
      ...v128Load(16 * l),
      ...F64X2_MUL,
      ...F64X2_ADD,
      ...set(acc(l)),
    ]),
    ...addTo(p, 8), // p += 8; q += 8; continue while --count
    ...addTo(q, 8),
    ...countDown(count),
    END,
    END,
    ...each((l) => [...get(out), ...get(acc(l)), ...v128Store(16 * l)]), // v128.store(out + 16 l, acc_l)
    END,
  ];
  return body(
    [
      [3, I32],
      [1 + LAGS / 2, V128],
    ],
    code,
  );
}

/** The module's bytes: lags16 (i32 i32 i32 i32) -> (), memory import env.mem. */
export function lagsModuleBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    ...HEADER,
    ...section(1, [1, 0x60, 4, I32, I32, I32, I32, 0]),
    ...MEMORY_IMPORT,
    ...section(3, [1, 0]),
    ...section(7, [1, ...ascii("lags16"), 0, 0]),
    ...section(10, [1, ...lagsBody()]),
  ]);
}

let compiled: object | undefined;

/**
 * Steps of the SIMD loop in this process (each adds one t's products into two lags' sums): the
 * operation-count tests add it to V8's coverage counts, which do not see inside WebAssembly.
 */
export const lagSteps = { count: 0 };

/** Autocovariances of series of length n, sixteen lags per pass in WebAssembly (the values copied in). */
export class LagSums {
  /** The memory the SIMD loop reads; e in it is read in place, other e is copied to `x` first. */
  private readonly memory: WasmMemory;
  private readonly x: Float64Array | null;
  private readonly outAt: number;
  private readonly out: Float64Array;
  private readonly lags16: (e: number, n: number, j: number, out: number) => void;

  /**
   * Over a memory of its own (n doubles for e, then its output), or over `memory` with LAGS_OUT_BYTES free at
   * byte `outAt`: then e passed as a view of `memory` is read where it is, without a copy (and other e by the
   * library's autocovariances).
   */
  constructor(
    private readonly n: number,
    memory?: WasmMemory,
    outAt = 0,
  ) {
    this.memory = memory ?? memoryOf(8 * (n + LAGS));
    this.x = memory === undefined ? new Float64Array(this.memory.buffer, 0, n) : null;
    this.outAt = memory === undefined ? 8 * n : outAt;
    this.out = new Float64Array(this.memory.buffer, this.outAt, LAGS);
    compiled ??= compile(lagsModuleBytes());
    this.lags16 = exportsOver(compiled, this.memory).lags16 as LagSums["lags16"];
  }

  /** R(0..maxLag) with divisor n of demeaned `e` (n long): the library's autocovariances, bit for bit. */
  readonly autocovariances = (e: Float64Array, maxLag: number): Float64Array => {
    const { n, x } = this;
    let values = e;
    if (e.buffer !== this.memory.buffer) {
      // e elsewhere: copied into a memory of its own, or (over a caller's memory) the library's loop, same bits.
      if (x === null) return autocovariances(e, maxLag);
      x.set(e);
      values = x;
    }
    const r = new Float64Array(maxLag + 1);
    const last = Math.min(maxLag, n - 1);
    if (last < LAGS - 1) {
      for (let j = 0; j <= last; j++) r[j] = lagSum(values, j, 0, 0) / n;
      return r;
    }
    // Passes of 16 lags from 0; the last pass ends at lag `last`, recomputing lags of the one before it (each
    // lag's sum is the same terms in the same order whichever pass computes it).
    for (let j = 0; j <= last; j += LAGS) this.pass(values, Math.min(j, last - (LAGS - 1)), r);
    return r;
  };

  /** R(j..j + 15) of `values` (in the memory) into r: lags16, then each lag's remaining terms in t order. */
  private pass(values: Float64Array, j: number, r: Float64Array): void {
    const { n, out } = this;
    this.lags16(values.byteOffset, n, j, this.outAt);
    lagSteps.count += (Math.max(0, n - j - (LAGS - 1)) * LAGS) / 2;
    // From t = n - j - 15 on, lag j + 15 has no partner left; each lag adds its remaining terms in t order.
    const from = Math.max(0, n - j - (LAGS - 1));
    for (let i = 0; i < LAGS; i++) r[j + i] = lagSum(values, j + i, from, out[i]!) / n;
  }
}

/** Bytes a LagSums over a caller's memory needs free for its output. */
export const LAGS_OUT_BYTES = 8 * LAGS;

/** s + sum over t >= from, t + j < n, ascending, of x_t x_{t+j}. */
function lagSum(x: Float64Array, j: number, from: number, s: number): number {
  for (let t = from; t + j < x.length; t++) s += x[t]! * x[t + j]!;
  return s;
}
