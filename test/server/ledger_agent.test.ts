// The research ledger as an agent meets it: the real stdio server and the real MCP SDK client. Forty
// noise strategies evaluated by check_cost_curve, then a best Sharpe declared as 3 trials: the verdict
// deflates by 40, fails, and says so; a restarted server keeps the 40; --no-ledger says self-declared.
import { describe, expect, it } from "vitest";
import { callOk, costArgs, noise, sharpe252, tempLedger, withServer } from "./ledger_fixtures.js";

const call = callOk;

const N = 40;
const strategies = Array.from({ length: N }, (_, i) => noise(1000 + i));
const best = Math.max(...strategies.map(sharpe252));
const declared = { best_sharpe: best, n_obs: 756, n_trials: 3 };

describe("research ledger over stdio", () => {
  it("deflates the best of 40 noise strategies by 40 when 3 are declared, keeping them across a restart", async () => {
    const ledger = tempLedger();
    const first = await withServer(["--ledger", ledger], async (c) => {
      for (const s of strategies) {
        const r = await call(c, "check_cost_curve", costArgs(s));
        expect(r.provenance.ledger).toMatchObject({ backend: "sqlite", trials: 1, recorded: 1 });
      }
      const verdict = await call(c, "check_trial_ledger", declared);
      const listed = await call(c, "list_trials", { sharpe: best });
      expect(listed).toMatchObject({ kept: true, count: N, digest: verdict.evidence.ledger.digest });
      expect(listed.rank).toMatchObject({ rank: 1, of: N, text: `1st of ${N}` });
      return verdict;
    });
    expect(first.passed).toBe(false);
    expect(first.evidence.n_trials).toBe(N);
    expect(first.evidence.n_trials_declared).toBe(3);
    expect(first.evidence.n_trials_source).toBe("ledger");
    expect(first.evidence.sharpe_variance_source).toBe("ledger");
    const warning = first.findings.find((f: any) => f.severity === "warning" && f.where === "n_trials");
    expect(warning.message).toContain("you declared 3 trials");
    expect(warning.message).toContain(`recorded ${N} distinct strategies since`);
    expect(first.provenance.ledger).toMatchObject({ name: "default", count: N, digest: first.evidence.ledger.digest });
    expect(first.evidence.ledger.digest).toMatch(/^[0-9a-f]{64}$/);

    const again = await withServer(["--ledger", ledger], (c) => call(c, "check_trial_ledger", declared));
    expect(again.evidence.n_trials).toBe(N);
    expect(again.evidence.ledger.digest).toBe(first.evidence.ledger.digest);
    expect(again.passed).toBe(false);
  }, 120_000);

  it("says the count is self-declared with --no-ledger and deflates by the declared 3", async () => {
    const [r, listed] = await withServer(["--no-ledger"], async (c) => [
      await call(c, "check_trial_ledger", declared),
      await call(c, "list_trials", { sharpe: 1 }),
    ]);
    expect(listed.kept).toBe(false);
    expect(listed.summary).toContain("no research ledger is kept");
    expect(r.evidence.n_trials).toBe(3);
    expect(r.evidence.n_trials_source).toBe("declared");
    expect(r.evidence.ledger).toBe(null);
    expect(r.provenance.ledger).toBeUndefined();
    expect(r.findings.map((f: any) => f.message).join("\n")).toContain("the trial count 3 is self-declared");
  }, 60_000);
});
