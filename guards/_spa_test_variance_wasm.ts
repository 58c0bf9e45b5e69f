// The SPA test's stationary-bootstrap variances (src/lib/bootstrap.ts, stationaryBootstrapVariance) two
// candidates per f64x2 instruction, assembled here from named opcodes (comments give the steps in WebAssembly
// text terms). `pair(x, y, n, powers, out, a, an, nan)` runs the kernel's forward and backward recursions on
// the columns of n doubles at x and y as the two lanes of each vector (`pairs2` on two pairs at once, so that
// their chains of additions overlap); each lane's sums take the same additions and products in the same order
// as the scalar kernel, so the variances are the same bits.
import {
  addTo,
  body,
  compile,
  countDown,
  END,
  exportsOver,
  F64,
  F64X2_ADD,
  F64X2_MUL,
  F64X2_SPLAT,
  F64X2_SUB,
  get,
  HEADER,
  I32,
  I32_ADD,
  I32_SUB,
  i32Const,
  LOOP,
  MEMORY_IMPORT,
  type WasmMemory,
  section,
  set,
  uleb,
  V128,
  v128Load,
  v128Store,
  ascii,
} from "./_wasm_asm.js";

/** v128.load64_splat: both lanes the double at the address (+ offset). */
const load64Splat = (offset: number) => [0xfd, ...uleb(10), 3, ...uleb(offset)];
/** v128.load64_lane: the vector with lane `lane` replaced by the double at the address (+ offset). */
const load64Lane = (offset: number, lane: number) => [0xfd, ...uleb(87), 3, ...uleb(offset), lane];

/**
 * Body of the kernel over P pairs of columns: params x_q 2q, y_q 2q + 1 (q < P), then n, pw, out, a, an, nan;
 * locals count, w, px_q, py_q (i32), then A, AN, NAN and per pair g0, H, G, sH, sG, u, prev, nH (v128). The
 * powers at pw: for i = 1..n - 1, a^i twice then i a^i twice at pw + 32 i. Pair q's g0, sH, sG go to out + 48 q.
 */
function kernelBody(P: number): number[] {
  const [n, pw, out, a, an, nan] = [2 * P, 2 * P + 1, 2 * P + 2, 2 * P + 3, 2 * P + 4, 2 * P + 5];
  const L = 2 * P + 6;
  const [count, w] = [L, L + 1];
  const px = (q: number) => L + 2 + 2 * q;
  const py = (q: number) => L + 3 + 2 * q;
  const V = L + 2 + 2 * P;
  const [A, AN, NAN] = [V, V + 1, V + 2];
  /** A x (what `sum` pushes) - local `scale` x local `prev`, in f64x2 (the recursions' decayed sums). */
  const decayed = (scale: number, sum: number[], prev: number) => [
    ...get(A),
    ...sum,
    ...F64X2_MUL,
    ...get(scale),
    ...get(prev),
    ...F64X2_MUL,
    ...F64X2_SUB,
  ];
  const v = (q: number) => {
    const at = V + 3 + 8 * q;
    return { g0: at, H: at + 1, G: at + 2, sH: at + 3, sG: at + 4, u: at + 5, prev: at + 6, nH: at + 7 };
  };
  const pairs = (f: (q: number) => number[]) => Array.from({ length: P }, (_, q) => f(q)).flat();
  /** (x_t, y_t) of pair q from px_q and py_q + offset. */
  const pairAt = (q: number, offset: number) => [
    ...get(py(q)),
    ...get(px(q)),
    ...load64Splat(offset),
    ...load64Lane(offset, 1),
  ];
  /** local += f() */
  const addInto = (local: number, product: number[]) => [...get(local), ...product, ...F64X2_ADD, ...set(local)];
  const code = [
    ...get(a), // A, AN, NAN = splats of a, a^n, n a^n
    ...F64X2_SPLAT,
    ...set(A),
    ...get(an),
    ...F64X2_SPLAT,
    ...set(AN),
    ...get(nan),
    ...F64X2_SPLAT,
    ...set(NAN),
    ...pairs((q) => [...get(2 * q), ...set(px(q)), ...get(2 * q + 1), ...set(py(q))]), // px_q = x_q; py_q = y_q
    ...get(pw), // w = pw + 32; count = n - 1
    ...i32Const(32),
    I32_ADD,
    ...set(w),
    ...get(n),
    ...i32Const(1),
    I32_SUB,
    ...set(count),
    ...LOOP, // t = 0..n - 2: u = e_t; g0 += u u; H += a^(t+1) u; G += (t+1) a^(t+1) u
    ...pairs((q) => {
      const { g0, H, G, u } = v(q);
      return [
        ...pairAt(q, 0),
        ...set(u),
        ...addInto(g0, [...get(u), ...get(u), ...F64X2_MUL]),
        ...addInto(H, [...get(w), ...v128Load(0), ...get(u), ...F64X2_MUL]),
        ...addInto(G, [...get(w), ...v128Load(16), ...get(u), ...F64X2_MUL]),
        ...addTo(px(q), 8),
        ...addTo(py(q), 8),
      ];
    }),
    ...addTo(w, 32),
    ...countDown(count),
    END,
    ...pairs((q) => {
      const { g0, H, G, sH, sG, u } = v(q);
      return [
        ...pairAt(q, 0), // u = e_{n-1}; g0 += u u; sH = u H; sG = u G
        ...set(u),
        ...addInto(g0, [...get(u), ...get(u), ...F64X2_MUL]),
        ...get(u),
        ...get(H),
        ...F64X2_MUL,
        ...set(sH),
        ...get(u),
        ...get(G),
        ...F64X2_MUL,
        ...set(sG),
        ...addTo(px(q), -8), // px, py at t - 1 for t = n - 1 down to 1
        ...addTo(py(q), -8),
      ];
    }),
    ...get(n),
    ...i32Const(1),
    I32_SUB,
    ...set(count),
    ...LOOP, // u = e_t, prev = e_{t-1}: nH = A (u + H) - AN prev; G = A ((G + u) + H) - NAN prev; H = nH
    ...pairs((q) => {
      const { H, G, sH, sG, u, prev, nH } = v(q);
      return [
        ...pairAt(q, 8),
        ...set(u),
        ...pairAt(q, 0),
        ...set(prev),
        ...decayed(AN, [...get(u), ...get(H), ...F64X2_ADD], prev),
        ...set(nH),
        ...decayed(NAN, [...get(G), ...get(u), ...F64X2_ADD, ...get(H), ...F64X2_ADD], prev),
        ...set(G),
        ...get(nH),
        ...set(H),
        ...addInto(sH, [...get(prev), ...get(H), ...F64X2_MUL]), // sH += prev H; sG += prev G
        ...addInto(sG, [...get(prev), ...get(G), ...F64X2_MUL]),
        ...addTo(px(q), -8),
        ...addTo(py(q), -8),
      ];
    }),
    ...countDown(count),
    END,
    ...pairs((q) => {
      const { g0, sH, sG } = v(q);
      return [...[g0, sH, sG].flatMap((local, i) => [...get(out), ...get(local), ...v128Store(48 * q + 16 * i)])];
    }),
    END,
  ];
  return body(
    [
      [2 + 2 * P, I32],
      [3 + 8 * P, V128],
    ],
    code,
  );
}

/** The module's bytes: pair (one pair of columns) and pairs2 (two), params (i32 x 2P, i32 x 3, f64 x 3). */
export function varianceModuleBytes(): Uint8Array<ArrayBuffer> {
  const type = (P: number) => [0x60, 2 * P + 6, ...Array(2 * P + 3).fill(I32), F64, F64, F64, 0];
  return new Uint8Array([
    ...HEADER,
    ...section(1, [2, ...type(1), ...type(2)]),
    ...MEMORY_IMPORT,
    ...section(3, [2, 0, 1]),
    ...section(7, [2, ...ascii("pair"), 0, 0, ...ascii("pairs2"), 0, 1]),
    ...section(10, [2, ...kernelBody(1), ...kernelBody(2)]),
  ]);
}

let compiled: object | undefined;

/**
 * Steps of the SIMD loops in this process (each one t of one pair of columns, forward or backward): the
 * operation-count tests add it to V8's coverage counts, which do not see inside WebAssembly.
 */
export const varianceSteps = { count: 0 };

type Pair = (x: number, y: number, n: number, pw: number, out: number, a: number, an: number, nan: number) => void;
type Pairs2 = (
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  n: number,
  pw: number,
  out: number,
  a: number,
  an: number,
  nan: number,
) => void;

/** The kernel over `memory`: one pair of columns, or two at once (their chains overlap in the CPU). */
export function varianceKernelOver(memory: WasmMemory): { pair: Pair; pairs2: Pairs2 } {
  compiled ??= compile(varianceModuleBytes());
  const exports = exportsOver(compiled, memory);
  return { pair: exports.pair as Pair, pairs2: exports.pairs2 as Pairs2 };
}
