// Issue #16 item 2: the same strategy summary sent to check_research_audit and check_trial_ledger
// yields the same E[max Sharpe], the same deflated Sharpe and consistent verdicts.
import { describe, expect, it } from "vitest";
import { phiInv } from "../../src/lib/normal.js";
import { check as researchAudit } from "../../guards/research_audit.js";
import { check as trialLedger } from "../../guards/trial_ledger.js";

const GAMMA = 0.5772156649015329;
const E = 2.718281828459045;
const failed = (o: { findings: readonly { severity: string }[] }) => o.findings.some((f) => f.severity === "error");

describe("one verdict on overfitting", () => {
  it.each([
    [1.0, 1008, 45, 252],
    [1.0, 1260, 45, 252],
    [2.0, 1008, 50, 252],
    [1.5, 504, 12, 126],
    [0.8, 3000, 5, 252],
    [3.0, 2520, 2, 252],
  ])("Sharpe %s over %s periods after %s trials (P = %s)", async (sharpe, nObs, nTrials, ppy) => {
    const audit = await researchAudit(sharpe, nObs, nTrials, ppy);
    const ledger = trialLedger(sharpe, nObs, undefined, nTrials, undefined, ppy);
    // E[max Sharpe] by hand: E[max of N standard normals] x sqrt(P / T), the zero-skill spread.
    const en = (1 - GAMMA) * phiInv(1 - 1 / nTrials) + GAMMA * phiInv(1 - 1 / (nTrials * E));
    expect(audit.evidence["expected_max_sharpe"] as number).toBeCloseTo(en * Math.sqrt(ppy / nObs), 12);
    expect(ledger.evidence["expected_max_sharpe"]).toBe(audit.evidence["expected_max_sharpe"]);
    expect(ledger.evidence["dsr"]).toBe(audit.evidence["dsr"]);
    expect(ledger.evidence["sharpe_variance"]).toBe(audit.evidence["sharpe_variance"]);
    expect(failed(audit)).toBe(failed(ledger));
    expect(audit.evidence["credible"]).toBe(!failed(ledger));
  });

  it(
    "the audit that used to say credible now says what it could " + "not check and points to check_trial_ledger",
    async () => {
      const audit = await researchAudit(1.0, 1260, 45);
      expect(audit.evidence["credible"]).toBe(false);
      const warning = audit.findings.find((f) => f.where === "dsr" && f.severity === "warning")!;
      expect(warning.message).toBe(
        "could not check the trials' real Sharpe spread (zero-skill variance P / n_obs assumed), the skew and " +
          "kurtosis of returns (0 and raw 3 assumed): run check_trial_ledger with sharpes or sharpe_variance, " +
          "skew and kurtosis",
      );
      const pass = await researchAudit(2.0, 1008, 50);
      expect(pass.evidence["credible"]).toBe(true);
      expect(pass.findings.some((f) => f.message === warning.message)).toBe(true);
    },
  );
});
