// The effective number of trials (src/lib/effective_trials.ts): c blocks of one strategy each (members
// differing by small independent noise) give c clusters, K independent noise strategies give K, whatever
// the order of the trials or the scale of a trial's returns; the screened path (a large ledger) agrees.
import { describe, expect, it } from "vitest";
import { alignReturns } from "../../src/lib/align_returns.js";
import { SCREEN_MISS } from "../../src/lib/correlation_screen.js";
import { CLUSTER_CORRELATION, clusterTrials, EXACT_WORK } from "../../src/lib/effective_trials.js";
import { NormalStream } from "../../src/lib/random.js";
import { closeInflateThread } from "../../src/ledger/inflate_thread.js";
import { decodeReturns, encodeReturns, keptFrom, MAX_POINTS_PER_TRIAL } from "../../src/ledger/returns.js";

/** `blocks` base strategies, `perBlock` members each (base + `jitter` x independent noise), then `loose`
 * independent noise strategies; every column T points, seeded. */
function panel(blocks: number, perBlock: number, loose: number, t: number, jitter = 0.1, seed = 1): Float64Array[] {
  const g = new NormalStream(seed);
  const draw = () => Float64Array.from({ length: t }, () => g.next() * 0.01);
  const cols: Float64Array[] = [];
  for (let b = 0; b < blocks; b++) {
    const base = draw();
    for (let k = 0; k < perBlock; k++) {
      const e = draw();
      cols.push(base.map((x, i) => x + jitter * e[i]!));
    }
  }
  for (let k = 0; k < loose; k++) cols.push(draw());
  return cols;
}

/** Sorted cluster sizes: what must not change under reordering or scaling. */
const sizes = (cols: readonly Float64Array[]) =>
  clusterTrials(cols)
    .clusters.map((c) => c.length)
    .sort((a, b) => a - b);

/** A seeded permutation of 0..n-1. */
function permutation(n: number, seed: number): number[] {
  const g = new NormalStream(seed);
  return Array.from({ length: n }, (_, i) => i)
    .map((i) => ({ i, k: g.next() }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.i);
}

describe("effective number of trials", () => {
  it("c blocks of one strategy each, with independent noise strategies between, give c + the loose ones", () => {
    for (const [c, per, loose] of [
      [1, 40, 0],
      [4, 10, 0],
      [6, 5, 7],
    ] as const) {
      const r = clusterTrials(panel(c, per, loose, 504));
      expect(r.clusters.length).toBe(c + loose);
      expect(r.clusters.filter((m) => m.length === per).length).toBe(c);
    }
  });

  it("K independent noise strategies give K", () => {
    expect(clusterTrials(panel(0, 0, 60, 252)).clusters.length).toBe(60);
  });

  it("merges at the stated correlation: members correlated just above it are one, just below are two", () => {
    // Base + j x noise correlates 1 / sqrt(1 + j^2) with the base (in expectation; 20,000 points keep it close).
    const jAt = (rho: number) => Math.sqrt(1 / rho ** 2 - 1);
    const above = panel(1, 2, 0, 20_000, jAt(Math.sqrt(CLUSTER_CORRELATION + 0.03)));
    const below = panel(1, 2, 0, 20_000, jAt(Math.sqrt(CLUSTER_CORRELATION - 0.03)));
    expect(clusterTrials(above).clusters.length).toBe(1);
    expect(clusterTrials(below).clusters.length).toBe(2);
  });

  it("is invariant to the order of the trials and to scaling a trial's returns", () => {
    const cols = panel(5, 6, 9, 300, 0.2, 7);
    const order = permutation(cols.length, 3);
    const shuffled = order.map((i) => cols[i]!);
    const scaled = cols.map((col, i) => col.map((x) => x * (i % 3 === 0 ? 250 : i % 3 === 1 ? 0.01 : -1e-6 + 1)));
    expect(sizes(shuffled)).toEqual(sizes(cols));
    expect(sizes(scaled)).toEqual(sizes(cols));
    // The members too, not just the sizes: cluster k of the shuffled panel maps back to one of the original's.
    const original = new Set(clusterTrials(cols).clusters.map((m) => m.join(",")));
    for (const m of clusterTrials(shuffled).clusters)
      expect(
        original.has(
          m
            .map((i) => order[i]!)
            .sort((a, b) => a - b)
            .join(","),
        ),
      ).toBe(true);
  });

  it("a ledger too large for every exact pair is screened and finds the same clusters", () => {
    const cols = panel(30, 8, 60, 2520, 0.15, 11);
    expect((cols.length * (cols.length - 1) * 2520) / 2).toBeGreaterThan(EXACT_WORK);
    const r = clusterTrials(cols);
    expect(r.screened).toBe(true);
    expect(r.clusters.length).toBe(90);
    expect(r.clusters.filter((m) => m.length === 8).length).toBe(30);
  });

  it("the screen finds the exact clusters near the level, on normal and on Student-t(3) returns", () => {
    // Members correlate 0.9 with each other in expectation: their pairs straddle the level on 500 dates.
    for (const tails of ["normal", "t3"] as const) {
      const cols = nearLevel(40, 3, 40, 500, tails, 21, CLUSTER_CORRELATION);
      const exact = clusterTrials(cols, "exact");
      const screened = clusterTrials(cols, "screened");
      expect(screened.screened).toBe(true);
      // Some blocks split and some hold together, so the level is what is tested.
      expect(exact.clusters.length).toBeGreaterThan(40 + 40);
      expect(exact.clusters.length).toBeLessThan(40 * 3 + 40);
      expect(screened.clusters).toEqual(exact.clusters);
    }
  });

  it("misses at most SCREEN_MISS of the pairs correlated just above the level, and never joins below it", () => {
    // 1,200 pairs drawn at correlation 0.905 (their sample correlations straddle 0.9) on 1,000 dates.
    for (const tails of ["normal", "t3"] as const) {
      const cols = nearLevel(1200, 2, 0, 1000, tails, 5, 0.905);
      const joins = pairsAbove(cols);
      expect(joins).toBeGreaterThan(600);
      const found = cols.length - clusterTrials(cols, "screened").clusters.length;
      expect(found).toBeLessThanOrEqual(joins);
      expect(joins - found).toBeLessThanOrEqual(Math.floor(SCREEN_MISS * joins));
    }
  });

  it("the screened path is invariant to the order of the trials and to their scale", () => {
    const cols = nearLevel(20, 5, 30, 400, "t3", 8);
    const order = permutation(cols.length, 4);
    const base = clusterTrials(cols, "screened").clusters;
    const back = (cs: readonly (readonly number[])[], map: (i: number) => number) =>
      cs.map((m) => m.map(map).sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!);
    const shuffled = clusterTrials(
      order.map((i) => cols[i]!),
      "screened",
    ).clusters;
    expect(back(shuffled, (i) => order[i]!)).toEqual(base);
    const scaled = cols.map((col, i) => col.map((x) => x * (i % 2 === 0 ? 1e4 : -1e-6 + 1)));
    expect(clusterTrials(scaled, "screened").clusters).toEqual(base);
  });
});

/** Draws of normal or Student-t(3) noise (a normal over sqrt(chi-square(3) / 3)), seeded. */
function noise(g: NormalStream, tails: "normal" | "t3"): number {
  if (tails === "normal") return g.next();
  const chi = (g.next() ** 2 + g.next() ** 2 + g.next() ** 2) / 3;
  return g.next() / Math.sqrt(chi);
}

/** `blocks` of `per` members (base + j x own noise, members correlating `rho` with each other in
 * expectation), then `loose` independent columns. */
function nearLevel(
  blocks: number,
  per: number,
  loose: number,
  t: number,
  tails: "normal" | "t3",
  seed: number,
  rho = 0.92,
): Float64Array[] {
  const g = new NormalStream(seed);
  const draw = () => Float64Array.from({ length: t }, () => noise(g, tails));
  const j = Math.sqrt(1 / rho - 1);
  const cols: Float64Array[] = [];
  for (let b = 0; b < blocks; b++) {
    const base = draw();
    for (let k = 0; k < per; k++) {
      const e = draw();
      cols.push(base.map((x, i) => x + j * e[i]!));
    }
  }
  for (let k = 0; k < loose; k++) cols.push(draw());
  return cols;
}

/** Pairs (columns 2k, 2k + 1) whose sample correlation reaches the level. */
function pairsAbove(cols: readonly Float64Array[]): number {
  let n = 0;
  for (let k = 0; k + 1 < cols.length; k += 2) if (correlation(cols[k]!, cols[k + 1]!) >= CLUSTER_CORRELATION) n++;
  return n;
}

function correlation(a: Float64Array, b: Float64Array): number {
  const ma = a.reduce((s, x) => s + x, 0) / a.length;
  const mb = b.reduce((s, x) => s + x, 0) / b.length;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

describe("aligning kept returns", () => {
  it("aligns on the dates half the trials hold; a trial with too little overlap stands apart", () => {
    const dates = Array.from({ length: 100 }, (_, i) => `d${String(i).padStart(3, "0")}`);
    const xs = Array.from({ length: 100 }, (_, i) => Math.sin(i));
    const late = { values: xs.slice(90), index: dates.slice(90) };
    const gappy = { values: xs.slice(0, 85), index: dates.slice(0, 85) };
    const a = alignReturns([{ values: xs, index: dates }, gappy, late, { values: xs, index: dates }]);
    expect(a.dates.length).toBe(100);
    expect(a.trials).toEqual([0, 1, 3]);
    expect(a.complete).toEqual([0, 2]);
    expect(Number.isNaN(a.columns[1]![99]!)).toBe(true);
  });
});

describe("returns as the ledger keeps them", () => {
  it("round-trips values (NaN, -0, tiny and huge) and labels exactly", () => {
    const values = [0.01, -0, Number.NaN, 1e-300, -1e300, 0.1 + 0.2];
    const index = ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", 7, "x"];
    const d = decodeReturns(encodeReturns(values, index).values, encodeReturns(values, index).index);
    expect(Array.from(d.values)).toEqual(values);
    expect(Object.is(d.values[1], -0)).toBe(true);
    expect(d.index).toEqual(index);
  });

  it("reads rows back as recorded, a shared index decoded once, a second read equal to the first", async () => {
    const index = ["2024-01-02", "2024-01-03", "2024-01-04"];
    const row = (fp: string, values: number[], labels: typeof index | undefined) => {
      const e = encodeReturns(values, labels);
      const vals = Buffer.from(e.values);
      const idx = e.index === null ? null : Buffer.from(e.index);
      return { fingerprint: fp, sharpeAnnual: 1, periodsPerYear: 252, total: e.total, vals, labels: idx };
    };
    const rows = [
      row("a", [0.01, 0.02, -0.01], index),
      { ...row("b", [1, 2, 3], index), vals: null, labels: null, total: null },
      row("c", [0.03, Number.NaN, 0], index),
      row("d", [5, 6], undefined),
    ];
    const first = await keptFrom(rows);
    expect(first.series.map((s) => [s.fingerprint, Array.from(s.values), s.index])).toEqual([
      ["a", [0.01, 0.02, -0.01], index],
      ["c", [0.03, Number.NaN, 0], index],
      ["d", [5, 6], null],
    ]);
    expect(first.series[0]!.index).toBe(first.series[1]!.index);
    expect(first).toMatchObject({ without: 1, heldWithout: ["b"] });
    const again = await keptFrom([...rows, row("e", [0.5, 0.25, 0], index)]);
    expect(again.series.slice(0, 3)).toEqual(first.series);
    expect(Array.from(again.series[3]!.values)).toEqual([0.5, 0.25, 0]);
  });

  it("inflates new series on the helper thread too, to the same values", async () => {
    const index = ["2024-01-02", "2024-01-03", "2024-01-04"];
    const series = [
      [0.01, -0, Number.NaN],
      [1e-300, -1e300, 0.1 + 0.2],
      [3, 2, 1],
      [0.5, 0.25, 0],
      [-1, 0, 1],
    ];
    const rows = series.map((values, i) => {
      const e = encodeReturns(values, i === 4 ? undefined : index);
      const labels = e.index === null ? null : Buffer.from(e.index);
      return {
        fingerprint: `off${i}`,
        sharpeAnnual: null,
        periodsPerYear: null,
        total: e.total,
        vals: Buffer.from(e.values),
        labels,
      };
    });
    try {
      const kept = await keptFrom(rows, 1);
      expect(kept.series.map((s) => Array.from(s.values))).toEqual(series);
      expect(Object.is(kept.series[0]!.values[1], -0)).toBe(true);
      expect(kept.series.map((s) => s.index)).toEqual([index, index, index, index, null]);
    } finally {
      await closeInflateThread();
    }
  });

  it("inflates here what the helper thread could not (a series of another size than its points)", async () => {
    const e = encodeReturns([1, 2, 3], undefined);
    const row = { fingerprint: "sized4", sharpeAnnual: null, periodsPerYear: null, total: 4, labels: null };
    try {
      const kept = await keptFrom([{ ...row, vals: Buffer.from(e.values) }], 1);
      expect(kept.series.map((s) => Array.from(s.values))).toEqual([[1, 2, 3]]);
    } finally {
      await closeInflateThread();
    }
  });

  it("keeps the latest MAX_POINTS_PER_TRIAL points of a longer series and says how long it was", () => {
    const n = MAX_POINTS_PER_TRIAL + 5;
    const values = Array.from({ length: n }, (_, i) => i);
    const e = encodeReturns(values, undefined);
    expect(e).toMatchObject({ points: MAX_POINTS_PER_TRIAL, total: n, index: null });
    const d = decodeReturns(e.values, e.index);
    expect(d.values[0]).toBe(5);
    expect(d.values.at(-1)).toBe(n - 1);
  });

  it("compresses: noise below its raw doubles, a series idle half the time (zeros) to under 2/3", () => {
    const g = new NormalStream(5);
    const values = Array.from({ length: 2520 }, () => g.next() * 0.01);
    expect(encodeReturns(values, undefined).values.byteLength).toBeLessThan(2520 * 8);
    const idle = values.map((x, i) => (i % 2 === 0 ? 0 : x));
    expect(encodeReturns(idle, undefined).values.byteLength).toBeLessThan((2520 * 8 * 2) / 3);
  });
});
