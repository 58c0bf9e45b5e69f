// check_backtest says what it ignored: slots given but read by no guard that ran, and guard input
// names used as slot names (benchmark for benchmark_returns, labels for regime_labels) with a note.
import { describe, expect, it } from "vitest";
import { callToolUntyped } from "../../src/runtime/index.js";
import { slotAliases } from "../../src/runtime/catalogue/bundle.js";
import { badInput } from "./helpers.js";

const call = (name: string, args: object = {}) => callToolUntyped(name, args) as Promise<any>;
const returns = Array.from({ length: 60 }, (_, i) => (i % 2 ? -0.001 : 0.003));

describe("check_backtest aliases and unread slots", () => {
  it("derives the aliases from the guards' slot maps", () => {
    const a = slotAliases();
    expect(a.get("benchmark")).toBe("benchmark_returns");
    expect(a.get("labels")).toBe("regime_labels");
    expect(a.has("returns")).toBe(false);
  });
  it("reads benchmark as benchmark_returns with a note; cost_curve gets it as its hurdle", async () => {
    const bench = Array.from({ length: 60 }, () => 0.0002);
    const r = await call("check_backtest", {
      slots: { returns, turnover: 0.1, benchmark: bench },
      guards: ["cost_curve"],
    });
    expect(r.aliases_used).toEqual(["slot 'benchmark' read as 'benchmark_returns' (the vocabulary's name for it)"]);
    expect(r.unread_slots).toEqual([]);
    const hurdle = r.results[0].evidence.hurdle_ann_return as number;
    expect(hurdle).toBeCloseTo(1.0002 ** 252 - 1, 12);
    expect(r.summary).toContain("NOTE slot 'benchmark' read as 'benchmark_returns'");
  });
  it("lists slots given but read by no guard that ran", async () => {
    const r = await call("check_backtest", { slots: { returns, turnover: 0.1, n_trials: 5 }, guards: ["cost_curve"] });
    expect(r.unread_slots).toEqual(["n_trials"]);
    expect(r.summary).toContain("UNREAD n_trials: given, but no guard that ran reads them");
  });
  it("an alias beside its own slot is bad input naming the alias", async () => {
    const e = await badInput(
      call("check_backtest", { slots: { returns, turnover: 0.1, benchmark: returns, benchmark_returns: returns } }),
    );
    expect(e.field).toBe("slots/benchmark");
    expect(e.message).toContain("is another name for the slot 'benchmark_returns', which is also given");
  });
});
