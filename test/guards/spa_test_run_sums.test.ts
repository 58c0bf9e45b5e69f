import { describe, expect, it } from "vitest";
import { Mt19937 } from "../../src/lib/prng.js";
import { StationaryBootstrap } from "../../src/lib/bootstrap.js";
import { RunSums, type RunTable, runTable } from "../../guards/_spa_test_run_sums.js";
import { GROUP } from "../../guards/_spa_test_run_sums_wasm.js";

/** An n x k table of uniform values in [-0.5, 0.5) from `seed`. */
function table(n: number, k: number, seed: number): RunTable {
  const g = new Mt19937(seed);
  return runTable(n, k, (rows, stride) => {
    for (let t = 0; t < n; t++) for (let j = 0; j < k; j++) rows[t * stride + j] = g.nextFloat() - 0.5;
  });
}

/** The k sums one run at a time, in scalar code: a one-row run adds its row, a longer run its prefix difference. */
function runByRun(t: RunTable, starts: Int32Array, ends: Int32Array, runs: number): number[] {
  const { k, stride, rows, prefix } = t;
  const sums = new Float64Array(k);
  for (let r = 0; r < runs; r++)
    for (let j = 0; j < k; j++)
      sums[j] +=
        ends[r]! - starts[r]! === 1
          ? rows[starts[r]! * stride + j]!
          : prefix[ends[r]! * stride + j]! - prefix[starts[r]! * stride + j]!;
  return [...sums];
}

describe("SPA run sums", () => {
  it("prefix row t is the sum of rows before t, column by column; an odd k gets a zero column", () => {
    const t = table(5, 3, 1);
    expect(t.stride).toBe(4);
    for (let j = 0; j < 4; j++) {
      let s = 0;
      for (let r = 0; r < 5; r++) {
        expect(t.prefix[r * 4 + j]).toBe(s);
        s += t.rows[r * 4 + j]!;
      }
      expect(t.prefix[5 * 4 + j]).toBe(j === 3 ? 0 : s);
    }
  });

  // Block lengths 1 to 30 give full groups of runs, tails, one-row and long runs; k = 1, 2, 3, 13 and 100.
  for (const [n, k, block] of [
    [50, 3, 1],
    [50, 13, 2],
    [97, 1, 3],
    [64, 2, 1],
    [300, 100, 3],
    [200, 13, 10],
    [200, 3, 30],
  ] as const) {
    it(`adds every run in order, bit for bit as scalar run-by-run sums (n ${n}, k ${k}, block ${block})`, () => {
      const t = table(n, k, n + k);
      const rs = new RunSums(t);
      const sb = new StationaryBootstrap(new Mt19937(block), n, 1 / block);
      for (let rep = 0; rep < 20; rep++) {
        const runs = sb.nextRuns();
        rs.sums.fill(0);
        rs.add(sb.starts, sb.ends, runs);
        expect([...rs.sums.subarray(0, k)]).toEqual(runByRun(t, sb.starts, sb.ends, runs));
      }
    });
  }

  it("adds onto the sums it holds (two calls: both resamples' runs)", () => {
    const t = table(40, 5, 2);
    const rs = new RunSums(t);
    const sb = new StationaryBootstrap(new Mt19937(9), 40, 1);
    const a = sb.nextRuns();
    const [sa, ea] = [sb.starts.slice(), sb.ends.slice()];
    rs.sums.fill(0);
    rs.add(sa, ea, a);
    const b = sb.nextRuns();
    rs.add(sb.starts, sb.ends, b);
    const both = (i: Int32Array, j: Int32Array) => Int32Array.from([...i.subarray(0, a), ...j.subarray(0, b)]);
    expect([...rs.sums.subarray(0, 5)]).toEqual(runByRun(t, both(sa, sb.starts), both(ea, sb.ends), a + b));
  });

  it(`sums the resampled positions' values (hand case: ${GROUP + 3} runs, one full group and a tail)`, () => {
    // Rows t = 0..4 hold (t + 1, 10 (t + 1)); runs [3, 5) then [0, 1) and [4, 5) alternating.
    const t = runTable(5, 2, (rows) => rows.set([1, 10, 2, 20, 3, 30, 4, 40, 5, 50]));
    const runs = GROUP + 3;
    const starts = Int32Array.from({ length: runs }, (_, r) => (r === 0 ? 3 : r % 2 ? 0 : 4));
    const ends = Int32Array.from(starts, (s) => (s === 3 ? 5 : s + 1));
    const rs = new RunSums(t);
    rs.add(starts, ends, runs);
    const ones = Math.ceil((runs - 1) / 2);
    const fives = runs - 1 - ones;
    expect([...rs.sums]).toEqual([9 + ones + 5 * fives, 90 + 10 * ones + 50 * fives]);
  });
});
