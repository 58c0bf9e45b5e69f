// The effective number of trials as an agent meets it (the real stdio server, the MCP SDK client): 40
// near-copies of one strategy (a parameter sweep, correlation ~0.995) count as 1-5 effective trials, so a
// modest real edge survives where 40 independent strategies would sink it; 40 independent noise strategies
// count as 30-40; check_research_audit without model_returns runs CSCV over the ledger's own trials, and
// gives what the same matrix sent as model_returns gives.
import { describe, expect, it } from "vitest";
import { NormalStream } from "../../src/lib/random.js";
import { callOk, costArgs, noise, sharpe252, tempLedger, withServer } from "./ledger_fixtures.js";

const call = callOk;

const N = 40;
const T = 756;
/** A base strategy of annualised Sharpe exactly 1.6 (standardised noise, 1% daily sd, plus a drift). */
const base = (() => {
  const z = noise(77, T);
  const m = z.reduce((a, b) => a + b, 0) / T;
  const sd = Math.sqrt(z.reduce((a, b) => a + (b - m) ** 2, 0) / (T - 1));
  return z.map((x) => ((x - m) / sd) * 0.01 + (1.6 / Math.sqrt(252)) * 0.01);
})();
/** Near-copies: the base plus 0.1 x its own independent noise each (correlation about 0.995 with the base). */
const copies = Array.from({ length: N }, (_, k) => {
  const g = new NormalStream(5000 + k);
  return base.map((x) => x + 0.1 * 0.01 * g.next());
});
const independent = Array.from({ length: N }, (_, k) => noise(9000 + k, T));
const best = Math.max(...copies.map(sharpe252));
const claim = { best_sharpe: best, n_obs: T, n_trials: 1 };

describe("effective trials over stdio", () => {
  it("40 near-copies are 1-5 effective trials: their best passes; after 40 independent ones it fails", async () => {
    const swept = await withServer(["--ledger", tempLedger()], async (c) => {
      for (const s of copies) await call(c, "check_cost_curve", costArgs(s));
      const verdict = await call(c, "check_trial_ledger", claim);
      const listed = await call(c, "list_trials", {});
      return { verdict, listed };
    });
    const e = swept.verdict.evidence;
    expect(e.n_trials_recorded).toBe(N);
    expect(e.n_trials_effective).toBeGreaterThanOrEqual(1);
    expect(e.n_trials_effective).toBeLessThanOrEqual(5);
    expect(e.effective_trials).toMatchObject({ available: true, n_aligned: N, n_dates: T });
    expect(e.n_trials).toBe(Math.max(1, e.n_trials_effective));
    expect(swept.verdict.passed).toBe(true);
    expect(swept.listed.effective).toMatchObject({ n_trials_recorded: N, n_trials_effective: e.n_trials_effective });
    const largest = swept.listed.effective.clusters[0];
    expect(largest.best_sharpe).toBeCloseTo(best, 12);

    const noisy = await withServer(["--ledger", tempLedger()], async (c) => {
      for (const s of independent) await call(c, "check_cost_curve", costArgs(s));
      return call(c, "check_trial_ledger", claim);
    });
    expect(noisy.evidence.n_trials_recorded).toBe(N);
    expect(noisy.evidence.n_trials_effective).toBeGreaterThanOrEqual(30);
    expect(noisy.evidence.n_trials_effective).toBeLessThanOrEqual(N);
    expect(noisy.evidence.n_trials).toBe(noisy.evidence.n_trials_effective);
    expect(noisy.passed).toBe(false);
    const warning = noisy.findings.find((f: any) => f.severity === "warning" && f.where === "n_trials");
    expect(warning.message).toContain(`the verdict uses ${noisy.evidence.n_trials} (the effective count`);
  });

  it("check_research_audit without model_returns runs CSCV over the ledger's trials, as over that matrix", async () => {
    const { fromLedger, fromArgument } = await withServer(["--ledger", tempLedger()], async (c) => {
      for (const s of independent) await call(c, "check_cost_curve", costArgs(s));
      const audit = { best_sharpe: best, n_obs: T, n_trials: N, n_blocks: 8 };
      const fromLedger = await call(c, "check_research_audit", audit);
      const columns = independent.map((_, k) => `m${k}`);
      const data = Array.from({ length: T }, (_, t) => independent.map((s) => s[t]!));
      const fromArgument = await call(c, "check_research_audit", { ...audit, model_returns: { columns, data } });
      return { fromLedger, fromArgument };
    });
    expect(fromLedger.evidence.model_returns_source).toBe("ledger");
    expect(fromLedger.evidence.ledger_panel).toEqual({ trials: N, dates: T, left_out: 0 });
    expect(fromArgument.evidence.model_returns_source).toBe("argument");
    expect(fromLedger.evidence.pbo).toEqual(expect.any(Number));
    for (const key of ["pbo", "logit_quantiles", "n_combinations", "n_configs", "prob_oos_loss"])
      expect(fromLedger.evidence[key]).toEqual(fromArgument.evidence[key]);
  });

  it("with --ledger-keep-returns=false the effective count and the ledger's PBO say they are unavailable", async () => {
    const r = await withServer(["--ledger", tempLedger(), "--ledger-keep-returns=false"], async (c) => {
      for (const s of copies.slice(0, 3)) await call(c, "check_cost_curve", costArgs(s));
      return call(c, "check_research_audit", { best_sharpe: best, n_obs: T, n_trials: 1, n_blocks: 8 });
    });
    expect(r.evidence.n_trials_recorded).toBe(3);
    expect(r.evidence.n_trials_effective).toBe(null);
    expect(r.evidence.effective_trials.reason).toContain("--ledger-keep-returns=false");
    expect(r.evidence.n_trials).toBe(3);
    expect(r.evidence.model_returns_source).toBe(null);
    expect(r.evidence.pbo).toBe(null);
  });

  it("a verdict's effective count includes the returns its own call brings, as a later call's does", async () => {
    const seen = await withServer(["--ledger", tempLedger()], async (c) => {
      for (const s of copies.slice(0, 10)) await call(c, "check_cost_curve", costArgs(s));
      const before = await call(c, "check_trial_ledger", claim);
      // Each call brings one new independent strategy, recorded only once its guard answered.
      const own = await call(c, "check_trial_ledger", { ...claim, returns: independent[0] });
      const afterOwn = await call(c, "check_trial_ledger", claim);
      const bundle = await call(c, "check_backtest", {
        slots: { returns: independent[1], best_sharpe: best, n_obs: T, n_trials: 1 },
        guards: ["trial_ledger"],
      });
      const afterBundle = await call(c, "check_trial_ledger", claim);
      return { before, own, afterOwn, bundle: bundle.results[0], afterBundle };
    });
    const effective = (v: Record<string, any>) => v.evidence.effective_trials;
    expect(effective(seen.before)).toMatchObject({ n_trials_recorded: 10, n_aligned: 10 });
    expect(effective(seen.own)).toMatchObject({ n_trials_recorded: 11, n_aligned: 11 });
    expect(seen.own.evidence.n_trials_effective).toBe(seen.before.evidence.n_trials_effective + 1);
    expect(effective(seen.own)).toEqual(effective(seen.afterOwn));
    expect(effective(seen.bundle)).toMatchObject({ n_trials_recorded: 12, n_aligned: 12 });
    expect(effective(seen.bundle)).toEqual(effective(seen.afterBundle));
  });
});
