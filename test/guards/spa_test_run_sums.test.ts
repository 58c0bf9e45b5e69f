import { describe, expect, it } from "vitest";
import { Mt19937 } from "../../src/lib/prng.js";
import { StationaryBootstrap } from "../../src/lib/bootstrap.js";
import { RunSums, runTable } from "../../guards/_spa_test_run_sums.js";

/** An n x k table of uniform values in [-0.5, 0.5) from `seed`. */
function table(n: number, k: number, seed: number) {
  const g = new Mt19937(seed);
  return runTable(n, k, (rows) => {
    for (let i = 0; i < rows.length; i++) rows[i] = g.nextFloat() - 0.5;
  });
}

/** The sums one run at a time: a one-row run adds its row, a longer run its prefix difference. */
function runByRun(t: ReturnType<typeof table>, starts: Int32Array, ends: Int32Array, runs: number): Float64Array {
  const sums = new Float64Array(t.k);
  for (let r = 0; r < runs; r++)
    for (let j = 0; j < t.k; j++)
      sums[j] +=
        ends[r]! - starts[r]! === 1
          ? t.rows[starts[r]! * t.k + j]!
          : t.prefix[ends[r]! * t.k + j]! - t.prefix[starts[r]! * t.k + j]!;
  return sums;
}

describe("SPA run sums", () => {
  it("prefix row t is the sum of rows before t, column by column", () => {
    const t = table(5, 3, 1);
    for (let j = 0; j < 3; j++) {
      let s = 0;
      for (let r = 0; r < 5; r++) {
        expect(t.prefix[r * 3 + j]).toBe(s);
        s += t.rows[r * 3 + j]!;
      }
      expect(t.prefix[5 * 3 + j]).toBe(s);
    }
  });

  // Block lengths 1 to 30 give groups of eight runs, tails, one-row and long runs; k = 1, 3 and 13 columns.
  for (const [n, k, block] of [
    [50, 3, 1],
    [50, 13, 2],
    [97, 1, 3],
    [200, 13, 10],
    [200, 3, 30],
  ] as const) {
    it(`adds every run in order, bit for bit as run by run (n ${n}, k ${k}, block ${block})`, () => {
      const t = table(n, k, n + k);
      const sums = new RunSums(t);
      const sb = new StationaryBootstrap(new Mt19937(block), n, 1 / block);
      for (let rep = 0; rep < 20; rep++) {
        const runs = sb.nextRuns();
        const got = new Float64Array(k);
        sums.add(got, sb.starts, sb.ends, runs);
        expect([...got]).toEqual([...runByRun(t, sb.starts, sb.ends, runs)]);
      }
    });
  }

  it("sums the resampled positions' values (hand case: runs [3, 5), [0, 1) and [4, 5) of 5 rows)", () => {
    const t = runTable(5, 2, (rows) => rows.set([1, 10, 2, 20, 3, 30, 4, 40, 5, 50]));
    const got = new Float64Array(2);
    new RunSums(t).add(got, Int32Array.of(3, 0, 4), Int32Array.of(5, 1, 5), 3);
    expect([...got]).toEqual([4 + 5 + 1 + 5, 40 + 50 + 10 + 50]);
  });
});
