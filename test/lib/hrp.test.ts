import { describe, expect, it } from "vitest";
import {
  correlationDistance,
  correlationFromCovariance,
  ColumnStats,
  centredColumns,
  hrpWeights,
  lanceWilliamsLinkage,
  linkage,
  singleLinkage,
  quasiDiagonalOrder,
  recursiveBisection,
  sampleCovariance,
} from "../../src/lib/hrp.js";

// Points on a line at 0, 1, 3, 7: distances |x - y|, so centroid and ward have closed forms.
const X = [0, 1, 3, 7];
const LINE = X.map((a) => X.map((b) => Math.abs(a - b)));
const pairs = (ms: ReturnType<typeof linkage>) => ms.map((m) => [m.left, m.right, m.size]);

describe("linkage (Lance-Williams) on points 0, 1, 3, 7", () => {
  it("every method first merges 0+1, then 2 with that cluster, then 3", () => {
    for (const m of ["single", "complete", "average", "weighted", "centroid", "median", "ward"] as const) {
      expect(pairs(linkage(LINE, m))).toEqual([
        [0, 1, 2],
        [2, 4, 3],
        [3, 5, 4],
      ]);
    }
  });
  it("merge heights per method, derived by hand", () => {
    const h = (m: Parameters<typeof linkage>[1]) => linkage(LINE, m).map((x) => x.distance);
    expect(h("single")).toEqual([1, 2, 4]);
    expect(h("complete")).toEqual([1, 3, 7]);
    const avg = h("average");
    expect(avg[1]).toBeCloseTo(2.5, 14);
    expect(avg[2]).toBeCloseTo((4 + 6 + 7) / 3, 14);
    const wtd = h("weighted");
    expect(wtd[1]).toBeCloseTo(2.5, 14);
    expect(wtd[2]).toBeCloseTo((4 + 6.5) / 2, 14);
    // Centroid: cluster centroids 0.5 then 4/3; ward: sqrt(2 nA nB / (nA + nB)) |cA - cB|.
    const cen = h("centroid");
    expect(cen[1]).toBeCloseTo(2.5, 14);
    expect(cen[2]).toBeCloseTo(7 - 4 / 3, 12);
    const med = h("median");
    expect(med[1]).toBeCloseTo(2.5, 14);
    expect(med[2]).toBeCloseTo(Math.sqrt(16 / 2 + 6.5 ** 2 / 2 - 2.5 ** 2 / 4), 12);
    const ward = h("ward");
    expect(ward[1]).toBeCloseTo(Math.sqrt((2 * 1 * 2) / 3) * 2.5, 12);
    expect(ward[2]).toBeCloseTo(Math.sqrt((2 * 3 * 1) / 4) * (7 - 4 / 3), 12);
  });
  it("single linkage ties keep the spanning tree's order, as scipy's linkage(method='single') does", () => {
    const eq = [
      [0, 1, 1, 1],
      [1, 0, 1, 1],
      [1, 1, 0, 1],
      [1, 1, 1, 0],
    ];
    // Prim from leaf 0 adds 1, 2, 3 in turn (each first among equals): edges (0,1), (1,2), (2,3), all 1;
    // labelled in that order they chain: 4 = {0,1}, 5 = {2} + 4, 6 = {3} + 5 (scipy 1.17 gives the same).
    const ms = linkage(eq, "single");
    expect(pairs(ms)).toEqual([
      [0, 1, 2],
      [2, 4, 3],
      [3, 5, 4],
    ]);
    expect(quasiDiagonalOrder(ms, 4)).toEqual([3, 2, 0, 1]);
  });
  it("Lance-Williams ties go to the lexicographically smallest pair", () => {
    const eq = (a: number, b: number) => (a === b ? 0 : 1);
    expect(pairs(lanceWilliamsLinkage(4, eq, "complete"))).toEqual([
      [0, 1, 2],
      [2, 3, 2],
      [4, 5, 4],
    ]);
  });
});

describe("single linkage by spanning tree", () => {
  // A seeded LCG: distinct random distances, so the dendrogram is unique.
  const randomDistances = (n: number, seed: number) => {
    let s = seed;
    const u = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
    const d = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) d[a]![b] = d[b]![a] = u();
    return d;
  };
  it("gives the merges of the Lance-Williams single linkage (min update) when no distances tie", () => {
    for (const [n, seed] of [
      [2, 1],
      [7, 2],
      [30, 3],
      [64, 4],
    ] as const) {
      const d = randomDistances(n, seed);
      const lw = lanceWilliamsLinkage(n, (a, b) => d[a]![b]!, "single");
      expect(singleLinkage(n, (a: number, b: number) => d[a]![b]!)).toEqual(lw);
    }
  });
  it("computes each pair's distance once and keeps no n x n table (n (n - 1) / 2 calls)", () => {
    const n = 50;
    const d = randomDistances(n, 9);
    let calls = 0;
    let ticked = 0;
    singleLinkage(
      n,
      (a: number, b: number) => {
        calls += 1;
        return d[a]![b]!;
      },
      (k) => (ticked += k),
    );
    expect(calls).toBe((n * (n - 1)) / 2);
    expect(ticked).toBe(calls);
  });
  it("column distances equal the matrix route bit for bit", () => {
    const cols = [
      [0.01, -0.02, 0.015, -0.005],
      [0.012, -0.018, 0.01, -0.002],
      [-0.005, 0.01, -0.002, 0.004],
    ];
    const s = new ColumnStats(centredColumns(cols));
    const rows = cols[0]!.map((_, t) => cols.map((c) => c[t]!));
    const dm = correlationDistance(correlationFromCovariance(sampleCovariance(rows)));
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) expect(s.distance(a, b)).toBe(dm[a]![b]);
  });
});

describe("quasi-diagonal order and bisection", () => {
  it("pre-order with the smaller id on the left", () => {
    expect(quasiDiagonalOrder(linkage(LINE, "single"), 4)).toEqual([3, 2, 0, 1]);
  });
  it("diagonal covariance: bisection weights are inverse-variance", () => {
    const cov = [
      [0.04, 0, 0],
      [0, 0.01, 0],
      [0, 0, 0.01],
    ];
    const w = recursiveBisection(cov, [0, 1, 2]);
    // [0] vs [1, 2]: v_left 0.04, v_right 0.005 -> a = 1/9; then [1] vs [2] split evenly.
    expect(w[0]).toBeCloseTo(1 / 9, 15);
    expect(w[1]).toBeCloseTo(4 / 9, 15);
    expect(w[2]).toBeCloseTo(4 / 9, 15);
  });
  it("covariance, correlation, distance on a hand case", () => {
    const rows = [
      [1, 2],
      [2, 4],
      [3, 6.5],
    ];
    const cov = sampleCovariance(rows);
    expect(cov[0]![0]).toBeCloseTo(1, 15);
    expect(cov[0]![1]).toBeCloseTo(2.25, 15);
    const rho = correlationFromCovariance(cov);
    expect(rho[0]![1]).toBeCloseTo(2.25 / Math.sqrt(1 * cov[1]![1]!), 15);
    expect(
      correlationDistance([
        [1, -1],
        [-1, 1],
      ]),
    ).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });
  it("hrpWeights sums to 1", () => {
    const rows = [
      [0.01, 0.02, -0.01],
      [-0.02, 0.01, 0.0],
      [0.015, -0.01, 0.02],
      [0.0, 0.005, -0.015],
    ];
    const r = hrpWeights(rows, "average");
    expect(r.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect([...r.order].sort()).toEqual([0, 1, 2]);
  });
});
