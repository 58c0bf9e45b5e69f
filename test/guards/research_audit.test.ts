import { describe, expect, it } from "vitest";
import { BadInputError } from "../../src/contract/guard.js";
import { Mt19937 } from "../../src/lib/prng.js";
import { makeFrame } from "../../src/lib/frame.js";
import { phiInv } from "../../src/lib/normal.js";
import { withRunContext, type ProgressEvent } from "../../src/lib/progress.js";
import { check } from "../../guards/research_audit.js";

type Ev = Record<string, any>;
const GAMMA = 0.5772156649015329;
const E = 2.718281828459045;

async function run(...args: Parameters<typeof check>) {
  const out = await check(...args);
  return { ...out, ev: out.evidence as Ev, passed: !out.findings.some((f) => f.severity === "error") };
}

function gauss(g: Mt19937): number {
  const u = 1 - g.nextFloat();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * g.nextFloat());
}

/** T x 20 panel of N(0, 0.01), column c0 shifted by `edge` per period. */
function noiseFrame(seed: number, edge = 0, rows = 1008, cols = 20) {
  const g = new Mt19937(seed);
  const data: Record<string, number[]> = {};
  for (let c = 0; c < cols; c++)
    data[`c${c}`] = Array.from({ length: rows }, () => 0.01 * gauss(g) + (c === 0 ? edge : 0));
  return makeFrame(data);
}

const A = [0.01, 0.03, -0.02, 0.0];
const B = [0.0, 0.01, 0.01, 0.03];

describe("research_audit spec examples", () => {
  it("1: E_N anchors and MinBTL at an annual Sharpe of 1", async () => {
    const anchors: [number, number][] = [
      [2, 0.519755],
      [3, 0.852804],
      [10, 1.574598],
      [45, 2.23564],
      [50, 2.276303],
      [100, 2.530603],
      [1000, 3.255122],
    ];
    for (const [n, e] of anchors) {
      const r = await run(1, 252, n);
      expect(r.ev.expected_max_sharpe).toBeCloseTo(e, 6); // 1 year: E_N / sqrt(1)
      expect(r.ev.min_btl_years).toBeCloseTo(e * e, 5);
    }
    expect((await run(1, 252, 45)).ev.min_btl_years).toBeCloseTo(4.998, 3);
    expect((await run(1, 252, 7)).ev.min_btl_years).toBeCloseTo(1.923, 3);
    expect((await run(1, 252, 50)).ev.min_btl_years).toBeCloseTo(5.18, 2);
  });

  it("2: 45 trials over 4 years fail, over 5 years pass; Sharpe 2 after 50 trials passes", async () => {
    const a = await run(1.0, 1008, 45, 252);
    expect(a.ev.sample_years).toBe(4);
    expect(a.ev.min_btl_years).toBeCloseTo(4.998, 3);
    expect(a.ev.credible).toBe(false);
    expect(a.ev.shortfall_years).toBeCloseTo(0.998, 3);
    expect(a.ev.expected_max_sharpe).toBeCloseTo(1.11782, 5);
    expect(a.passed).toBe(false);
    const err = a.findings.find((f) => f.severity === "error")!;
    expect(err.where).toBe("minbtl");
    expect(err.message).toContain(
      "4 years cannot support an annualised Sharpe of 1 after 45 trials: MinBTL 4.9981 years, short by 0.9981",
    );
    expect(err.message).toContain("Expected max Sharpe from noise alone at this length is 1.1178");
    // Five years meet the MinBTL, but the Sharpe sits at E[max Sharpe] 0.9998: the deflated Sharpe is
    // about 0.5, so since issue #16 the audit is not credible and fails (as check_trial_ledger does).
    const b = await run(1.0, 1260, 45, 252);
    expect(b.ev.sample_years).toBe(5);
    expect(b.ev.shortfall_years).toBe(0);
    expect(b.findings.find((f) => f.where === "minbtl")!.severity).toBe("info");
    expect(b.ev.dsr).toBeCloseTo(0.5, 1);
    expect(b.ev.credible).toBe(false);
    expect(b.passed).toBe(false);
    const dsrError = b.findings.find((f) => f.where === "dsr" && f.severity === "error")!;
    expect(dsrError.message).toContain(
      "the sample meets the MinBTL but the Sharpe is NOT distinguishable from the best of 45 noise trials",
    );
    // The DSR and its threshold at the precision trial_ledger writes them (verdictNumber: 4 decimals, trimmed).
    const dsrText = String(Number((b.ev.dsr as number).toFixed(4)));
    expect(dsrError.message).toContain(`deflated Sharpe ${dsrText} vs threshold 0.95 with E[max Sharpe] 0.9998`);
    const c = await run(2.0, 1008, 50);
    expect(c.ev.min_btl_years).toBeCloseTo(1.2954, 4);
    expect(c.ev.credible).toBe(true);
    expect(c.ev.shortfall_years).toBe(0);
    expect(c.passed).toBe(true);
  });

  it("3: hand-derived CSCV, T = 4, S = 2 -> PBO 1, FAIL", async () => {
    const r = await run(3, 2520, 2, 252, makeFrame({ A, B }), 2);
    expect(r.ev.pbo).toBe(1);
    expect(r.ev.logit_quantiles.p0).toBeCloseTo(-0.6931, 4);
    expect(r.ev.logit_quantiles.p100).toBeCloseTo(-0.6931, 4);
    expect(r.ev.logit_histogram.counts).toEqual([0, 0, 0, 2, 0, 0, 0, 0]);
    expect(r.ev.n_combinations).toBe(2);
    expect(r.ev.n_blocks).toBe(2);
    expect(r.ev.n_configs).toBe(2);
    expect(r.ev.n_distinct_winners).toBe(2);
    // Winner OS scores: -0.7071 (A) and 0.7071 (B): one of two splits loses.
    expect(r.ev.prob_oos_loss).toBe(0.5);
    // Both winners score 1.4142 in-sample (A on rows 0-1, B on rows 2-3 hold the same values): no slope.
    expect(r.ev.degradation_slope).toBeNull();
    expect(r.ev.credible).toBe(true);
    expect(r.passed).toBe(false);
    const pbo = r.findings.filter((f) => f.where === "pbo");
    expect(pbo[0]!.severity).toBe("error");
    expect(pbo[0]!.message).toBe(
      "PBO 1 over 2 CSCV splits (S = 2, N = 2): at or above the 0.5 failure line (pbo_max): " +
        "the in-sample winner is a coin flip out of sample",
    );
    expect(pbo.some((f) => f.severity === "warning" && f.message.includes("PBO is coarse"))).toBe(true);
  });

  it("4: tie rule: two identical columns -> rank 1 on both splits, PBO 1", async () => {
    const r = await run(1, 252, 2, 252, makeFrame({ A, A2: A.slice() }), 2);
    expect(r.ev.pbo).toBe(1);
    expect(r.ev.logit_quantiles.p50).toBeCloseTo(Math.log(1 / 3 / (2 / 3)), 12);
    expect(r.ev.n_distinct_winners).toBe(1);
    expect(r.ev.mean_abs_correlation).toBeCloseTo(1, 12);
    expect(
      r.findings.some((f) => f.severity === "warning" && f.message.includes("far fewer effective trials than columns")),
    ).toBe(true);
  });

  it(
    "5: T = 1008, 20 noise columns, S = 10: skill gives PBO well below 0.5, noise sits near the no-skill line " +
      "and fails",
    async () => {
      const skilled = await run(3, 1008, 20, 252, noiseFrame(4, (3 * 0.01) / Math.sqrt(252)), 10);
      expect(skilled.ev.pbo).toBeLessThan(0.1);
      expect(skilled.ev.n_combinations).toBe(252);
      const noise = await run(1, 1008, 20, 252, noiseFrame(4), 10);
      expect(noise.ev.pbo).toBeGreaterThanOrEqual(0.5);
      expect(noise.ev.no_skill_pbo).toBe(0.5);
      expect(noise.findings.find((f) => f.where === "pbo")!.severity).toBe("error");
      let sum = 0;
      for (let seed = 1; seed <= 8; seed++) sum += (await run(1, 1008, 20, 252, noiseFrame(seed), 10)).ev.pbo;
      expect(sum / 8).toBeGreaterThan(0.35);
      expect(sum / 8).toBeLessThan(0.75);
    },
  );
});

describe("research_audit by hand and conventions", () => {
  it("MinBTL from the formula with gamma and e", async () => {
    const n = 12;
    const en = (1 - GAMMA) * phiInv(1 - 1 / n) + GAMMA * phiInv(1 - 1 / (n * E));
    const r = await run(1.5, 504, n, 126);
    expect(r.ev.sample_years).toBe(4);
    expect(r.ev.min_btl_years).toBeCloseTo((en / 1.5) ** 2, 12);
    expect(r.ev.expected_max_sharpe).toBeCloseTo(en / 2, 12);
  });

  it("a non-positive Sharpe gives MinBTL Infinity and fails; N = 1 gives 0 with a warning", async () => {
    const neg = await run(-0.5, 2520, 10);
    expect(neg.ev.min_btl_years).toBe(Infinity);
    expect(neg.ev.shortfall_years).toBe(Infinity);
    expect(neg.ev.credible).toBe(false);
    expect(neg.passed).toBe(false);
    const one = await run(0.5, 252, 1);
    expect(one.ev.min_btl_years).toBe(0);
    expect(one.ev.expected_max_sharpe).toBe(0);
    // A Sharpe of 0.5 over one year is not distinguishable from 0 (DSR = PSR about 0.69): fails since issue #16.
    expect(one.ev.dsr).toBeCloseTo(0.6915, 3);
    expect(one.passed).toBe(false);
    const minbtl = one.findings.find((f) => f.where === "minbtl");
    expect(minbtl).toEqual(expect.objectContaining({ severity: "warning" }));
    expect(minbtl!.message).toContain("one trial: nothing to deflate");
  });

  it("raises n_trials to the panel's column count with a warning", async () => {
    const r = await run(1, 1008, 3, 252, noiseFrame(2, 0, 40, 6), 4);
    expect(r.ev.n_trials).toBe(6);
    expect(r.findings[0]).toEqual(expect.objectContaining({ severity: "warning", where: "n_trials" }));
    expect(r.findings[0]!.message).toContain("below the N configurations in model_returns; using N");
    expect(r.ev.n_combinations).toBe(6);
  });

  it("without model_returns PBO is skipped with a warning; evidence keys in order", async () => {
    const r = await run(1, 1260, 45);
    expect(Object.keys(r.ev)).toEqual([
      "n_trials",
      "sharpe_annual",
      "sample_years",
      "min_btl_years",
      "credible",
      "shortfall_years",
      "expected_max_sharpe",
      "dsr",
      "dsr_threshold",
      "sharpe_variance",
      "sharpe_variance_source",
      "n_trials_declared",
      "n_trials_source",
      "ledger",
      "n_trials_recorded",
      "n_trials_effective",
      "effective_trials",
      "inputs_source",
      "measured",
      "not_checked",
      "pbo",
      "model_returns_source",
      "ledger_panel",
      "pbo_reading",
      "logit_quantiles",
      "logit_histogram",
      "n_combinations",
      "n_blocks",
      "n_configs",
      "rank_convention",
      "no_skill_pbo",
      "threshold",
      "prob_oos_loss",
      "degradation_slope",
      "n_distinct_winners",
      "mean_abs_correlation",
      "metric",
    ]);
    expect([
      r.ev.pbo,
      r.ev.logit_quantiles,
      r.ev.n_combinations,
      r.ev.n_blocks,
      r.ev.n_configs,
      r.ev.prob_oos_loss,
    ]).toEqual([null, null, null, null, null, null]);
    expect(r.ev.threshold).toBe(0.5);
    expect(r.ev.no_skill_pbo).toBeCloseTo(23 / 45, 15);
    expect(r.ev.rank_convention).toContain("the in-sample winner takes the lowest rank in its out-of-sample tie group");
    const w = r.findings.at(-1)!;
    expect([w.severity, w.where]).toEqual(["warning", "pbo"]);
    expect(w.message).toContain("PBO was not computed: give model_returns");
  });

  it("warns between 0.05 and pbo_max, reports no_skill_pbo 0.6 for 5 columns", async () => {
    // Moderate skill on c0 of a 5-column panel.
    const r = await run(1, 1008, 5, 252, noiseFrame(9, 0.0003, 400, 5), 8, 0.9);
    expect(r.ev.no_skill_pbo).toBe(0.6);
    expect(r.ev.pbo).toBeCloseTo(0.1, 12); // 7 of 70 splits
    const pbo = r.findings.filter((f) => f.where === "pbo").map((f) => f.severity);
    expect(pbo).toEqual(["warning"]);
    // One reading per number: the PBO, then where it sits against each line, then the no-skill level.
    expect(r.findings.at(-1)!.message).toBe(
      "PBO 0.1 over 70 CSCV splits (S = 8, N = 5): below the 0.9 failure line (pbo_max), above the 0.05 clean " +
        "level (the paper's rejection level): exploratory, not evidence; a panel with no skill gives a PBO of " +
        "about 0.6",
    );
    expect(r.ev.pbo_reading).toBe("exploratory");
    expect(r.findings.some((f) => f.message.includes("PBO is coarse"))).toBe(false);
  });

  it("reports increasing progress and honours cancellation", async () => {
    const frame = noiseFrame(3, 0, 200, 30);
    const events: ProgressEvent[] = [];
    await withRunContext({ onProgress: (p) => events.push(p) }, () => check(1, 200, 30, 252, frame, 16));
    for (let i = 1; i < events.length; i++) expect(events[i]!.progress).toBeGreaterThan(events[i - 1]!.progress);
    expect(events.at(-1)).toEqual({ progress: 12870 + 30, total: 12870 + 30 });
    const ac = new AbortController();
    ac.abort(new Error("cancelled"));
    await expect(withRunContext({ signal: ac.signal }, () => check(1, 200, 30, 252, frame, 16))).rejects.toThrow(
      "cancelled",
    );
  });
});

describe("research_audit bad input", () => {
  const ok = makeFrame({ A, B });
  async function field(p: Promise<unknown>): Promise<string> {
    try {
      await p;
    } catch (e) {
      expect(e).toBeInstanceOf(BadInputError);
      return (e as BadInputError).field;
    }
    throw new Error("expected bad input");
  }
  it.each([
    ["best_sharpe", () => check(NaN, 100, 5)],
    ["best_sharpe", () => check(-Infinity, 100, 5)],
    ["n_obs", () => check(1, 1, 5)],
    ["n_obs", () => check(1, 2.5, 5)],
    ["n_trials", () => check(1, 100, 0)],
    ["periods_per_year", () => check(1, 100, 5, 0)],
    ["model_returns", () => check(1, 100, 5, 252, [1, 2] as never, 2)],
    ["model_returns", () => check(1, 100, 5, 252, makeFrame({ A }), 2)],
    ["model_returns/records/2/B", () => check(1, 100, 5, 252, makeFrame({ A, B: [0, 0.1, NaN, 0] }), 2)],
    ["model_returns/records/0/A", () => check(1, 100, 5, 252, makeFrame({ A: [Infinity, 0, 0, 0], B }), 2)],
    ["model_returns", () => check(1, 100, 5, 252, ok, 6)],
    ["n_blocks", () => check(1, 100, 5, 252, ok, 3)],
    ["n_blocks", () => check(1, 100, 5, 252, undefined, 0)],
    ["n_blocks", () => check(1, 100, 5, 252, undefined, 22)],
    ["n_blocks", () => check(1, 100, 5, 252, undefined, 4.5)],
    ["pbo_max", () => check(1, 100, 5, 252, undefined, 16, 0)],
    ["pbo_max", () => check(1, 100, 5, 252, undefined, 16, 1.01)],
  ])("%s", async (name, fn) => {
    expect(await field(fn())).toBe(name);
  });
  it("accepts pbo_max 1 and S = 20", async () => {
    const r = await run(1, 100, 5, 252, undefined, 20, 1);
    expect(r.ev.threshold).toBe(1);
  });
});

describe("research_audit PBO metric", () => {
  it('metric "mean" scores each half by its mean return (hand-derived T = 4, S = 2)', async () => {
    // Block 0 = rows 0-1, block 1 = rows 2-3. Means: A 0.02 | -0.01, B 0.005 | 0.02.
    // IS block 0: A wins (0.02), OOS A -0.01 < B 0.02: rank 1. IS block 1: B wins, OOS 0.005 < 0.02: rank 1.
    const r = await run(3, 2520, 2, 252, makeFrame({ A, B }), 2, 0.5, "mean");
    expect(r.ev.metric).toBe("mean");
    expect(r.ev.pbo).toBe(1);
    expect(r.ev.prob_oos_loss).toBe(0.5); // A's OOS mean -0.01 <= 0 on one split
    // Both winners score 0.02 in sample (A on block 0, B on block 1): the slope is undefined.
    expect(r.ev.degradation_slope).toBeNull();
  });
  it("rejects an unknown metric by name", async () => {
    await expect(check(1, 252, 2, 252, makeFrame({ A, B }), 2, 0.5, "median" as "mean")).rejects.toThrow(
      /^metric: must be "sharpe" or "mean"/,
    );
  });
});
