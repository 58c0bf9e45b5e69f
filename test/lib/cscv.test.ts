import { describe, expect, it } from "vitest";
import { Mt19937 } from "../../src/lib/prng.js";
import {
  binomial,
  blockEdges,
  combinations,
  cscv,
  lexRank,
  meanAbsCorrelation,
  olsSlope,
  summarizePbo,
} from "../../src/lib/cscv.js";

function gauss(g: Mt19937): number {
  const u = 1 - g.nextFloat();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * g.nextFloat());
}

function noisePanel(seed: number, rows: number, cols: number, scale: number): number[][] {
  const g = new Mt19937(seed);
  return Array.from({ length: cols }, () => Array.from({ length: rows }, () => scale * gauss(g)));
}

/** Direct mean / sd (ddof 1) of concatenated rows; 0 when all values are identical. */
function directScore(xs: number[]): number {
  if (xs.every((x) => x === xs[0])) return 0;
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  const v = xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1);
  return m / Math.sqrt(v);
}

describe("combinations", () => {
  it("enumerates k-subsets in lexicographic order", () => {
    expect(Array.from(combinations(4, 2), (c) => [...c])).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    const first = Array.from(combinations(6, 3), (c) => c.join(","));
    expect(first.slice(0, 3)).toEqual(["0,1,2", "0,1,3", "0,1,4"]);
    expect(first.at(-1)).toBe("3,4,5");
  });
  it("yields C(S, S/2) distinct splits", () => {
    for (const s of [2, 4, 10, 16]) {
      const seen = new Set(Array.from(combinations(s, s / 2), (c) => c.join(",")));
      expect(seen.size).toBe(binomial(s, s / 2));
    }
    expect([binomial(2, 1), binomial(10, 5), binomial(16, 8), binomial(20, 10)]).toEqual([2, 252, 12870, 184756]);
  });
  it("lexRank inverts the enumeration order", () => {
    for (const n of [2, 6, 10]) {
      let i = 0;
      for (const c of combinations(n, n / 2)) expect(lexRank(c, n)).toBe(i++);
    }
  });
  it("block edges are floor(j T / S)", () => {
    expect(blockEdges(10, 4)).toEqual([0, 2, 5, 7, 10]);
    expect(blockEdges(4, 2)).toEqual([0, 2, 4]);
  });
});

describe("cscv", () => {
  it("evaluates exactly C(S, S/2) splits and matches a brute-force recomputation", async () => {
    const panel = noisePanel(3, 31, 4, 0.01);
    const S = 6;
    const r = await cscv(panel, S);
    expect(r.nCombinations).toBe(20);
    expect(r.logits).toHaveLength(20);
    expect(Array.from(r.ranks).every((k) => k >= 1 && k <= 4)).toBe(true);
    const edges = [0, 5, 10, 15, 20, 25, 31];
    const rowsOf = (blocks: number[]) =>
      blocks.flatMap((b) => Array.from({ length: edges[b + 1]! - edges[b]! }, (_, i) => edges[b]! + i));
    // Lexicographic k-subsets by filtering bitmasks, sorted as tuples.
    const splits: number[][] = [];
    for (let mask = 0; mask < 1 << S; mask++) {
      const set = [0, 1, 2, 3, 4, 5].filter((b) => mask & (1 << b));
      if (set.length === 3) splits.push(set);
    }
    splits.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!);
    splits.forEach((is, i) => {
      const os = [0, 1, 2, 3, 4, 5].filter((b) => !is.includes(b));
      const isScores = panel.map((col) => directScore(rowsOf(is).map((t) => col[t]!)));
      const osScores = panel.map((col) => directScore(rowsOf(os).map((t) => col[t]!)));
      const winner = isScores.indexOf(Math.max(...isScores));
      const rank = 1 + osScores.filter((s) => s < osScores[winner]!).length;
      expect(r.winners[i]).toBe(winner);
      expect(r.isScores[i]).toBeCloseTo(isScores[winner]!, 12);
      expect(r.osScores[i]).toBeCloseTo(osScores[winner]!, 12);
      expect(r.ranks[i]).toBe(rank);
      expect(r.logits[i]).toBeCloseTo(Math.log(rank / 5 / (1 - rank / 5)), 14);
    });
  });

  it("the spec's hand case: T = 4, S = 2 gives PBO 1", async () => {
    const r = await cscv(
      [
        [0.01, 0.03, -0.02, 0.0],
        [0.0, 0.01, 0.01, 0.03],
      ],
      2,
    );
    expect(Array.from(r.winners)).toEqual([0, 1]);
    expect(r.isScores[0]).toBeCloseTo(Math.SQRT2, 4);
    expect(r.osScores[0]).toBeCloseTo(-Math.SQRT1_2, 4);
    expect(r.osScores[1]).toBeCloseTo(Math.SQRT1_2, 4);
    expect(Array.from(r.ranks)).toEqual([1, 1]);
    expect(r.logits[0]).toBeCloseTo(Math.log(0.5), 12);
    expect(summarizePbo(r).pbo).toBe(1);
  });

  it("ties: identical columns put the winner at the bottom of its tie group", async () => {
    const col = [0.01, -0.02, 0.03, 0.01, 0.0, 0.02];
    const r = await cscv([col, col.slice()], 2);
    expect(Array.from(r.winners)).toEqual([0, 0]);
    expect(Array.from(r.ranks)).toEqual([1, 1]);
    expect(summarizePbo(r).pbo).toBe(1);
  });

  it("scores a constant half as 0", async () => {
    const r = await cscv(
      [
        [0.1, 0.1, 0.1, 0.2, 0.3, 0.5],
        [0.0, 0.01, -0.01, 0.02, 0.0, 0.01],
      ],
      2,
    );
    // Split {0}: column 0 is constant in-sample (score 0), column 1 scores 0 / sd = 0: tie -> column 0.
    expect(r.winners[0]).toBe(0);
    expect(r.isScores[0]).toBe(0);
  });

  it("PBO is near 0 for a dominant configuration and high for pure noise", async () => {
    const noise = noisePanel(11, 1008, 20, 0.01);
    const pNoise = summarizePbo(await cscv(noise, 10));
    expect(pNoise.pbo).toBeGreaterThan(0.3);
    const skilled = noise.map((col, c) => (c === 0 ? col.map((x) => x + (3 * 0.01) / Math.sqrt(252)) : col));
    const pSkill = summarizePbo(await cscv(skilled, 10));
    expect(pSkill.pbo).toBeLessThan(0.1);
    const dominant = noise.map((col, c) => (c === 0 ? col.map((x) => x + 0.01) : col));
    const pDominant = summarizePbo(await cscv(dominant, 10));
    expect(pDominant.pbo).toBe(0);
    expect(pDominant.nDistinctWinners).toBe(1);
    expect(pDominant.probOosLoss).toBe(0);
  });

  it("reports progress up to the split count", async () => {
    const seen: [number, number][] = [];
    await cscv(noisePanel(1, 40, 3, 1), 8, async (d, t) => void seen.push([d, t]));
    expect(seen.at(-1)).toEqual([70, 70]);
  });
});

describe("summary statistics", () => {
  it("olsSlope is cov/var and null for constant x", () => {
    expect(olsSlope(Float64Array.from([1, 2, 3]), Float64Array.from([2, 0, -2]))).toBeCloseTo(-2, 14);
    expect(olsSlope(Float64Array.from([1, 1]), Float64Array.from([2, 3]))).toBeNull();
  });
  it("mean |correlation| on hand cases", async () => {
    const x = [1, 2, 3, 4];
    expect(await meanAbsCorrelation([x, x.map((v) => 2 * v), x.map((v) => -v)])).toBeCloseTo(1, 14);
    // [1,-1,1,-1] and [1,1,-1,-1] are orthogonal and centred: correlation 0.
    expect(
      await meanAbsCorrelation([
        [1, -1, 1, -1],
        [1, 1, -1, -1],
      ]),
    ).toBeCloseTo(0, 15);
    // A constant column has no correlation: only the defined pair counts.
    expect(await meanAbsCorrelation([x, [5, 5, 5, 5], x.map((v) => -v)])).toBeCloseTo(1, 14);
    expect(
      await meanAbsCorrelation([
        [5, 5],
        [1, 2],
      ]),
    ).toBeNull();
  });
});

describe("cscv metric", () => {
  it('"mean" scores are the half means; "sharpe" the half Sharpes', async () => {
    const A = [0.01, 0.03, -0.02, 0.0];
    const B = [0.0, 0.01, 0.01, 0.03];
    const byMean = await cscv([A, B], 2, async () => {}, "mean");
    expect(Array.from(byMean.winners)).toEqual([0, 1]);
    expect(byMean.isScores[0]).toBeCloseTo(0.02, 15);
    expect(byMean.osScores[0]).toBeCloseTo(-0.01, 15);
    expect(byMean.isScores[1]).toBeCloseTo(0.02, 15);
    expect(byMean.osScores[1]).toBeCloseTo(0.005, 15);
    const bySharpe = await cscv([A, B], 2, async () => {});
    expect(bySharpe.isScores[0]).toBeCloseTo(0.02 / Math.sqrt(0.0002), 12);
  });
});
