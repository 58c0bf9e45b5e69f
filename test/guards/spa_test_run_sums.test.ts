import { describe, expect, it } from "vitest";
import { Mt19937 } from "../../src/lib/prng.js";
import { StationaryBootstrap } from "../../src/lib/bootstrap.js";
import {
  prefixAt,
  rowAt,
  RunSums,
  type RunTable,
  runTable,
  simdPasses,
  WIDTH,
  widthOf,
} from "../../guards/_spa_test_run_sums.js";
import { bootstrapCounts, differentials, merging, studentize } from "../../guards/_spa_test_core.js";
import { drawSteps, RunDraws } from "../../guards/_spa_test_draws.js";
import { segmentsOver } from "../../guards/_spa_test_segments_wasm.js";
import { memoryOf } from "../../guards/_wasm_asm.js";

/** k columns of n uniform values in [-0.5, 0.5) from `seed`. */
function columns(n: number, k: number, seed: number): Float64Array[] {
  const g = new Mt19937(seed);
  return Array.from({ length: k }, () => Float64Array.from({ length: n }, () => g.nextFloat() - 0.5));
}

/**
 * The k sums one run at a time, in scalar code: the runs of two rows or more first, each its prefix
 * difference, then the one-row runs, each its row (both in run order, as the SIMD loop adds them).
 */
function runByRun(t: RunTable, starts: Int32Array, ends: Int32Array, runs: number): number[] {
  const sums = new Float64Array(t.k);
  const order = Array.from({ length: runs }, (_, r) => r);
  const single = (r: number) => ends[r]! - starts[r]! === 1;
  for (const r of [...order.filter((r) => !single(r)), ...order.filter(single)])
    for (let j = 0; j < t.k; j++)
      sums[j] += single(r) ? rowAt(t, starts[r]!, j) : prefixAt(t, ends[r]!, j) - prefixAt(t, starts[r]!, j);
  return [...sums];
}

/** Every resample's k sums, block by block. */
function sumsOf(rs: RunSums, t: RunTable): number[][] {
  const out: number[][] = Array.from({ length: rs.resamples }, () => []);
  for (let c = 0; c < t.blocks; c++) {
    const w = widthOf(t, c);
    const sums = rs.sumBlock(c);
    out.forEach((row, i) => row.push(...sums.subarray(i * w, (i + 1) * w)));
  }
  return out.map((row) => row.slice(0, t.k));
}

describe("SPA run sums", () => {
  it("holds each column's rows, and prefix row t is the sum of the rows before t, in row order", () => {
    const k = WIDTH + 3;
    const cols = columns(5, k, 1);
    const t = runTable(5, k, cols);
    expect(t.blocks).toBe(2);
    expect([widthOf(t, 0), widthOf(t, 1)]).toEqual([WIDTH, 4]);
    // Each block 2 n + 1 rows of its own width: a narrow last block takes no more.
    expect(t.table.length).toBe(11 * (WIDTH + 4));
    expect(runTable(5, 1, [cols[0]!]).table.length).toBe(11 * 2);
    for (let j = 0; j < k; j++) {
      let s = 0;
      for (let r = 0; r < 5; r++) {
        expect(rowAt(t, r, j)).toBe(cols[j]![r]);
        expect(prefixAt(t, r, j)).toBe(s);
        s += cols[j]![r]!;
      }
      expect(prefixAt(t, 5, j)).toBe(s);
    }
    // The padding column of the last block is 0 throughout.
    for (let r = 0; r <= 5; r++) expect(prefixAt(t, r, k)).toBe(0);
  });

  // Block lengths 1 to 30 give one-row and long runs; k = 1, 2, 3, 13, 100 and 37 (one, several and odd blocks).
  for (const [n, k, block] of [
    [50, 3, 1],
    [50, 13, 2],
    [97, 1, 3],
    [64, 2, 1],
    [300, 100, 3],
    [200, 13, 10],
    [200, 3, 30],
    [120, 37, 2],
  ] as const) {
    it(`adds the longer runs, then the one-row runs, as scalar sums do (n ${n}, k ${k}, block ${block})`, () => {
      const t = runTable(n, k, columns(n, k, n + k));
      const rs = new RunSums(t);
      const sb = new StationaryBootstrap(new Mt19937(block), n, 1 / block);
      const expected: number[][] = [];
      for (let rep = 0; rep < 20; rep++) {
        const runs = sb.nextRuns();
        rs.push(sb.starts, sb.ends, runs);
        expected.push(runByRun(t, sb.starts, sb.ends, runs));
      }
      expect(rs.resamples).toBe(20);
      expect(sumsOf(rs, t)).toEqual(expected);
    });
  }

  it("a cleared chunk starts again from its first resample", () => {
    const t = runTable(40, 5, columns(40, 5, 2));
    const rs = new RunSums(t);
    const sb = new StationaryBootstrap(new Mt19937(9), 40, 1 / 3);
    rs.push(sb.starts, sb.ends, sb.nextRuns());
    rs.clear();
    const runs = sb.nextRuns();
    rs.push(sb.starts, sb.ends, runs);
    expect(rs.resamples).toBe(1);
    expect(sumsOf(rs, t)).toEqual([runByRun(t, sb.starts, sb.ends, runs)]);
  });

  it("sums the resampled positions' values (hand case: a two-row run, then one-row runs)", () => {
    // Rows t = 0..4 hold (t + 1, 10 (t + 1)); runs [3, 5) then [0, 1) and [4, 5) alternating.
    const t = runTable(5, 2, [Float64Array.of(1, 2, 3, 4, 5), Float64Array.of(10, 20, 30, 40, 50)]);
    const runs = 11;
    const starts = Int32Array.from({ length: runs }, (_, r) => (r === 0 ? 3 : r % 2 ? 0 : 4));
    const ends = Int32Array.from(starts, (s) => (s === 3 ? 5 : s + 1));
    const rs = new RunSums(t);
    rs.push(starts, ends, runs);
    const ones = Math.ceil((runs - 1) / 2);
    const fives = runs - 1 - ones;
    expect([...rs.sumBlock(0).subarray(0, 2)]).toEqual([9 + ones + 5 * fives, 90 + 10 * ones + 50 * fives]);
  });

  it("SIMD steps follow the runs, not the positions: sum over resamples of runs x K / 2", async () => {
    const n = 300;
    const k = 6;
    const g = new Mt19937(4);
    const bench = Array.from({ length: n }, () => g.nextFloat() - 0.5);
    const models = Array.from({ length: k }, () => bench.map((x) => x + g.nextFloat() - 0.5));
    const diff = differentials(bench, models);
    const passesAt = async (block: number) => {
      const before = simdPasses.count;
      await bootstrapCounts(diff, studentize(diff, block), block, 40, 3);
      return simdPasses.count - before;
    };
    const expected = (block: number) => {
      const sb = new StationaryBootstrap(new Mt19937(3), n, 1 / block);
      let passes = 0;
      for (let rep = 0; rep < 40; rep++) passes += sb.nextRuns() * (k / 2);
      return passes;
    };
    const [one, ten] = [await passesAt(1), await passesAt(10)];
    expect(one).toBe(expected(1));
    expect(ten).toBe(expected(10));
    // Block 1: n runs per resample; block 10: about n / 10 (plus a wrap).
    expect(one).toBe(40 * n * (k / 2));
    expect(one / ten).toBeGreaterThan(7);
  });
});

describe("SPA index draws in WebAssembly", () => {
  // n = 64 divides 2^32 (every word is kept by a position draw); n = 97 rejects some; block 1 restarts at every row.
  for (const [n, block, seed] of [
    [97, 3, 5],
    [64, 1, 0],
    [200, 10, 4294967295],
    [50, 50, 7],
    [2520, 2, 42],
  ] as const) {
    it(`draws the runs of StationaryBootstrap.nextRuns on the same MT19937 stream (n ${n}, block ${block})`, () => {
      const k = 3;
      const t = runTable(n, k, columns(n, k, n));
      const [drawn, pushed] = [new RunSums(t), new RunSums(t)];
      const draws = new RunDraws(t.memory, t.drawsAt, n, 1 / block, seed);
      const sb = new StationaryBootstrap(new Mt19937(seed), n, 1 / block);
      // Enough resamples to cross several MT19937 twists (624 words each).
      const reps = Math.max(3, Math.ceil(3000 / n));
      const expected: number[][] = [];
      for (let rep = 0; rep < reps; rep++) {
        drawn.draw(draws);
        const runs = sb.nextRuns();
        pushed.push(sb.starts, sb.ends, runs);
        expected.push(runByRun(t, sb.starts, sb.ends, runs));
      }
      const sums = sumsOf(drawn, t);
      expect(sums).toEqual(sumsOf(pushed, t));
      expect(sums).toEqual(expected);
    });
  }
});

/**
 * The layered stretches of a resample (an independent statement of _spa_test_segments_wasm.ts): c_t the times
 * position t was drawn, layer L each maximal [s, e) with c_t >= L; in the order the merge writes them, by end,
 * then the later start first.
 */
function stretchesOf(n: number, starts: Int32Array, ends: Int32Array, runs: number): [number, number][] {
  const c = new Int32Array(n + 1);
  for (let r = 0; r < runs; r++) for (let t = starts[r]!; t < ends[r]!; t++) c[t]!++;
  const out: [number, number][] = [];
  for (let layer = 1; layer <= Math.max(...c); layer++)
    for (let t = 0; t < n; t++) {
      if (c[t]! < layer || (t > 0 && c[t - 1]! >= layer)) continue;
      let e = t;
      while (c[e]! >= layer) e++;
      out.push([t, e]);
    }
  return out.sort((a, b) => a[1] - b[1] || b[0] - a[0]);
}

describe("SPA index draws merged into stretches", () => {
  it("writes the fewest stretches of a hand case: a run's end meeting a run's start, and three layers", () => {
    // Runs [0, 3), [1, 2) twice, [2, 5): drawn 1, 3, 2, 1, 1 times; stretches [1, 2), [1, 3), [0, 5).
    const starts = Int32Array.of(0, 1, 1, 2);
    const ends = Int32Array.of(3, 2, 2, 5);
    expect(stretchesOf(6, starts, ends, 4)).toEqual([
      [1, 2],
      [1, 3],
      [0, 5],
    ]);
    // The WebAssembly merge of the same marks (+1 at 0, +2 at 1, -1 at 2, -1 at 3, -1 at 5): pairs (end, start)
    // (3, 1) and (5, 0), the single row n + 1 + 1; the marks read back as 0.
    const n = 6;
    const memory = memoryOf(4096);
    const words = new Int32Array(memory.buffer);
    const [marksAt, stackAt, pairsAt, singlesAt] = [0, 256, 512, 1024];
    words.set([1, 2, -1, -1, 0, -1, 0], marksAt / 4);
    const pairs = segmentsOver(memory)(marksAt, stackAt, n, pairsAt, singlesAt);
    expect([pairs, words[stackAt / 4]]).toEqual([2, 1]);
    expect([...words.subarray(pairsAt / 4, pairsAt / 4 + 4)]).toEqual([3, 1, 5, 0]);
    expect(words[singlesAt / 4]).toBe(n + 1 + 1);
    expect([...words.subarray(0, n + 1)]).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  // Block 1 at n = 20 draws positions many times over (marks beyond -1..+1); longer blocks, overlapping runs.
  for (const [n, k, block, seed] of [
    [20, 3, 1, 1],
    [97, 5, 1, 2],
    [200, 17, 2, 3],
    [300, 6, 3, 4],
    [150, 2, 10, 5],
    [2520, 3, 3, 42],
  ] as const) {
    it(`sums each resample's stretches, bit for bit as scalar sums of them (n ${n}, block ${block})`, () => {
      const t = runTable(n, k, columns(n, k, n * k));
      const merged = new RunSums(t);
      const draws = new RunDraws(t.memory, t.drawsAt, n, 1 / block, seed, true);
      const sb = new StationaryBootstrap(new Mt19937(seed), n, 1 / block);
      const reps = Math.max(3, Math.ceil(3000 / n));
      const expected: number[][] = [];
      let runs = 0;
      let stretches = 0;
      for (let rep = 0; rep < reps; rep++) {
        const before = merged.runsHeld;
        merged.draw(draws);
        const r = sb.nextRuns();
        const all = stretchesOf(n, sb.starts, sb.ends, r);
        expect(merged.runsHeld - before).toBe(all.length);
        const sums = new Float64Array(k);
        for (const [s, e] of [...all.filter(([s, e]) => e - s > 1), ...all.filter(([s, e]) => e - s === 1)])
          for (let j = 0; j < k; j++) sums[j] += e - s === 1 ? rowAt(t, s, j) : prefixAt(t, e, j) - prefixAt(t, s, j);
        expected.push([...sums]);
        runs += r;
        stretches += all.length;
      }
      expect(sumsOf(merged, t)).toEqual(expected);
      // Fewer stretches than runs, the more so at short blocks.
      expect(stretches).toBeLessThan(block === 10 ? runs : 0.85 * runs);
    });
  }

  it("gives the bootstrap the counts the runs give, and merges by itself at many blocks per block length", async () => {
    const n = 400;
    const g = new Mt19937(8);
    const bench = Array.from({ length: n }, () => g.nextFloat() - 0.5);
    const noise = Array.from({ length: 300 }, () => bench.map(() => g.nextFloat() - 0.5));
    const panel = (k: number) => noise.slice(0, k).map((e, j) => bench.map((x, t) => x + 0.02 * (j % 3) + e[t]!));
    const countsWith = async (k: number, block: number, force: boolean | null) => {
      merging.force = force;
      const before = drawSteps.count;
      try {
        const diff = differentials(bench, panel(k));
        const c = await bootstrapCounts(diff, studentize(diff, block), block, 60, 11);
        return { counts: { ...c, individual: [...c.individual] }, steps: drawSteps.count - before };
      } finally {
        merging.force = null;
      }
    };
    for (const [k, block] of [
      [40, 1],
      [40, 2],
      [7, 3],
    ] as const) {
      const [runs, merged] = [await countsWith(k, block, false), await countsWith(k, block, true)];
      expect(merged.counts).toEqual(runs.counts);
      // Merging reads the n + 1 marks of each resample: more draw steps.
      expect(merged.steps).toBeGreaterThan(runs.steps + 60 * n);
    }
    // 19 blocks (K = 300): merged at block 2 (19 >= 16), not at block 3 (19 < 24).
    const auto = async (block: number) => (await countsWith(300, block, null)).steps;
    const forced = async (block: number, force: boolean) => (await countsWith(300, block, force)).steps;
    expect(await auto(2)).toBe(await forced(2, true));
    expect(await auto(3)).toBe(await forced(3, false));
  });
});
