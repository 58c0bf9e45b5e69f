// Issue #16 item 1: a value in the wrong unit is a finding that names the intended value, and the
// correct-unit input gives no such finding.
import { describe, expect, it } from "vitest";
import type { GuardOutcome } from "../../src/contract/guard.js";
import { check as costCurve } from "../../guards/cost_curve.js";
import { check as trialLedger } from "../../guards/trial_ledger.js";
import { check as researchAudit } from "../../guards/research_audit.js";
import { check as rfConvention } from "../../guards/rf_convention.js";
import { check as spaTest } from "../../guards/spa_test.js";
import { badFieldAndMessage } from "../helpers/bad_field.js";

const at = (o: GuardOutcome, where: string) => o.findings.filter((f) => f.where === where);
const pair = (o: GuardOutcome, where: string) => at(o, where).map((f) => [f.severity, f.message]);
/** 60 periods alternating +0.3% and -0.1%: long enough, decimal returns. */
const R = { values: Array.from({ length: 60 }, (_, i) => (i % 2 ? -0.001 : 0.003)) };

describe("cost_curve unit mistakes", () => {
  it("a cost below 0.05 bps is a fraction: error naming the bps", () => {
    expect(pair(costCurve(R, 0.1, [0, 5], 0.0008), "cost_bps")).toEqual([
      [
        "error",
        "cost_bps 0.0008 looks like a fraction: 8 bps is cost_bps 8 (no market trades below 0.05 bps round-trip)",
      ],
    ]);
  });
  it("a cost below 1 bp warns and names the percent reading", () => {
    expect(pair(costCurve(R, 0.1, [0, 5], 0.5), "cost_bps")).toEqual([
      [
        "warning",
        "cost_bps 0.5 bps round-trip is below 1 bp, cheaper than almost any market: if 0.5 is a percent, it is " +
          "cost_bps 50",
      ],
    ]);
  });
  it("8 bps written as 8 has no cost finding", () => {
    expect(at(costCurve(R, 0.1, [0, 5], 8), "cost_bps")).toEqual([]);
    expect(at(costCurve(R, 0.1, [0, 5], 1), "cost_bps")).toEqual([]);
  });
  it("turnover in percent warns with the fraction; a fraction has no turnover finding", () => {
    expect(pair(costCurve(R, 20, [0, 5], 8), "turnover")).toEqual([
      [
        "warning",
        "turnover median 20 per period looks like percent: one-way turnover is a fraction of the book " +
          "(a full rotation = 1.0), so 20% is turnover 0.2",
      ],
    ]);
    expect(at(costCurve(R, 0.2, [0, 5], 8), "turnover")).toEqual([]);
    expect(at(costCurve(R, 2, [0, 5], 8), "turnover")).toEqual([]); // two full rotations a day is possible
  });
  it("returns in percent are an error naming the decimal; decimals have none", () => {
    const pct = { values: R.values.map((x) => x * 100 + 0.2) };
    expect(pair(costCurve(pct, 0.1, [0, 5], 8), "returns")).toEqual([
      [
        "error",
        "returns look like percent: median |return| 0.3 per period is above 0.2 (252 periods a year); simple " +
          "returns are decimals, so 0.3% is 0.003: divide returns by 100",
      ],
    ]);
    expect(at(costCurve(R, 0.1, [0, 5], 8), "returns")).toEqual([]);
  });
  it("the percent-looking line scales with the frequency: monthly 3% is fine, monthly 3 is not", () => {
    const monthly = { values: Array.from({ length: 72 }, (_, i) => (i % 2 ? -0.01 : 0.03)) };
    expect(at(costCurve(monthly, 0.1, [0, 5], 8, undefined, 12), "returns")).toEqual([]);
    const pct = { values: monthly.values.map((x) => x * 100 + 2) };
    const f = at(costCurve(pct, 0.1, [0, 5], 8, undefined, 12), "returns");
    expect(f.map((x) => x.severity)).toEqual(["error"]);
    expect(f[0]!.message).toContain("median |return| 3 per period is above 0.916515 (12 periods a year)");
  });
  it("a per-period-looking annual hurdle warns with the compounded annual value; 5% a year has none", () => {
    expect(pair(costCurve(R, 0.1, [0, 5], 8, 0.0002), "benchmark")).toEqual([
      [
        "warning",
        "benchmark 0.0002 looks per period where an annual return is expected: as an annual hurdle it is " +
          "0.02%; if it is per period (252 a year), give the annual (1 + 0.0002)^252 - 1 = 0.0516864",
      ],
    ]);
    expect(at(costCurve(R, 0.1, [0, 5], 8, 0.05), "benchmark")).toEqual([]);
    expect(pair(costCurve(R, 0.1, [0, 5], 8, 5), "benchmark")).toEqual([
      ["warning", "benchmark 5 is an annual return of 500%: if it is a percent, it is 0.05"],
    ]);
  });
  it("three observations with a huge Sharpe warn that the sample is too short; 30 do not", () => {
    const three = costCurve({ values: [0.01, 0.012, 0.011] }, 0.1, [0, 5], 8);
    expect(three.evidence["sharpe_gross"] as number).toBeGreaterThan(8.2);
    expect(pair(three, "returns")).toEqual([
      [
        "warning",
        "returns: 3 observation(s) are too short to judge a net Sharpe or an annual return; this guard needs " +
          "at least 30",
      ],
    ]);
    expect(at(costCurve({ values: R.values.slice(0, 30) }, 0.1, [0, 5], 8), "returns")).toEqual([]);
  });
});

describe("Sharpe units in trial_ledger and research_audit", () => {
  it("a best-of-10 annualised Sharpe that 10 noise trials would beat warns with the per-period reading", () => {
    const msg =
      "best_sharpe 0.05 as an annualised Sharpe is implausibly low for the best of 10 trials: 10 zero-edge " +
      "strategies over 1260 periods would all stay at or below it with chance 0.00229119; if 0.05 is a " +
      "per-period Sharpe, the annualised value is 0.05 x sqrt(252) = 0.793725";
    expect(pair(trialLedger(0.05, 1260, undefined, 10), "best_sharpe")).toEqual([["warning", msg]]);
    return researchAudit(0.05, 1260, 10).then((o) => expect(pair(o, "best_sharpe")).toEqual([["warning", msg]]));
  });
  it("a low Sharpe is weak, not a unit mistake: one trial at 0.12 over 10 daily years has no finding", async () => {
    expect(at(trialLedger(0.12, 2520, undefined, 1), "best_sharpe")).toEqual([]);
    expect(at(trialLedger(0.05, 1260, undefined, 1), "best_sharpe")).toEqual([]);
    expect(at(await researchAudit(0.12, 2520, 1), "best_sharpe")).toEqual([]);
  });
  it("the annualised value has no Sharpe-unit finding", async () => {
    expect(at(trialLedger(0.793725, 1260, undefined, 1), "best_sharpe")).toEqual([]);
    expect(at(await researchAudit(0.793725, 1260, 10), "best_sharpe")).toEqual([]);
  });
  it("a per-period Sharpe above 1 over more than 100 periods is an error", async () => {
    const msg =
      "best_sharpe 2 at periods_per_year 1 is a per-period Sharpe of 2 over 1000 periods, which no strategy " +
      "sustains: it looks like an annualised Sharpe read as per period; set periods_per_year to the data's " +
      "frequency (252 for daily: per-period 0.125988)";
    expect(pair(trialLedger(2, 1000, undefined, 1, undefined, 1), "best_sharpe")).toEqual([["error", msg]]);
    expect(pair(await researchAudit(2, 1000, 3, 1), "best_sharpe")).toEqual([["error", msg]]);
    expect(at(trialLedger(2, 1000, undefined, 1, undefined, 252), "best_sharpe")).toEqual([]);
    expect(at(trialLedger(2, 100, undefined, 1, undefined, 1), "best_sharpe")).toEqual([]); // 100 is not > 100
  });
  it("kurtosis below 1 is bad input naming raw = excess + 3; raw 3 is accepted", () => {
    expect(badFieldAndMessage(() => trialLedger(1, 1260, undefined, 1, undefined, 252, 0, 0))).toBe(
      "kurtosis | kurtosis: 0 is below 1, impossible for RAW kurtosis (normal = 3): if 0 is excess kurtosis, " +
        "raw = excess + 3 = 3",
    );
    expect(trialLedger(1, 1260, undefined, 1, undefined, 252, 0, 3).evidence["kurtosis"]).toBe(3);
  });
  it("a short track record warns in both guards; 30 observations do not", async () => {
    const msg = "n_obs: 3 observation(s) are too short to judge a Sharpe ratio; this guard needs at least 30";
    expect(pair(trialLedger(1, 3, undefined, 1), "n_obs")).toEqual([["warning", msg]]);
    expect(pair(await researchAudit(1, 3, 2), "n_obs")).toEqual([["warning", msg]]);
    expect(at(trialLedger(1, 30, undefined, 1), "n_obs")).toEqual([]);
    expect(at(await researchAudit(1, 30, 2), "n_obs")).toEqual([]);
  });
});

describe("rf_convention names a per-period / annualised mix-up", () => {
  const R5 = { values: [0.01, -0.005, 0.002, 0.004, -0.001] };
  const geometric = 5.109184; // hand-derived in rf_convention.test.ts
  it("a reported per-period Sharpe matches after x sqrt(P)", () => {
    const o = rfConvention(R5, 0.05, 252, 0.3218);
    expect(pair(o, "reported_sharpe")).toEqual([
      [
        "warning",
        "reported Sharpe 0.3218 is a PER-PERIOD Sharpe: x sqrt(252) = 5.10842 matches annual_rf_geometric " +
          "(5.1092); the annualised Sharpe is 5.1092",
      ],
    ]);
    expect(o.evidence["unit_mix"]).toEqual({ reading: "per_period", convention: "annual_rf_geometric" });
    expect(0.3218 * Math.sqrt(252)).toBeCloseTo(geometric, 2);
  });
  it("a Sharpe annualised twice matches after / sqrt(P)", () => {
    const o = rfConvention(R5, 0.05, 252, 81.1);
    expect(pair(o, "reported_sharpe")).toEqual([
      [
        "warning",
        "reported Sharpe 81.1 was annualised twice (or a per-period rate annualised again): / sqrt(252) = " +
          "5.10882 matches annual_rf_geometric (5.1092); the annualised Sharpe is 5.1092",
      ],
    ]);
  });
  it("the annualised Sharpe has no unit mix-up", () => {
    const o = rfConvention(R5, 0.05, 252, 5.11);
    expect(o.evidence["unit_mix"]).toBeNull();
    expect(at(o, "reported_sharpe")[0]!.message).not.toContain("PER-PERIOD");
  });
  it("returns in percent are an error; decimals are not", () => {
    const o = rfConvention({ values: R5.values.map((x) => x * 100) }, 0.05, 252);
    expect(at(o, "returns")[0]!.message).toBe(
      "returns look like percent: median |return| 0.4 per period is above 0.2 (252 periods a year); simple " +
        "returns are decimals, so 0.4% is 0.004: divide returns by 100",
    );
    expect(at(rfConvention(R5, 0.05, 252), "returns").map((f) => f.message)).toEqual([
      "returns: 5 observation(s) are too short to judge a Sharpe ratio; this guard needs at least 30",
    ]);
  });
});

describe("spa_test units and sample length", () => {
  const bench = Array.from({ length: 40 }, (_, i) => ((i * 7) % 5) * 0.002 - 0.004);
  const model = { columns: ["a", "b"], nrows: 40, data: { a: bench.map((x) => x + 0.0005), b: bench.map((x) => -x) } };
  it("percent returns are an error; decimals are not", async () => {
    const pct = {
      columns: ["a", "b"],
      nrows: 40,
      data: { a: model.data.a.map((x) => x * 100), b: model.data.b.map((x) => x * 100) },
    };
    const o = await spaTest({ values: bench }, pct, 50);
    expect(pair(o, "model_returns")).toEqual([
      [
        "error",
        "model_returns look like percent: median |return| 0.225 per period is above 0.2 (252 periods a year); " +
          "simple returns are decimals, so 0.225% is 0.00225: divide model_returns by 100",
      ],
    ]);
    expect(at(await spaTest({ values: bench }, model, 50), "model_returns")).toEqual([]);
  });
  it("fewer than 30 rows warn; 40 do not", async () => {
    const short = { columns: ["a"], nrows: 12, data: { a: model.data.a.slice(0, 12) } };
    expect(pair(await spaTest({ values: bench.slice(0, 12) }, short, 50), "benchmark_returns")).toEqual([
      [
        "warning",
        "benchmark_returns: 12 observation(s) are too short to judge a mean excess return; this guard needs at " +
          "least 30",
      ],
    ]);
    expect(at(await spaTest({ values: bench }, model, 50), "benchmark_returns")).toEqual([]);
  });
});
