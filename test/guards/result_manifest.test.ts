import { describe, expect, it } from "vitest";
import { check } from "../../guards/result_manifest.js";
import { ResultCard, type ResultCardInit } from "../../src/lib/result_card.js";
import { badError as bad } from "../helpers/bad_field.js";

const COMPLETE: ResultCardInit = {
  strategy_id: "mom_12_1_v3",
  universe: {
    source: "CRSP",
    asof: "2024-06-30",
    includes_delisted: true,
    n_names: 3000,
    membership_rule: "top 3000 by cap, monthly",
  },
  data: [{ name: "crsp_daily", retrieved_at: "2024-07-01T10:00:00Z", adjustment: "total return" }],
  split: {
    scheme: "walk-forward",
    purge: 21,
    embargo: 5,
    train: "2000-01-01/2014-12-31",
    test: "2015-01-01/2023-12-31",
  },
  costs: { spread_bps: 4, slippage_bps: 3, impact_model: "sqrt(participation)" },
  trials: { n: 137, ledger_path: "trials.jsonl" },
  metrics: { sharpe: 1.1, annualization: "252 daily, geometric", rf_convention: "annual_rf_geometric" },
  cost_curve: { "0": 1.4, "10": 1.1, "25": 0.6, "50": 0.1 },
  benchmark: { name: "SPY", capm_alpha: 0.031, beta: 0.4 },
  falsifier: "a Sharpe below 0.3 on 2024-2025 live data",
  regimes_covered: ["calm: 7 episodes, 1450 days; stressed: 3 episodes, 210 days"],
  llm_training_cutoff: "2023-10-01",
};
const DEMO: ResultCardInit = {
  strategy_id: "demo",
  universe: { source: "", asof: "", includes_delisted: false, n_names: 0, membership_rule: "" },
  data: [],
  split: { scheme: "", purge: 0, embargo: 0, train: "", test: "" },
  costs: { spread_bps: 0, slippage_bps: 0, impact_model: "" },
  trials: { n: 1, ledger_path: "" },
  metrics: {},
  cost_curve: {},
  benchmark: {},
  falsifier: "",
};
const card = (over: Partial<ResultCardInit> = {}) => new ResultCard({ ...COMPLETE, ...over });

describe("result_manifest: spec examples", () => {
  it("1. a complete card passes: 'complete result card; still positive at 50 bps round-trip'", () => {
    const o = check(card());
    expect(o.findings).toEqual([
      { severity: "info", message: "complete result card; still positive at 50 bps round-trip", where: "strategy_id" },
    ]);
    expect(Object.keys(o.evidence)).toEqual(["problems", "verdict", "rendered"]);
    expect(o.evidence["problems"]).toEqual([]);
    expect(o.evidence["verdict"]).toBe("still positive at 50 bps round-trip");
    const text = o.evidence["rendered"] as string;
    for (const piece of [
      "mom_12_1_v3",
      "CRSP",
      "crsp_daily",
      "walk-forward",
      "sqrt(participation)",
      "trials.jsonl",
      "annual_rf_geometric",
      "capm_alpha",
      "a Sharpe below 0.3",
      "calm: 7 episodes",
      "2023-10-01",
    ]) {
      expect(text).toContain(piece);
    }
  });

  it("2. a curve that turns negative: PASS, verdict 'unprofitable at 25 bps round-trip'", () => {
    const o = check(card({ cost_curve: { "0": 1.2, "10": 0.6, "25": -0.1, "50": -0.8 } }));
    expect(o.findings.map((f) => f.severity)).toEqual(["info"]);
    expect(o.evidence["verdict"]).toBe("unprofitable at 25 bps round-trip");
    expect(o.findings[0]!.message).toBe("complete result card; unprofitable at 25 bps round-trip");
  });

  it("3. the empty demo card fails with all 10 problems, in order", () => {
    const o = check(new ResultCard(DEMO));
    const problems = o.evidence["problems"] as string[];
    expect(problems.length).toBe(10);
    expect(o.findings.length).toBe(10);
    expect(o.findings.every((f) => f.severity === "error" && f.where === "strategy_id")).toBe(true);
    expect(o.findings.map((f) => f.message)).toEqual(problems);
    const expectedOrder = [
      "UPPER BOUND",
      "'annualization'",
      "'rf_convention'",
      "cost_curve has 0 point(s)",
      "trials.n is 1",
      "trials.ledger_path is empty",
      "benchmark is empty",
      "'capm_alpha'",
      "regimes_covered is empty",
      "falsifier is empty",
    ];
    expectedOrder.forEach((piece, i) => expect(problems[i]).toContain(piece));
    expect(o.evidence["verdict"]).toBe("unknown");
  });
});

describe("result_manifest: single problems and the verdict", () => {
  it.each([
    ["delisted names excluded", { universe: { ...COMPLETE.universe, includes_delisted: false } }, "UPPER BOUND"],
    ["no annualization", { metrics: { rf_convention: "no_rf" } }, "'annualization'"],
    ["no rf_convention", { metrics: { annualization: "252" } }, "'rf_convention'"],
    ["two cost points", { cost_curve: { "0": 1, "10": 0.5 } }, "cost_curve has 2 point(s)"],
    ["one trial", { trials: { n: 1, ledger_path: "t.jsonl" } }, "trials.n is 1"],
    ["blank ledger", { trials: { n: 5, ledger_path: "  " } }, "ledger_path is empty"],
    ["benchmark without alpha", { benchmark: { name: "SPY" } }, "'capm_alpha'"],
    ["no regimes", { regimes_covered: [] }, "regimes_covered is empty"],
    ["absent regimes", { regimes_covered: undefined }, "regimes_covered is empty"],
    ["empty falsifier", { falsifier: "" }, "falsifier is empty"],
  ])("%s", (_name, over, piece) => {
    const init = { ...COMPLETE, ...over } as ResultCardInit;
    if ("regimes_covered" in over && over.regimes_covered === undefined)
      delete (init as { regimes_covered?: unknown }).regimes_covered;
    const o = check(new ResultCard(init));
    expect((o.evidence["problems"] as string[]).length).toBe(1);
    expect(o.findings.map((f) => f.severity)).toEqual(["error"]);
    expect(o.findings[0]!.message).toContain(piece);
  });

  it("sorts cost keys numerically, not as text, and reads decimal keys", () => {
    const o = check(card({ cost_curve: { "100": -0.2, "12.5": 0.4, "5": 0.9, "50": 0.1 } }));
    expect(o.evidence["verdict"]).toBe("unprofitable at 100 bps round-trip");
    const zero = check(card({ cost_curve: { "0": 1, "7.5": 0, "20": 0.3 } }));
    expect(zero.evidence["verdict"]).toBe("unprofitable at 7.5 bps round-trip");
  });
});

describe("result_manifest: bad input", () => {
  it("a plain object that looks like a card is not a ResultCard", () => {
    expect(bad(() => check(COMPLETE as unknown as ResultCard)).field).toBe("card");
    expect(bad(() => check(null as unknown as ResultCard)).field).toBe("card");
  });
  it("a non-numeric cost key or a non-finite value names the key", () => {
    expect(bad(() => check(card({ cost_curve: { "0": 1, ten: 0.5, "25": 0.1 } }))).field).toBe("card/cost_curve/ten");
    expect(bad(() => check(card({ cost_curve: { "0": 1, "": 0.5, "25": 0.1 } }))).field).toBe("card/cost_curve");
    expect(bad(() => check(card({ cost_curve: { "0": 1, "10": NaN, "25": 0.1 } }))).field).toBe("card/cost_curve/10");
    expect(bad(() => check(card({ cost_curve: { "0": 1, "10": Infinity, "25": 0.1 } }))).field).toBe(
      "card/cost_curve/10",
    );
  });
});
