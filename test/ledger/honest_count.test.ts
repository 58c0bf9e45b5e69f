// The guards given a ledger summary as data: the count raised to the ledger's with a warning naming both,
// the ledger's Sharpe variance used when none is given, and the 2025 DSR's variance scaled by Var[max of K].
import { describe, expect, it } from "vitest";
import { check as trialLedger } from "../../guards/trial_ledger.js";
import { check as researchAudit } from "../../guards/research_audit.js";
import type { LedgerSummary } from "../../src/contract/guard.js";
import { variance } from "../../src/lib/stats.js";
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
};
const u = undefined;

describe("honest trial counts in the guards", () => {
  it("check_trial_ledger uses the ledger's 41 over a declared 3, and its Sharpes' variance", () => {
    const r = trialLedger(1.2, 756, u, 3, u, u, u, u, u, u, u, u, u, summary);
    expect(r.evidence.n_trials).toBe(41);
    expect(r.evidence.n_trials_declared).toBe(3);
    expect(r.evidence.sharpe_variance).toBeCloseTo(variance(sharpes), 15);
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
    expect(r.evidence.sharpe_variance).toBeCloseTo(variance(sharpes), 15);
    expect(r.evidence.sharpe_variance_source).toBe("ledger");
    expect(r.findings.find((f) => f.severity === "warning" && f.where === "n_trials")!.message).toContain(
      "you declared 3 trials",
    );
  });
});
