import { describe, expect, it } from "vitest";
import {
  correlationDistance,
  correlationFromCovariance,
  hrpWeights,
  linkage,
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
  it("ties go to the lexicographically smallest pair", () => {
    const eq = [
      [0, 1, 1, 1],
      [1, 0, 1, 1],
      [1, 1, 0, 1],
      [1, 1, 1, 0],
    ];
    const ms = linkage(eq, "single");
    expect(pairs(ms)).toEqual([
      [0, 1, 2],
      [2, 3, 2],
      [4, 5, 4],
    ]);
    expect(quasiDiagonalOrder(ms, 4)).toEqual([0, 1, 2, 3]);
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
