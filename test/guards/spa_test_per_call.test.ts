import { describe, expect, it } from "vitest";
import { Mt19937 } from "../../src/lib/prng.js";
import { makeFrame } from "../../src/lib/frame.js";
import {
  autocovariances,
  politisWhiteBlockLength,
  politisWhiteOfDemeaned,
  stationaryBootstrapVariance,
} from "../../src/lib/bootstrap.js";
import {
  chooseBlockSize,
  differenceOf,
  differentials,
  releaseDifferentials,
  studentize,
} from "../../guards/_spa_test_core.js";
import { WIDTH } from "../../guards/_spa_test_run_sums.js";
import { check } from "../../guards/spa_test.js";

// The SPA guard's work before and after the bootstrap, against slow references written the plain way: one
// array per step, every sum a left-to-right loop. Every number must be the same bits (Object.is).

/** d, its mean (the first value when constant), e and the run table, one step at a time. */
function reference(bench: number[], models: number[][]) {
  const n = bench.length;
  const k = models.length;
  const d = models.map((m) => Float64Array.from(m, (v, t) => v - bench[t]!));
  const constant = d.map((col) => col.every((v) => v === col[0]));
  const means = Float64Array.from(d, (col, j) => {
    if (constant[j]) return col[0]!;
    let s = 0;
    for (const v of col) s += v;
    return s / n;
  });
  const e = d.map((col, j) => (constant[j] ? new Float64Array(n) : col.map((v) => v - means[j]!)));
  // Blocks of WIDTH candidates (the last one rounded up to even): prefix rows 0..n, then rows n + 1..2 n.
  const blocks: Float64Array[] = [];
  for (let c = 0; c * WIDTH < k; c++) {
    const width = Math.min(WIDTH, k + (k & 1) - c * WIDTH);
    const block = new Float64Array((2 * n + 1) * width);
    for (let i = 0; i < width && c * WIDTH + i < k; i++) {
      let s = 0;
      for (let t = 0; t < n; t++) {
        const v = e[c * WIDTH + i]![t]!;
        block[(n + 1 + t) * width + i] = v;
        s += v;
        block[(t + 1) * width + i] = s;
      }
    }
    blocks.push(block);
  }
  const table = new Float64Array(blocks.reduce((a, b) => a + b.length, 0));
  let at = 0;
  for (const b of blocks) {
    table.set(b, at);
    at += b.length;
  }
  return { d, constant, means, e, table };
}

/** Politis-White with the patton-Politis-White correction as spa_test.md states it, every lag computed. */
function referencePolitisWhite(x: Float64Array): number | null {
  const n = x.length;
  let mean = 0;
  for (const v of x) mean += v;
  mean /= n;
  const r = autocovariances(
    x.map((v) => v - mean),
    Math.ceil(Math.sqrt(n)) + Math.max(5, Math.ceil(Math.sqrt(Math.log10(n)))),
  );
  const kn = Math.max(5, Math.ceil(Math.sqrt(Math.log10(n))));
  const mMax = Math.ceil(Math.sqrt(n)) + kn;
  const c = 2 * Math.sqrt(Math.log10(n) / n);
  if (r[0] === 0) return null;
  const rho = r.map((v) => v / r[0]!);
  let mHat = 0;
  for (let m = 1; m + kn <= mMax && mHat === 0; m++) {
    if (Array.from({ length: kn }, (_, j) => Math.abs(rho[m + j + 1]!) < c).every(Boolean)) mHat = m;
  }
  for (let j = mMax; j >= 1 && mHat === 0; j--) if (Math.abs(rho[j]!) >= c) mHat = j;
  const M = Math.min(2 * Math.max(mHat, 1), mMax);
  let G = 0;
  let g0 = r[0]!;
  for (let j = 1; j <= M; j++) {
    const s = j / M;
    const w = 2 * (s <= 0.5 ? 1 : 2 * (1 - s)) * r[j]!;
    G += w * j;
    g0 += w;
  }
  if (g0 === 0) return null;
  const b = Math.cbrt((2 * G * G) / (2 * g0 * g0)) * Math.cbrt(n);
  return Number.isFinite(b) ? Math.min(b, Math.ceil(Math.min(3 * Math.sqrt(n), n / 3))) : null;
}

/** The block choice with every lag's autocovariance and per-column demeaning of d. */
function referenceBlock(d: Float64Array[]) {
  const per = d.map((col) => referencePolitisWhite(col));
  const defined = per.filter((b): b is number => b !== null);
  const up = (x: number) => (x - Math.floor(x) >= 0.5 ? Math.floor(x) + 1 : Math.floor(x));
  const n = d[0]!.length;
  return defined.length === 0
    ? { blockSize: Math.max(1, up(Math.cbrt(n))), perCandidate: per }
    : { blockSize: Math.max(1, up(Math.max(...defined))), perCandidate: per };
}

/** Element by element with Object.is (0 and -0 differ, as the bits do). */
function expectSameBits(got: ArrayLike<number>, want: ArrayLike<number>, what: string) {
  expect(got.length, what).toBe(want.length);
  for (let i = 0; i < want.length; i++) {
    if (!Object.is(got[i], want[i])) expect(`${what}[${i}] = ${got[i]}`).toBe(`${what}[${i}] = ${want[i]}`);
  }
}

/** A benchmark and k models: AR(1) noise of coefficient phi, plus a constant shift, a copy of the benchmark. */
function panel(n: number, k: number, phi: number, seed: number) {
  const g = new Mt19937(seed);
  const bench = Array.from({ length: n }, () => 0.01 * (g.nextFloat() - 0.5));
  const models = Array.from({ length: k }, (_, j) => {
    if (j === 1) return bench.map((b) => b + 0.0003); // constant differential
    if (j === 2) return bench.slice(); // equal to the benchmark: d = 0
    if (j === 3) return bench.map((b, t) => b + 0.01 * Math.sin((2 * Math.PI * t) / 25)); // no quiet lag
    let s = 0;
    return bench.map((b) => b + 0.001 * (j % 3) + 0.02 * (s = phi * s + g.nextFloat() - 0.5));
  });
  return { bench, models };
}

// n from 5 to 2,520; k odd and even, below, at and above a column block; a tiny n with a long block.
const CASES = [
  [5, 1, 0],
  [5, 4, 0.3],
  [16, 3, 0.5],
  [17, 2, 0],
  [40, 17, 0.8],
  [97, 16, 0.2],
  [251, 33, 0.6],
  [1890, 37, 0.1],
  [2520, 6, 0.9],
  [1890, 12, 0.75], // m_hat about 8-10: M = 2 m_hat beyond the first 16 lags
  [1000, 12, 0.7],
] as const;

describe("SPA per-call numerics, bit for bit as the plain computation", () => {
  it("differentials, block choice and studentization on random, constant and benchmark-equal columns", () => {
    for (const [n, k, phi] of CASES) {
      const { bench, models } = panel(n, k, phi, n + k);
      const want = reference(bench, models);
      const diff = differentials(bench, models);
      const at = `n ${n} k ${k}`;
      expectSameBits(diff.means, want.means, `${at} means`);
      expect(diff.constant, at).toEqual(want.constant);
      diff.e.forEach((e, j) => expectSameBits(e, want.e[j]!, `${at} e[${j}]`));
      expectSameBits(diff.runs.table, want.table, `${at} table`);
      const block = chooseBlockSize(diff, "auto");
      const wantBlock = referenceBlock(want.d);
      expect(block.blockSize, at).toBe(wantBlock.blockSize);
      expectSameBits(
        block.perCandidate.map((b) => b ?? NaN),
        wantBlock.perCandidate.map((b) => b ?? NaN),
        `${at} b_k`,
      );
      for (const size of [1, 2, 2.5, block.blockSize, n]) {
        const st = studentize(diff, size);
        const omega2 = want.e.map((e) => stationaryBootstrapVariance(e, 1 / size));
        expectSameBits(st.omega2, omega2, `${at} block ${size} omega2`);
      }
      expectSameBits(differenceOf(models[0]!, bench), want.d[0]!, `${at} d`);
      releaseDifferentials(diff);
    }
  });

  it("the same bits when a call reuses the memory a larger or smaller call released", () => {
    // Largest first, then smaller and odd k: the reused table's prefix row 0 and padding column must be 0 again.
    for (const [n, k, phi] of [...CASES].reverse().concat(CASES)) {
      const { bench, models } = panel(n, k, phi, 3 * n + k);
      const want = reference(bench, models);
      const diff = differentials(bench, models);
      expectSameBits(diff.runs.table, want.table, `n ${n} k ${k} table`);
      diff.e.forEach((e, j) => expectSameBits(e, want.e[j]!, `n ${n} k ${k} e[${j}]`));
      releaseDifferentials(diff);
    }
  });

  it("the lag sums of a constant column's d go through the demeaning, as the library's block length does", () => {
    const n = 300;
    const d = new Float64Array(n).fill(0.1); // 0.1 n / n is not 0.1: e is tiny, not 0
    const diff = differentials(new Array(n).fill(0), [Array.from(d)]);
    expect(diff.constant).toEqual([true]);
    const block = chooseBlockSize(diff, "auto");
    expect(block.perCandidate).toEqual([politisWhiteBlockLength(d)]);
    expect(block.perCandidate[0]).not.toBeNull();
    expect(politisWhiteOfDemeaned(diff.e[0]!)).toBeNull();
  });
});

describe("SPA guard calls that overlap", () => {
  it("two calls at once give what each gives alone (each call's tables are its own)", async () => {
    const a = panel(200, 5, 0.4, 1);
    const b = panel(150, 8, 0.1, 2);
    const frameOf = (models: number[][]) => makeFrame(Object.fromEntries(models.map((m, j) => [`m${j}`, m])));
    const alone = [
      await check({ values: a.bench }, frameOf(a.models), 300),
      await check({ values: b.bench }, frameOf(b.models), 300),
    ];
    const together = await Promise.all([
      check({ values: a.bench }, frameOf(a.models), 300),
      check({ values: b.bench }, frameOf(b.models), 300),
    ]);
    expect(together).toEqual(alone);
  });
});
