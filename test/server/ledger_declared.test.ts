// No declared number lowers what the ledger saw, over the real stdio server and the real MCP SDK client:
// after 40 noise strategies and one with some skill, a declared Sharpe 1.5 above its returns' own is overridden
// by the measured one; a declared spread (sharpe_variance 0.01, or sharpes [S, S - 0.01]) does not replace
// the ledger's; a flood of 1,500 near-identical candidates in one check_spa_test call does not shrink it;
// a declared n_obs ten times the longest recorded is an error; check_regime_coverage records its series.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { SERVER_JS } from "./fixtures.js";
import { costArgs, noise, sharpe252, tempLedger } from "./ledger_fixtures.js";
import { NormalStream } from "../../src/lib/random.js";

type Finding = { severity: string; message: string; where: string | null };
type Result = { isError?: boolean; structuredContent?: Record<string, any>; content?: { text?: string }[] };

const N_OBS = 756;
const noiseStrategies = Array.from({ length: 40 }, (_, i) => noise(7000 + i, N_OBS));
/** A strategy with a true annualised Sharpe of 1.6 (noise plus a daily drift; 2.38 in this sample): its DSR
 * after the 41 recorded trials is 0.82 under their spread, and 1.000 under a declared spread of 0.01. */
const skilled = noise(7103, N_OBS).map((x) => x + (1.6 / Math.sqrt(252)) * 0.01);
const S = sharpe252(skilled);
const recorded = [...noiseStrategies, skilled];
/** What an agent declares about the skilled strategy: 3 trials, its Sharpe and length. */
const declared = { best_sharpe: S, n_obs: N_OBS, n_trials: 3 };

const errors = (r: Result) => (r.structuredContent!.findings as Finding[]).filter((f) => f.severity === "error");

describe("declared numbers against the research ledger", () => {
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as Result;
  const count = async () => (await call("list_trials", {})).structuredContent!.count as number;

  beforeAll(async () => {
    client = new Client({ name: "ledger-declared-test", version: "1" });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [SERVER_JS, "--ledger", tempLedger()] }),
    );
    for (const s of recorded) expect((await call("check_cost_curve", costArgs(s))).isError).toBeFalsy();
    expect(await count()).toBe(recorded.length);
  }, 120_000);
  afterAll(async () => {
    await client.close();
  });

  it("measures the strategy from its returns: a declared Sharpe 1.5 above is an error, the measured used", async () => {
    const r = await call("check_trial_ledger", { ...declared, best_sharpe: S + 1.5, returns: skilled });
    expect(r.isError).toBeFalsy();
    const v = r.structuredContent!;
    expect(v.evidence.best_sharpe).toBeCloseTo(S, 12);
    expect(v.evidence.inputs_source).toMatchObject({ best_sharpe: "measured", n_obs: "measured", skew: "measured" });
    expect(v.evidence.measured.n_obs).toBe(N_OBS);
    const named = errors(r).find((f) => f.where === "best_sharpe")!;
    expect(named.message).toContain(`you declared ${S + 1.5}`);
    expect(named.message).toContain(`measure ${Number(S.toFixed(4))}`);
    expect(v.passed).toBe(false);
    // The returns were already recorded (by check_cost_curve): one strategy, one trial.
    expect(v.evidence.n_trials).toBe(recorded.length);
    expect(await count()).toBe(recorded.length);
    // check_backtest hands the returns slot to the guard, which measures it the same way.
    const bundle = await call("check_backtest", {
      slots: { returns: skilled, best_sharpe: S + 1.5, n_obs: N_OBS, n_trials: 3 },
      guards: ["trial_ledger"],
    });
    const inner = bundle.structuredContent!.results[0];
    expect(inner.evidence.inputs_source.best_sharpe).toBe("measured");
    expect(inner.evidence.best_sharpe).toBeCloseTo(S, 12);
  });

  it("keeps the ledger's spread over a declared sharpe_variance of 0.01 or sharpes [S, S - 0.01]", async () => {
    for (const spread of [{ sharpe_variance: 0.01 }, { sharpes: [S, S - 0.01], n_trials: undefined }]) {
      const r = await call("check_trial_ledger", { ...declared, ...spread });
      const v = r.structuredContent!;
      expect(v.evidence.sharpe_variance_source).toBe("ledger");
      expect(v.evidence.sharpe_variance).toBeGreaterThan(0.2);
      expect(v.evidence.n_trials).toBe(recorded.length);
      expect(v.passed).toBe(false);
      // It fails on the deflation alone: no other error decided it.
      expect(errors(r).map((f) => f.where)).toEqual(["dsr"]);
      const warned = (v.findings as Finding[]).find((f) => f.where === "sharpe_variance")!;
      expect(warned.message).toContain(`the verdict uses ${Number(v.evidence.sharpe_variance.toPrecision(6))}`);
      expect(v.summary).toContain("declared, not measured: best_sharpe, n_obs");
    }
  });

  it("an n_obs declared ten times the longest recorded track record is an error naming both", async () => {
    const r = await call("check_trial_ledger", { ...declared, n_obs: 10 * N_OBS });
    const v = r.structuredContent!;
    const named = errors(r).find((f) => f.where === "n_obs")!;
    expect(named.message).toContain(`you declared ${10 * N_OBS} observations`);
    expect(named.message).toContain(`recorded has ${N_OBS}`);
    expect(v.evidence.n_obs).toBe(N_OBS);
    expect(v.evidence.inputs_source.n_obs).toBe("ledger");
    expect(v.passed).toBe(false);
  });

  it("warns that a declared Sharpe no recorded trial has was never evaluated here", async () => {
    const unseen = S + 0.3;
    const r = await call("check_trial_ledger", { ...declared, best_sharpe: unseen });
    expect(errors(r).find((f) => f.where === "best_sharpe")!.message).toContain("above every Sharpe");
    // The middle of the widest gap between two recorded Sharpes: no recorded trial has it.
    const sorted = recorded.map(sharpe252).sort((a, b) => a - b);
    const gap = sorted.slice(1).reduce((w, x, i) => (x - sorted[i]! > sorted[w + 1]! - sorted[w]! ? i : w), 0);
    const inside = (sorted[gap]! + sorted[gap + 1]!) / 2;
    const between = await call("check_trial_ledger", { ...declared, best_sharpe: inside });
    const warned = (between.structuredContent!.findings as Finding[]).find((f) => f.where === "best_sharpe")!;
    expect(warned.severity).toBe("warning");
    expect(warned.message).toContain("never evaluated through this server");
  });

  it("check_regime_coverage records the strategy and the asset whose Sharpe and return it reports", async () => {
    const before = await count();
    const n = 300;
    const dates = Array.from({ length: n }, (_, i) => new Date(Date.UTC(2021, 0, 1 + i)).toISOString().slice(0, 10));
    const r = await call("check_regime_coverage", {
      dates,
      asset: noise(7200, n),
      strategy: noise(7201, n),
      position: Array(n).fill(1),
      labels: dates.map((_, i) => (Math.floor(i / 50) % 2 === 0 ? "calm" : "stressed")),
    });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent!.provenance.ledger).toMatchObject({ trials: 2, recorded: 2 });
    expect(await count()).toBe(before + 2);
  });

  it("a flood of 1,500 near-identical candidates in one check_spa_test call does not shrink the spread", async () => {
    const baseline = (await call("check_trial_ledger", declared)).structuredContent!;
    expect(baseline.passed).toBe(false);
    const rows = 100;
    const index = Array.from({ length: rows }, (_, i) => new Date(Date.UTC(2022, 0, 1 + i)).toISOString().slice(0, 10));
    const base = noise(7300, rows);
    const g = new NormalStream(7301);
    const columns = Array.from({ length: 1500 }, (_, j) => `c${j}`);
    const data = base.map((x) => columns.map(() => x + g.next() * 1e-7));
    const flood = await call("check_spa_test", {
      benchmark_returns: { index, values: noise(7302, rows) },
      model_returns: { index, columns, data },
      reps: 10,
    });
    expect(flood.isError).toBeFalsy();
    expect(flood.structuredContent!.provenance.ledger).toMatchObject({ trials: 1500 });
    const after = (await call("check_trial_ledger", declared)).structuredContent!;
    expect(after.evidence.n_trials).toBeGreaterThan(baseline.evidence.n_trials);
    expect(after.evidence.sharpe_variance_source).toBe("ledger");
    expect(after.evidence.sharpe_variance).toBeGreaterThan(0.8 * baseline.evidence.sharpe_variance);
    expect(after.passed).toBe(false);
    expect(after.evidence.dsr).toBeLessThan(0.95);
  }, 120_000);
});
