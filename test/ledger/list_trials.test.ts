// list_trials in process: the count, per-experiment counts, the annualised Sharpes' spread and bins, the
// digest and since the guards' evidence carries, a reported Sharpe's rank; no ledger is an answer, not an error.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { callToolUntyped, configureLedger } from "../../src/runtime/index.js";
import { ordinal, quantileSorted, sharpeHistogram, sharpeRank } from "../../src/lib/sharpe_distribution.js";
import { costArgs, noise, sharpe252 } from "../server/ledger_fixtures.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "fin-list-trials-"));
afterAll(() => configureLedger({ ledger: null }));

const grid = Array.from({ length: 12 }, (_, i) => noise(500 + i));
const other = Array.from({ length: 5 }, (_, i) => noise(900 + i));
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe("the Sharpe distribution helpers", () => {
  it("bins every Sharpe once, edges one more than counts, the maximum in the last bin", () => {
    const xs = grid.map(sharpe252);
    const h = sharpeHistogram(xs);
    expect(h.edges.length).toBe(h.counts.length + 1);
    expect(sum(h.counts)).toBe(xs.length);
    expect(h.edges[0]).toBe(Math.min(...xs));
    expect(h.edges.at(-1)).toBe(Math.max(...xs));
    expect(h.counts.length).toBe(Math.ceil(Math.log2(xs.length)) + 1);
    const one = sharpeHistogram([0.7, 0.7]);
    expect(one.counts).toEqual([2]);
    expect(one.edges[0]).toBeCloseTo(0.2, 12);
    expect(one.edges[1]).toBeCloseTo(1.2, 12);
  });
  it("ranks with ties sharing the better place, and words ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
      "111th",
    ]);
    expect(sharpeRank([0.1, 0.5, 0.5, 0.9], 0.5)).toEqual({
      sharpe: 0.5,
      rank: 2,
      of: 4,
      at_or_above: 3,
      share_at_or_above: 3 / 4,
      text: "2nd of 4",
    });
    expect(sharpeRank([], 1)).toBe(null);
  });
  it("ranks on full precision: two Sharpes the summary prints alike (3 decimals) still rank apart", () => {
    const recorded = [1.23449, 1.23401];
    expect(new Set(recorded.map((x) => x.toFixed(3))).size).toBe(1);
    expect(sharpeRank(recorded, 1.2342)).toMatchObject({ rank: 2, at_or_above: 1, text: "2nd of 2" });
    expect(sharpeRank(recorded, 1.23401)).toMatchObject({ rank: 2, at_or_above: 2 });
    expect(sharpeRank(recorded, 1.234)).toMatchObject({ rank: 3, at_or_above: 2 });
    expect(sharpeRank(recorded, 1.2345)).toMatchObject({ rank: 1, at_or_above: 0 });
  });
  it("interpolates quantiles linearly between order statistics", () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBe(1.75);
  });
});

describe("list_trials", () => {
  it("says plainly that no ledger is kept when none is configured", async () => {
    await configureLedger({ ledger: null });
    const r = (await callToolUntyped("list_trials", { sharpe: 1 })) as any;
    expect(r.kept).toBe(false);
    expect(r.summary).toContain("no research ledger is kept");
    expect(r.count).toBeUndefined();
  });

  it("reports the count, experiments, spread, digest and rank the guards see", async () => {
    await configureLedger({ ledger: path.join(dir, "a.sqlite"), name: "study" });
    for (const s of grid) await callToolUntyped("check_cost_curve", { ...costArgs(s), experiment: "grid" });
    for (const s of other) await callToolUntyped("check_cost_curve", costArgs(s));
    const sharpes = [...grid, ...other].map(sharpe252);
    const sorted = [...sharpes].sort((a, b) => a - b);
    // Between the 3rd and 4th largest: 3 recorded Sharpes are above it, so it ranks 4th.
    const reported = (sorted.at(-3)! + sorted.at(-4)!) / 2;
    const r = (await callToolUntyped("list_trials", { sharpe: reported })) as any;
    expect(r).toMatchObject({ kept: true, ledger: "study", experiment: null, backend: "sqlite" });
    expect(r.count).toBe(sharpes.length);
    expect(r.experiments).toEqual([
      { experiment: "grid", count: grid.length },
      { experiment: null, count: other.length },
    ]);
    expect(r.sharpes.n).toBe(sharpes.length);
    expect(r.sharpes.min).toBeCloseTo(sorted[0]!, 12);
    expect(r.sharpes.max).toBeCloseTo(sorted.at(-1)!, 12);
    const m = sum(sharpes) / sharpes.length;
    expect(r.sharpes.mean).toBeCloseTo(m, 12);
    expect(r.sharpes.sd).toBeCloseTo(Math.sqrt(sum(sharpes.map((x) => (x - m) ** 2)) / (sharpes.length - 1)), 12);
    expect(r.sharpes.median).toBeCloseTo(quantileSorted(sorted, 0.5), 12);
    expect(sum(r.sharpes.histogram.counts)).toBe(sharpes.length);
    expect(r.rank).toMatchObject({ rank: 4, of: sharpes.length, at_or_above: 3, text: `4th of ${sharpes.length}` });
    expect(r.rank.share_at_or_above).toBe(3 / sharpes.length);
    expect(r.summary).toContain(`ranks 4th of ${sharpes.length} recorded`);

    const verdict = (await callToolUntyped("check_trial_ledger", {
      best_sharpe: reported,
      n_obs: 756,
      n_trials: 2,
    })) as any;
    expect(r.digest).toBe(verdict.evidence.ledger.digest);
    expect(r.since).toBe(verdict.evidence.ledger.since);
    expect(verdict.evidence.n_trials).toBe(r.count);
  });

  it("reports one experiment, leaves rank null without a sharpe; a labelled verdict counts them all", async () => {
    const r = (await callToolUntyped("list_trials", { experiment: "grid" })) as any;
    expect(r.count).toBe(grid.length);
    expect(r.sharpes.n).toBe(grid.length);
    expect(r.rank).toBe(null);
    const whole = (await callToolUntyped("list_trials", {})) as any;
    const verdict = (await callToolUntyped("check_trial_ledger", {
      best_sharpe: 1,
      n_obs: 756,
      n_trials: 1,
      experiment: "grid",
    })) as any;
    const all = grid.length + other.length;
    expect(verdict.evidence.ledger).toMatchObject({ experiment: null, count: all, digest: whole.digest });
    expect(verdict.evidence.ledger.digest).not.toBe(r.digest);
    expect(verdict.evidence.n_trials).toBe(all);
  });

  it("answers an empty named ledger with a zero count and no spread", async () => {
    const r = (await callToolUntyped("list_trials", { sharpe: 1 }, { ledger: "untouched" })) as any;
    expect(r).toMatchObject({ kept: true, ledger: "untouched", count: 0, sharpes: null, rank: null, since: null });
    expect(r.summary).toContain("no recorded Sharpe to rank 1 among");
  });
});
