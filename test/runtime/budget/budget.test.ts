// Work budgets: every guard prices its calls before any work; over-budget calls are refused
// with the input, the limit and the way to reduce it; within budget they run.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { callToolUntyped, listTools } from "../../../src/runtime/index.js";
import { loadGuards } from "../../../src/runtime/table.js";
import {
  DEFAULT_TIME_LIMIT_MS,
  DEFAULT_WORK_BUDGET,
  capsSentence,
  currentLimits,
  costOf,
  DEFAULT_COST,
  GUARD_COSTS,
  configureLimits,
  estimateCost,
  formatUnits,
  limitsSentence,
  resetLimits,
} from "../../../src/runtime/budget/index.js";
import type { BadInputError } from "../../../src/contract/guard.js";
import { HRP_UNITS_PER_DISTANCE } from "../../../src/lib/hrp.js";
import { badError } from "../../helpers/bad_field.js";

afterEach(() => resetLimits());

/** The BadInputError the call `p` rejects with (any other outcome fails the test). */
const refusal = (p: Promise<unknown>): Promise<BadInputError> => badError(() => p);

const wave = (n: number, phase = 0) => Array.from({ length: n }, (_, i) => Math.sin(i * 1.3 + phase) * 0.01 + 0.0004);

function assets(k: number, t: number) {
  const columns = Array.from({ length: k }, (_, j) => `a${j}`);
  return {
    columns,
    data: Array.from({ length: t }, (_, i) => columns.map((_, j) => Math.sin(i * 7.1 + j * 1.7) * 0.01)),
  };
}

describe("every guard states its cost", () => {
  it("no cost entry names a guard that does not exist; a guard without one is priced by the default rule", () => {
    const guards = loadGuards().map((g) => g.guard);
    expect(Object.keys(GUARD_COSTS).filter((g) => !guards.includes(g))).toEqual([]);
    for (const g of guards) expect(costOf(g), g).toBe(GUARD_COSTS[g] ?? DEFAULT_COST);
    const sent = { returns: { values: [0.01, 0.02, -0.01] }, floor: 1 };
    expect(costOf("a_guard_with_no_entry").estimate(sent)).toEqual({
      units: 4,
      bytes: 0,
      input: "returns",
      reduce: "send a shorter window",
    });
  });
  it("each guard tool's description carries its limits sentence, with the default budget", () => {
    for (const g of loadGuards().filter((x) => x.tool !== null)) {
      const tool = listTools().find((t) => t.name === g.tool)!;
      expect(tool.description).toContain(limitsSentence(g.guard));
      expect(limitsSentence(g.guard)).toContain(`(default ${formatUnits(DEFAULT_WORK_BUDGET)})`);
    }
  });
  it("formatUnits writes counts below a million in full and larger ones with two digits", () => {
    expect([formatUnits(12345.4), formatUnits(2e9), formatUnits(2.7e13), formatUnits(1_530_000)]).toEqual([
      "12,345",
      "2e9",
      "2.7e13",
      "1.5e6",
    ]);
  });
});

describe("refused before any work", () => {
  it(
    "check_weight_traps with 3 x 30,000 weights is refused, naming " + "asset_returns, the budget and the remedy",
    async () => {
      const e = await refusal(callToolUntyped("check_weight_traps", { asset_returns: assets(30_000, 3) }));
      expect(e.code).toBe("too_large");
      expect(e.field).toBe("asset_returns");
      // Single linkage: every pair's distance once, K^2 (T + 8) / 2 units, no K x K table.
      const units = (30_000 ** 2 * (3 + HRP_UNITS_PER_DISTANCE)) / 2 + 30_000 * 3 * Math.log2(30_000);
      expect(e.message).toBe(
        `asset_returns: this call would cost about ${formatUnits(units)} work units ` +
          `(${GUARD_COSTS["weight_traps"]!.formula}); the work budget is ${formatUnits(DEFAULT_WORK_BUDGET)}. ` +
          "To fit it, send fewer assets (columns); the reference HRP measures the distance of every pair of assets",
      );
    },
  );
  it("weight_traps: single linkage needs no K x K table; the Lance-Williams methods are priced one", () => {
    const frame = { columns: Array.from({ length: 5000 }, (_, j) => `a${j}`), nrows: 3, data: {} };
    expect(estimateCost("weight_traps", { asset_returns: frame })!.bytes).toBe(0);
    expect(estimateCost("weight_traps", { asset_returns: frame, linkage_method: "ward" })!.bytes).toBe(8 * 5000 ** 2);
  });
  it("weight_traps with 3 x 4,000 weights fits the default budget now and answers", async () => {
    const o = (await callToolUntyped("check_weight_traps", { asset_returns: assets(4000, 3) })) as {
      passed: boolean;
      evidence: { hrp_weights: { entries: Record<string, number>; truncated: { kept: number; of: number } } };
    };
    expect(o.passed).toBe(true);
    // The evidence keeps the first weights of the 4,000 and says how many there were.
    expect(o.evidence.hrp_weights.truncated.of).toBe(4000);
  });
  it("check_cost_curve with a 100,000-entry bps list over 5,000 returns is refused, naming bps", async () => {
    const bps = Array.from({ length: 100_000 }, (_, i) => i / 10);
    const e = await refusal(callToolUntyped("check_cost_curve", { returns: wave(5000), turnover: 0.1, bps }));
    expect(e.field).toBe("bps");
    expect(e.message).toContain("send fewer bps levels");
    expect(e.message).toContain(`the work budget is ${formatUnits(DEFAULT_WORK_BUDGET)}`);
  });
  it("the per-call budget overrides the process budget, both ways", async () => {
    const args = { returns: wave(300), turnover: 0.1, bps: [0, 5, 10] };
    const units = estimateCost("cost_curve", { returns: { values: wave(300) }, turnover: 0.1, bps: [0, 5, 10] })!;
    expect(units.units).toBe(300 * (6 * 5 + 64) + 300 + 1 + 3);
    expect((await refusal(callToolUntyped("check_cost_curve", args, { workBudget: units.units - 1 }))).field).toBe(
      "returns",
    );
    configureLimits({ workBudget: 10 });
    const ok = (await callToolUntyped("check_cost_curve", args, { workBudget: units.units })) as { passed: boolean };
    expect(typeof ok.passed).toBe("boolean");
  });
  it("configureLimits refuses a negative budget and returns the previous limits", () => {
    expect(() => configureLimits({ workBudget: -1 })).toThrow(/workBudget must be a number >= 0/);
    const before = configureLimits({ workBudget: 123 });
    expect(before.workBudget).toBe(DEFAULT_WORK_BUDGET);
  });
});

/** Under a small process budget, the largest input each heavy guard documents runs, one more is refused. */
describe("heavy guards at their documented maximum size under a budget", () => {
  const BUDGET = 2e7;
  const cases: [string, (size: number) => Record<string, unknown>, string][] = [
    ["weight_traps", (k) => ({ asset_returns: assets(k, 40) }), "asset_returns"],
    ["cost_curve", (l) => ({ returns: wave(2000), turnover: 0.2, bps: Array.from({ length: l }, (_, i) => i) }), "bps"],
    [
      "spa_test",
      (r) => ({ benchmark_returns: wave(200), model_returns: assets(3, 200), reps: r, block_size: 5 }),
      "reps",
    ],
    [
      "purge_effect",
      (n) => ({ x: wave(n).map((v, i) => [v, i % 7]), y: wave(n).map((v) => (v > 0 ? 1 : 0)), horizon: 2 }),
      "x",
    ],
    [
      "research_audit",
      (c) => ({ best_sharpe: 1, n_obs: 600, n_trials: c, model_returns: assets(c, 600), n_blocks: 12 }),
      "model_returns",
    ],
  ];
  it.each(cases)(
    "%s",
    async (guard, make, field) => {
      configureLimits({ workBudget: BUDGET });
      const tool = `check_${guard}`;
      const cost = (size: number) => estimateCost(guard, decodedLike(make(size)))!.units;
      // The largest size whose estimate fits, by doubling then bisection.
      let lo = 2;
      let hi = 4;
      while (cost(hi) <= BUDGET) [lo, hi] = [hi, hi * 2];
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (cost(mid) <= BUDGET) lo = mid;
        else hi = mid;
      }
      const result = (await callToolUntyped(tool, make(lo))) as { passed: boolean; tool: string };
      expect(result.tool).toBe(tool);
      const e = await refusal(callToolUntyped(tool, make(hi)));
      expect([e.code, e.field]).toEqual(["too_large", field]);
    },
    120_000,
  );
});

/** The shapes the codec gives the estimate: a bare list as a series, rows as a frame. */
function decodedLike(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    if (Array.isArray(v) && k !== "bps" && k !== "x" && k !== "y") out[k] = { values: v };
    else if (v && typeof v === "object" && "data" in v) {
      const f = v as { columns: string[]; data: unknown[][] };
      out[k] = { columns: f.columns, nrows: f.data.length, data: {} };
    } else out[k] = v;
  }
  return out;
}

describe("the README states the limits the code enforces", () => {
  it("caps, budget, queue and time limit, with the numbers derived from the constants", () => {
    const readme = readFileSync(path.join(import.meta.dirname, "../../../README.md"), "utf8").replace(/\s+/g, " ");
    expect(readme).toContain(capsSentence());
    expect(readme).toContain(`(default ${formatUnits(DEFAULT_WORK_BUDGET)} units`);
    expect(readme).toContain(`(\`--queue\`, default ${currentLimits().queueLimit};`);
    expect(readme).toContain(`(\`--time-limit\`, default ${DEFAULT_TIME_LIMIT_MS} ms;`);
  });
});

describe("estimates stay cheap on any input", () => {
  it("a huge n_blocks prices at once (binomial stops at overflow) and is refused", async () => {
    const e = await refusal(
      callToolUntyped("check_research_audit", {
        best_sharpe: 1,
        n_obs: 600,
        n_trials: 3,
        model_returns: assets(3, 600),
        n_blocks: 2_000_000_000,
      }),
    );
    expect([e.code, e.field]).toEqual(["too_large", "n_blocks"]);
    expect(e.message).toContain("would cost about more than 1e308 work units");
  });
});
