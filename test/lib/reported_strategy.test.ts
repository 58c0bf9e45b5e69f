// The reported strategy measured and the declared numbers bounded, on hand-checked numbers: the binned
// (dilution-proof) spread, the measured moments of a 4-point series, the rounding a declared number may
// differ by, and the ledger's longest track record and highest Sharpe as ceilings.
import { describe, expect, it } from "vitest";
import { Outcome, type LedgerSummary } from "../../src/contract/guard.js";
import { BinnedSpread, dilutionProofVariance } from "../../src/lib/recorded_spread.js";
import { measureReturns, reconcile } from "../../src/lib/reported_strategy.js";
import { boundObservations, checkReportedSharpe } from "../../src/lib/ledger_bounds.js";
import { honestSpread } from "../../src/lib/trial_count.js";
import { check as trialLedger } from "../../guards/trial_ledger.js";
import { check as researchAudit } from "../../guards/research_audit.js";
import { variance } from "../../src/lib/stats.js";

const ledger = (sharpes: number[], longestNObs = 756): LedgerSummary => ({
  ledger: "study",
  experiment: null,
  count: sharpes.length,
  sharpes,
  since: "2026-01-02T03:04:05.000Z",
  digest: "cd".repeat(32),
  longestNObs,
  maxSharpe: Math.max(...sharpes),
});
const u = undefined;

describe("the dilution-proof recorded spread", () => {
  it("counts each 0.05-wide bin once, at its members' mean", () => {
    // Bins 0 (0.001, 0.002, 0.003: mean 0.002) and 20 (1.01): variance (1.008)^2 / 2.
    expect(dilutionProofVariance([0.001, 0.002, 0.003, 1.01])).toBeCloseTo(0.508032, 12);
    expect(dilutionProofVariance([0.01, 0.02, 0.03])).toBeNull();
    expect(dilutionProofVariance([0.5, Number.NaN, -0.5])).toBeCloseTo(0.5, 12);
  });
  it("gives exactly the bins' means in order of first occurrence, however far apart the bins lie", () => {
    // A reference: bins in a Map (insertion order), each mean a sum in recording order.
    const reference = (xs: number[]) => {
      const bins = new Map<number, number[]>();
      for (const x of xs)
        if (Number.isFinite(x)) bins.set(Math.floor(x / 0.05), [...(bins.get(Math.floor(x / 0.05)) ?? []), x]);
      return variance([...bins.values()].map((b) => b.reduce((a, x) => a + x, 0) / b.length));
    };
    const xs = Array.from({ length: 5000 }, (_, i) => Math.sin(i * 12.9898) * 3 - (i % 7 === 0 ? 0.0001 : 0));
    expect(dilutionProofVariance(xs)).toBe(reference(xs));
    // Bins beyond the typed arrays (a Sharpe of 1e6, of -1e3) are kept in a Map: the same numbers.
    const wide = [...xs.slice(0, 50), 1e6, Number.NaN, -1e3, 1e6 + 0.01, ...xs.slice(50, 80)];
    expect(dilutionProofVariance(wide)).toBe(reference(wide));
    // Kept as they arrive (a ledger tally's BinnedSpread): the same numbers, after every Sharpe.
    const kept = new BinnedSpread();
    wide.forEach((x, i) => {
      kept.add(x);
      expect(kept.variance()).toBe(i === 0 ? null : dilutionProofVariance(wide.slice(0, i + 1)));
    });
  });
  it("1,000 copies of one Sharpe weigh as one: the spread of [0.5, -0.5, 0.0123]", () => {
    const flood = [0.5, -0.5, ...Array(1000).fill(0.0123)];
    expect(variance(flood)).toBeLessThan(0.001);
    expect(dilutionProofVariance(flood)).toBeCloseTo(variance([0.5, -0.5, 0.0123]), 12);
  });
  it("a declared spread below the recorded one is raised to it with a warning naming both", () => {
    const out = new Outcome();
    expect(honestSpread(out, 0.01, ledger([0.5, -0.5]))).toEqual({ variance: 0.5, source: "ledger" });
    expect(out.done().findings[0]!.message).toBe(
      "you declared a Sharpe variance of 0.01; the Sharpes research ledger 'study' recorded spread by 0.5 " +
        "(annualised, near-copies within 0.05 counted once): the verdict uses 0.5",
    );
    expect(honestSpread(new Outcome(), 0.7, ledger([0.5, -0.5]))).toEqual({ variance: 0.7, source: "given" });
  });
});

describe("the reported strategy measured", () => {
  // Deviations from the mean 0.005: 0.005, -0.015, 0.015, -0.005 (sum of squares 0.0005).
  const r = { values: [0.01, -0.01, 0.02, 0] };

  it("measures Sharpe sqrt(0.6) at 4 periods a year, skew 0, raw kurtosis 1.64, lag-1 autocorrelation -0.75", () => {
    const m = measureReturns(new Outcome(), "returns", r, 4);
    expect(m.sharpeAnnual).toBeCloseTo(Math.sqrt(0.6), 12);
    expect(m.nObs).toBe(4);
    expect(m.skew).toBeCloseTo(0, 12);
    expect(m.kurtosis).toBeCloseTo(1.64, 12);
    expect(m.autocorrelation).toBeCloseTo(-0.75, 12);
  });
  it("refuses returns without spread, naming the field", () => {
    expect(() => measureReturns(new Outcome(), "returns", { values: [0.01, 0.01] }, 252)).toThrow(
      "returns: has no spread (every value equal): it has no Sharpe",
    );
  });
  it("accepts a declared number within rounding and names both beyond it", () => {
    const out = new Outcome();
    expect(reconcile(out, "best_sharpe", 0.77, Math.sqrt(0.6), Number.NaN)).toEqual({
      value: Math.sqrt(0.6),
      source: "measured",
    });
    expect(out.done().findings).toEqual([]);
    const off = new Outcome();
    reconcile(off, "best_sharpe", 0.76, Math.sqrt(0.6), Number.NaN);
    expect(off.done().findings[0]).toMatchObject({ severity: "error", where: "best_sharpe" });
    expect(off.done().findings[0]!.message).toContain("you declared 0.76, but the returns you sent measure 0.7746");
    // Half a percent above 1: 3.014 agrees with 3, 3.016 does not; a count must agree exactly.
    expect(reconcile(new Outcome(), "s", 3.014, 3, 0).source).toBe("measured");
    const big = new Outcome();
    reconcile(big, "s", 3.016, 3, 0);
    expect(big.done().findings).toHaveLength(1);
    const count = new Outcome();
    reconcile(count, "n_obs", 757, 756, 0, true);
    expect(count.done().findings).toHaveLength(1);
    expect(reconcile(new Outcome(), "skew", u, null, 0)).toEqual({ value: 0, source: "default" });
    expect(reconcile(new Outcome(), "skew", 0.3, null, 0)).toEqual({ value: 0.3, source: "declared" });
  });
});

describe("declared numbers bounded by the ledger", () => {
  it("caps a declared n_obs at the longest recorded trial, with an error naming both", () => {
    const out = new Outcome();
    expect(boundObservations(out, { value: 7560, source: "declared" }, ledger([0.1, 0.2]))).toEqual({
      value: 756,
      source: "ledger",
    });
    expect(out.done().findings[0]!.message).toBe(
      "n_obs: you declared 7560 observations, but the longest track record research ledger 'study' recorded " +
        "has 756: the verdict uses 756",
    );
    const measured = { value: 7560, source: "measured" as const };
    expect(boundObservations(new Outcome(), measured, ledger([0.1]))).toBe(measured);
  });
  it("a declared best Sharpe above every recorded one is an error; one matching none warns", () => {
    const above = new Outcome();
    checkReportedSharpe(above, { value: 2.5, source: "declared" }, ledger([0.4, 1.2]));
    expect(above.done().findings.map((f) => f.severity)).toEqual(["error"]);
    const unseen = new Outcome();
    checkReportedSharpe(unseen, { value: 0.8, source: "declared" }, ledger([0.4, 1.2]));
    expect(unseen.done().findings[0]!.message).toContain("never evaluated through this server");
    const seen = new Outcome();
    checkReportedSharpe(seen, { value: 1.203, source: "declared" }, ledger([0.4, 1.2]));
    expect(seen.done().findings).toEqual([]);
  });
});

describe("the guards on returns", () => {
  const returns = { values: Array.from({ length: 300 }, (_, i) => 0.001 + 0.01 * Math.sin(i * 1.7)) };

  it("check_trial_ledger needs no best_sharpe or n_obs given returns, and names every input's source", () => {
    const m = measureReturns(new Outcome(), "returns", returns, 252);
    const r = trialLedger(u, u, u, 5, u, u, u, u, u, u, u, u, u, u, returns);
    expect(r.evidence.best_sharpe).toBe(m.sharpeAnnual);
    expect(r.evidence.n_obs).toBe(300);
    expect(r.evidence.skew).toBe(m.skew);
    expect(r.evidence.inputs_source).toEqual({
      best_sharpe: "measured",
      n_obs: "measured",
      n_trials: "declared",
      sharpe_variance: "default",
      skew: "measured",
      kurtosis: "measured",
      autocorrelation: "not_used",
    });
    expect(() => trialLedger(1, u, u, 5)).toThrow("missing required input(s) ['returns or (n_obs)']");
  });
  it("check_research_audit checks a declared n_obs against the returns' count", async () => {
    const r = await researchAudit(1, 500, 5, u, u, u, u, u, u, returns);
    expect(r.findings.find((f) => f.where === "n_obs" && f.severity === "error")!.message).toContain(
      "you declared 500, but the returns you sent measure 300",
    );
    expect(r.evidence.inputs_source).toMatchObject({ best_sharpe: "measured", n_obs: "measured" });
  });
});
