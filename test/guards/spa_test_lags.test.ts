import { describe, expect, it } from "vitest";
import { Mt19937 } from "../../src/lib/prng.js";
import { autocovariances, politisWhiteBlockLength, politisWhiteOfDemeaned } from "../../src/lib/bootstrap.js";
import { LAGS_OUT_BYTES, LagSums } from "../../guards/_spa_test_lags_wasm.js";
import { memoryOf } from "../../guards/_wasm_asm.js";

/** n demeaned AR(1) values (coefficient phi) from `seed`. */
function series(n: number, phi: number, seed: number): Float64Array {
  const g = new Mt19937(seed);
  const x = new Float64Array(n);
  let s = 0;
  for (let t = 0; t < n; t++) x[t] = s = phi * s + g.nextFloat() - 0.5;
  let m = 0;
  for (let t = 0; t < n; t++) m += x[t]!;
  m /= n;
  return x.map((v) => v - m);
}

describe("SPA block length's autocovariances in WebAssembly", () => {
  // Fewer rows than a pass of 16 lags, exactly one pass, lags beyond n, and the bench's sizes.
  for (const [n, maxLag] of [
    [5, 10],
    [16, 15],
    [17, 20],
    [40, 39],
    [100, 60],
    [1890, 49],
    [2520, 56],
  ] as const) {
    it(`bit for bit the library's autocovariances (n ${n}, lags 0..${maxLag})`, () => {
      const e = series(n, 0.5, n);
      expect(new LagSums(n).autocovariances(e, maxLag)).toEqual(autocovariances(e, maxLag));
    });
  }

  it("gives the library's Politis-White block length on near-iid and persistent series", () => {
    for (const phi of [0, 0.3, 0.9]) {
      const x = series(700, phi, 3);
      const lags = new LagSums(700);
      expect(politisWhiteBlockLength(x, lags.autocovariances)).toBe(politisWhiteBlockLength(x));
    }
  });

  it("of values demeaned by the left-to-right mean, as politisWhiteBlockLength of the raw values", () => {
    for (const phi of [0, 0.5, 0.95]) {
      const x = Array.from(series(500, phi, 11), (v, t) => v + 0.003 * (t % 7));
      let m = 0;
      for (const v of x) m += v;
      m /= x.length;
      const e = Float64Array.from(x, (v) => v - m);
      expect(politisWhiteOfDemeaned(e, new LagSums(500).autocovariances)).toBe(politisWhiteBlockLength(x));
    }
  });

  it("over a caller's memory reads e where it is (at any offset), and e elsewhere as the library does", () => {
    for (const [n, maxLag] of [
      [40, 39],
      [1890, 49],
    ] as const) {
      const memory = memoryOf(8 * 3 * n + LAGS_OUT_BYTES);
      const lags = new LagSums(n, memory, 8 * 3 * n);
      for (const column of [0, 2]) {
        const e = new Float64Array(memory.buffer, 8 * column * n, n);
        e.set(series(n, 0.6, n + column));
        expect(lags.autocovariances(e, maxLag)).toEqual(autocovariances(e, maxLag));
      }
      const elsewhere = series(n, 0.3, 1);
      expect(lags.autocovariances(elsewhere, maxLag)).toEqual(autocovariances(elsewhere, maxLag));
    }
  });
});
