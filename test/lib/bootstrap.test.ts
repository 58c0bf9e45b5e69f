import { describe, expect, it } from "vitest";
import { Mt19937 } from "../../src/lib/prng.js";
import {
  StationaryBootstrap,
  autocovariances,
  politisWhiteBlockLength,
  stationaryBootstrapVariance,
  stationaryBootstrapVarianceDirect,
} from "../../src/lib/bootstrap.js";

/** The spa_test.md example panel: seed 12345, 5 floats per row; returns candidate - benchmark. */
function specDifferentials(n = 100): number[][] {
  const g = new Mt19937(12345);
  const d: number[][] = [[], [], [], []];
  for (let t = 0; t < n; t++) {
    const u = [0, 1, 2, 3, 4].map(() => g.nextFloat());
    const bench = 0.01 * (u[0]! - 0.5);
    for (let j = 1; j <= 4; j++) d[j - 1]!.push(bench + 0.01 * (u[j]! - 0.5) - bench);
  }
  return d;
}

function noise(seed: number, n: number): number[] {
  const g = new Mt19937(seed);
  return Array.from({ length: n }, () => g.nextFloat() - 0.5);
}

describe("StationaryBootstrap", () => {
  it("draws exactly the spec's sequence: an integer at t = 0, then a float and maybe an integer", () => {
    const n = 50;
    const q = 0.3;
    const ref = new Mt19937(7);
    const expected: number[] = [];
    for (let rep = 0; rep < 3; rep++) {
      let i = ref.nextInt(n);
      expected.push(i);
      for (let t = 1; t < n; t++) {
        i = ref.nextFloat() < q ? ref.nextInt(n) : (i + 1) % n;
        expected.push(i);
      }
    }
    const sb = new StationaryBootstrap(new Mt19937(7), n, q);
    const got = [...sb.nextIndices(), ...sb.nextIndices(), ...sb.nextIndices()];
    expect(got).toEqual(expected);
  });

  it("splits a resample into runs of consecutive positions that wrap at n", () => {
    const n = 40;
    const a = new StationaryBootstrap(new Mt19937(3), n, 0.05);
    const b = new StationaryBootstrap(new Mt19937(3), n, 0.05);
    for (let rep = 0; rep < 20; rep++) {
      const idx = a.nextIndices();
      const runs = b.nextRuns();
      const flat: number[] = [];
      for (let r = 0; r < runs; r++) {
        expect(b.ends[r]!).toBeGreaterThan(b.starts[r]!);
        expect(b.ends[r]!).toBeLessThanOrEqual(n);
        for (let i = b.starts[r]!; i < b.ends[r]!; i++) flat.push(i);
      }
      expect(flat).toEqual([...idx]);
    }
  });

  // n = 30 and 100,003 (a prime: rejections), and 3 (2^32 mod 3 = 1): positions equal Mt19937.nextInt(n)'s.
  for (const n of [3, 30, 100_003]) {
    it(`q = 1 is the iid bootstrap (every position a fresh draw, nextInt(n) on the same words; n = ${n})`, () => {
      const ref = new Mt19937(11);
      const expected = [ref.nextInt(n)];
      for (let t = 1; t < n; t++) {
        ref.nextFloat();
        expected.push(ref.nextInt(n));
      }
      expect([...new StationaryBootstrap(new Mt19937(11), n, 1).nextIndices()]).toEqual(expected);
    });
  }

  it("has mean run length near 1/q", () => {
    const n = 2000;
    const sb = new StationaryBootstrap(new Mt19937(1), n, 0.1);
    let runs = 0;
    for (let rep = 0; rep < 20; rep++) runs += sb.nextRuns();
    // Wraps add about one run per resample; the mean run length is n / (n q + 1).
    expect((20 * n) / runs).toBeGreaterThan(9);
    expect((20 * n) / runs).toBeLessThan(11);
  });
});

describe("stationaryBootstrapVariance", () => {
  it("equals the direct O(n^2) kernel", () => {
    for (const n of [2, 3, 10, 57, 400]) {
      const x = noise(n, n);
      const m = x.reduce((s, v) => s + v, 0) / n;
      const e = x.map((v) => v - m);
      for (const q of [1, 0.5, 1 / 3, 0.05, 1 / n]) {
        const direct = stationaryBootstrapVarianceDirect(e, q);
        expect(Math.abs(stationaryBootstrapVariance(e, q) - direct)).toBeLessThan(1e-12 * Math.abs(direct) + 1e-15);
      }
    }
  });
  it("is gamma(0) for q = 1 and matches a hand case", () => {
    expect(stationaryBootstrapVariance([1, -1, 1, -1], 1)).toBe(1);
    // e = [1, -1]: gamma0 = 1, gamma1 = -1/2, kappa(1) = (1/2)(1/2) + (1/2)(1/2) = 1/2 at q = 1/2.
    expect(stationaryBootstrapVariance([1, -1], 0.5)).toBeCloseTo(1 + 2 * 0.5 * -0.5, 15);
  });
  it("is 0 for all-zero deviations", () => {
    expect(stationaryBootstrapVariance(new Float64Array(25), 0.2)).toBe(0);
  });
});

describe("politisWhiteBlockLength", () => {
  it("matches the spa_test example's per-candidate lengths", () => {
    const lengths = specDifferentials().map((d) => politisWhiteBlockLength(d)!);
    const expected = [3.268805, 1.400916, 0.66357, 1.392534];
    lengths.forEach((b, k) => expect(b).toBeCloseTo(expected[k]!, 5));
  });
  it("is undefined for a constant series", () => {
    expect(politisWhiteBlockLength(new Array(50).fill(0.25))).toBeNull();
  });
  it("grows with persistence and is capped at ceil(min(3 sqrt n, n/3))", () => {
    const n = 900;
    const g = new Mt19937(5);
    const ar: number[] = [];
    let x = 0;
    for (let t = 0; t < n; t++) ar.push((x = 0.9 * x + g.nextFloat() - 0.5));
    const persistent = politisWhiteBlockLength(ar)!;
    const white = politisWhiteBlockLength(noise(5, n))!;
    expect(persistent).toBeGreaterThan(2 * white);
    expect(persistent).toBeGreaterThan(20);
    // A period-3 pattern at n = 100 drives g0 towards 0: capped at ceil(min(30, 33.3)) = 30.
    const periodic = Array.from({ length: 100 }, (_, t) => (t % 3 ? 1 : -2));
    expect(politisWhiteBlockLength(periodic)).toBe(30);
  });
  it("autocovariances are the definition's sums, term by term in t order (bit for bit), at every lag", () => {
    const direct = (e: number[], j: number) => {
      let s = 0;
      for (let t = 0; t + j < e.length; t++) s += e[t]! * e[t + j]!;
      return s / e.length;
    };
    for (const n of [1, 2, 3, 4, 5, 9, 64, 257]) {
      const e = noise(n, n);
      for (const maxLag of [0, 1, 3, 4, 6, 11, n + 2]) {
        const want = Array.from({ length: maxLag + 1 }, (_, j) => (j < n ? direct(e, j) : 0));
        expect([...autocovariances(e, maxLag)]).toEqual(want);
      }
    }
  });

  it("autocovariances use the divisor n", () => {
    const r = autocovariances([1, -1, 1, -1], 2);
    expect([...r]).toEqual([1, -0.75, 0.5]);
  });
});
