// The research ledger counts what was tried, no more, through the real stdio server and MCP SDK client: an
// agent that evaluated 40 noise strategies cannot raise (or shade) the count with a refused call or with an
// evaluated strategy resent in percent, and a strategy first sent in percent then retried is one trial.
import { describe, expect, it } from "vitest";
import { callOk, costArgs, noise, sharpe252, tempLedger, withServer } from "./ledger_fixtures.js";
import { ledgerCommand } from "../../src/cli/ledger_command.js";

type Result = { isError?: boolean; structuredContent?: Record<string, any>; content?: { text: string }[] };

const call = callOk;

/** Daily returns as a CSV holds them (8 decimals), 0.35% daily volatility: x 100 stays above -1 for most. */
const strategy = (seed: number) => noise(seed, 504).map((x) => Number((x * 0.35).toFixed(8)));
const N = 40;
const strategies = Array.from({ length: N }, (_, i) => strategy(2000 + i));
const best = Math.max(...strategies.map(sharpe252));
const declared = { best_sharpe: best, n_obs: 504, n_trials: 3 };
/** In percent, a strategy the guard evaluates (flagging the unit) rather than refuses (a loss at or past -1). */
const inPercent = (s: readonly number[]) => s.map((x) => x * 100);
const evaluable = (s: readonly number[]) => inPercent(s).every((x) => x > -1);
const percentFinding = (r: Record<string, any>) =>
  r.findings.find((f: any) => f.severity === "error" && f.message.startsWith("returns look like percent"));

describe("the research ledger counts what was tried", () => {
  it("keeps 40 after a refused call and a strategy resent in percent; the verdict uses 40 and fails", async () => {
    const ledger = tempLedger();
    const resent = strategies.find(evaluable);
    expect(resent).toBeDefined();
    await withServer(["--ledger", ledger], async (c) => {
      for (const s of strategies) await call(c, "check_cost_curve", costArgs(s));
      // A series with a missing value is refused as bad input: the guard evaluated nothing.
      const holed = [...strategy(9999).slice(0, 100), null, ...strategy(9999).slice(101)];
      const refused = (await c.callTool({
        name: "check_cost_curve",
        arguments: costArgs(holed as number[]),
      })) as Result;
      expect(refused.isError).toBe(true);
      expect(refused.content![0]!.text).toContain("returns");
      // Resent x 100: the guard flags percent (an error-level finding) and the ledger records the series meant.
      const percent = await call(c, "check_cost_curve", costArgs(inPercent(resent!)));
      expect(percentFinding(percent)).toBeDefined();
      expect(percent.provenance.ledger).toMatchObject({ trials: 1, recorded: 0 });
      const listed = await call(c, "list_trials", {});
      expect(listed).toMatchObject({ count: N, flagged: 0, retracted: 0 });
      const verdict = await call(c, "check_trial_ledger", declared);
      expect(verdict.evidence.n_trials).toBe(N);
      expect(verdict.evidence.n_trials_declared).toBe(3);
      expect(verdict.evidence.n_trials_source).toBe("ledger");
      expect(verdict.evidence.ledger.digest).toBe(listed.digest);
      expect(verdict.passed).toBe(false);
    });
  }, 180_000);

  it("counts a strategy first sent in percent and its corrected retry as one trial, marked flagged", async () => {
    const ledger = tempLedger();
    const s = strategies.filter(evaluable)[1]!;
    const [first, retry, listed] = await withServer(["--ledger", ledger], async (c) => [
      await call(c, "check_cost_curve", costArgs(inPercent(s))),
      await call(c, "check_cost_curve", costArgs(s)),
      await call(c, "list_trials", {}),
    ]);
    expect(percentFinding(first)).toBeDefined();
    expect(first.provenance.ledger).toMatchObject({ trials: 1, recorded: 1 });
    expect(percentFinding(retry)).toBeUndefined();
    expect(retry.provenance.ledger).toMatchObject({ trials: 1, recorded: 0 });
    expect(listed).toMatchObject({ count: 1, flagged: 1 });
    const [row] = JSON.parse(await ledgerCommand(["export", "--ledger", ledger, "--format", "json"]));
    expect(row).toMatchObject({ flagged: "percent", nObs: s.length, retracted: null });
    // The row holds the corrected series' statistics: the retry's own Sharpe.
    expect(row.sharpeAnnual).toBeCloseTo(sharpe252(s), 12);
  }, 60_000);
});
