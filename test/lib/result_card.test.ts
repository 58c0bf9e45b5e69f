import { describe, expect, it } from "vitest";
import { BadInputError } from "../../src/contract/guard.js";
import { ResultCard, type ResultCardInit } from "../../src/lib/result_card.js";

const BASE: ResultCardInit = {
  strategy_id: "s1",
  universe: {
    source: "CRSP",
    asof: "2024-06-30",
    includes_delisted: true,
    n_names: 500,
    membership_rule: "S&P 500 PIT",
  },
  data: [{ name: "px", retrieved_at: "2024-07-01", adjustment: "split+div" }],
  split: { scheme: "cpcv", purge: 10, embargo: 5, train: "2000/2015", test: "2016/2023" },
  costs: { spread_bps: 2, slippage_bps: 1, impact_model: "linear" },
  trials: { n: 12, ledger_path: "l.jsonl" },
  metrics: { annualization: "252", rf_convention: "no_rf" },
  cost_curve: { "0": 1, "10": 0.5, "20": 0.1 },
  benchmark: { capm_alpha: 0.01 },
  falsifier: "f",
};
function field(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(BadInputError);
    return (e as BadInputError).field;
  }
  throw new Error("expected bad input");
}

describe("ResultCard", () => {
  it("fills the cost-model defaults and freezes the card", () => {
    const c = new ResultCard(BASE);
    expect(c.costs).toEqual({
      spread_bps: 2,
      slippage_bps: 1,
      impact_model: "linear",
      borrow_bps: 0,
      financing_bps: 0,
      cash_rate_series: "",
    });
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.cost_curve)).toBe(true);
    expect(c.regimes_covered).toBeUndefined();
    expect(c instanceof ResultCard).toBe(true);
  });
  it("copies its inputs: later edits of the init object do not reach the card", () => {
    const init = { ...BASE, cost_curve: { ...BASE.cost_curve } } as {
      cost_curve: Record<string, number>;
    } & ResultCardInit;
    const c = new ResultCard(init);
    init.cost_curve["50"] = -1;
    expect(Object.keys(c.cost_curve)).toEqual(["0", "10", "20"]);
  });
  it.each([
    ["strategy_id", { strategy_id: 3 }, "card/strategy_id"],
    [
      "includes_delisted",
      { universe: { ...BASE.universe, includes_delisted: "yes" } },
      "card/universe/includes_delisted",
    ],
    ["data not an array", { data: {} }, "card/data"],
    ["data entry", { data: [{ name: "x", retrieved_at: 1, adjustment: "a" }] }, "card/data/0/retrieved_at"],
    ["split purge", { split: { ...BASE.split, purge: "10" } }, "card/split/purge"],
    ["costs borrow", { costs: { ...BASE.costs, borrow_bps: "1" } }, "card/costs/borrow_bps"],
    ["trials n", { trials: { n: "12", ledger_path: "l" } }, "card/trials/n"],
    ["metrics value", { metrics: { a: [1] } }, "card/metrics/a"],
    ["cost_curve value", { cost_curve: { "10": "0.5" } }, "card/cost_curve/10"],
    ["benchmark", { benchmark: null }, "card/benchmark"],
    ["falsifier", { falsifier: undefined }, "card/falsifier"],
    ["regimes", { regimes_covered: ["a", 2] }, "card/regimes_covered/1"],
    ["created_at", { created_at: 5 }, "card/created_at"],
  ])("rejects a wrong type: %s", (_name, over, path) => {
    expect(field(() => new ResultCard({ ...BASE, ...over } as unknown as ResultCardInit))).toBe(path);
  });
});
