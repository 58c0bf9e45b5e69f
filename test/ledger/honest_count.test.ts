// The guards given a ledger summary as data: the count raised to the ledger's with a warning naming both,
// the ledger's (dilution-proof) Sharpe variance used when none is given, and the 2025 DSR's variance scaled
// by Var[max of K].
import { describe, expect, it } from "vitest";
import { check as trialLedger } from "../../guards/trial_ledger.js";
import { check as researchAudit } from "../../guards/research_audit.js";
import type { LedgerSummary } from "../../src/contract/guard.js";
import { dilutionProofVariance } from "../../src/lib/recorded_spread.js";
import { maxNormalMoments } from "../../src/lib/max_normal.js";
import { sharpeHistogram } from "../../src/lib/sharpe_distribution.js";

const sharpes = Array.from({ length: 41 }, (_, i) => -1 + i * 0.05);
const summary: LedgerSummary = {
  ledger: "study",
  experiment: null,
  count: 41,
  sharpes,
  since: "2026-01-02T03:04:05.000Z",
  digest: "ab".repeat(32),
  longestNObs: 756,
  maxSharpe: Math.max(...sharpes),
};
const u = undefined;

describe("honest trial counts in the guards", () => {
  it("check_trial_ledger uses the ledger's 41 over a declared 3, and its Sharpes' variance", () => {
    const r = trialLedger(1.2, 756, u, 3, u, u, u, u, u, u, u, u, u, summary);
    expect(r.evidence.n_trials).toBe(41);
    expect(r.evidence.n_trials_declared).toBe(3);
    expect(r.evidence.sharpe_variance).toBeCloseTo(dilutionProofVariance(sharpes)!, 15);
    expect(r.evidence.sharpe_variance_source).toBe("ledger");
    expect(r.evidence.ledger).toEqual({
      name: "study",
      experiment: null,
      count: 41,
      since: summary.since,
      digest: summary.digest,
      sharpes: sharpes.length,
      sharpe_histogram: sharpeHistogram(sharpes),
    });
    const w = r.findings.find((f) => f.where === "n_trials" && f.severity === "warning")!;
    expect(w.message).toBe(
      "you declared 3 trials; this research ledger 'study' recorded 41 distinct strategies since " +
        "2026-01-02T03:04:05.000Z: the verdict uses 41",
    );
  });

  it("keeps a declared count above the ledger's, and a given variance over the ledger's", () => {
    const r = trialLedger(1.2, 756, u, 100, 0.5, u, u, u, u, u, u, u, u, summary);
    expect(r.evidence.n_trials).toBe(100);
    expect(r.evidence.n_trials_source).toBe("declared");
    expect(r.evidence.sharpe_variance).toBe(0.5);
    expect(r.findings.some((f) => f.severity === "warning" && f.where === "n_trials")).toBe(false);
  });

  it("scales the 2025 DSR's null variance by Var[max of K normals]", () => {
    const r = trialLedger(1.2, 756, u, 3, u, u, u, u, u, "2025", u, u, u, summary);
    expect(r.evidence.max_variance_factor).toBeCloseTo(maxNormalMoments(41).variance, 15);
    const one = trialLedger(1.2, 756, u, 1, u, u, u, u, u, "2025");
    expect(one.evidence.max_variance_factor).toBe(1);
  });

  it("check_research_audit deflates by the ledger's count and its Sharpes' variance", async () => {
    const r = await researchAudit(1.2, 756, 3, u, u, u, u, u, summary);
    expect(r.evidence.n_trials).toBe(41);
    expect(r.evidence.sharpe_variance).toBeCloseTo(dilutionProofVariance(sharpes)!, 15);
    expect(r.evidence.sharpe_variance_source).toBe("ledger");
    expect(r.findings.find((f) => f.severity === "warning" && f.where === "n_trials")!.message).toContain(
      "you declared 3 trials",
    );
  });
  it("says 'one trial: nothing to deflate' only of the count used, not of a declared 1 the ledger raised", async () => {
    const nothing = (r: { findings: readonly { message: string }[] }) =>
      r.findings.filter((f) => f.message.startsWith("one trial: nothing to deflate")).length;
    const raised = trialLedger(1.2, 756, u, 1, u, u, u, u, u, u, u, u, u, summary);
    expect(raised.evidence.n_trials).toBe(41);
    expect(nothing(raised)).toBe(0);
    expect(nothing(trialLedger(1.2, 756, u, 1))).toBe(1);
    expect(nothing(await researchAudit(1.2, 756, 1, u, u, u, u, u, summary))).toBe(0);
    expect(nothing(await researchAudit(1.2, 756, 1))).toBe(1);
  });

  it("check_research_audit names the zero-skill variance only when it stood in for the ledger's", async () => {
    const zeroSkill = "zero-skill variance P / n_obs assumed";
    // Sharpe 3 over 3 years meets the MinBTL for 41 trials, so the caveat is given.
    const withLedger = await researchAudit(3, 756, 3, u, u, u, u, u, summary);
    expect(withLedger.evidence.sharpe_variance_source).toBe("ledger");
    const caveat = withLedger.findings.find((f) => f.message.startsWith("could not check"))!;
    expect(caveat.message).toBe(
      "could not check the skew and kurtosis of returns (0 and raw 3 assumed): run check_trial_ledger with " +
        "skew and kurtosis",
    );
    expect(String(withLedger.evidence.not_checked)).not.toContain(zeroSkill);
    const declaredOnly = await researchAudit(3, 756, 41);
    expect(declaredOnly.evidence.sharpe_variance_source).toBe("zero_skill_fallback");
    expect(declaredOnly.findings.find((f) => f.message.startsWith("could not check"))!.message).toContain(zeroSkill);
    expect(String(declaredOnly.evidence.not_checked)).toContain(zeroSkill);
  });
});
