// Deterministic trial records for the ledger tests (no vitest here: writer processes import it too).
import { createHash } from "node:crypto";
import type { TrialRecord } from "../../src/ledger/store.js";

/** A 64-hex fingerprint for trial number `i`. */
export function fingerprintOf(i: number): string {
  return createHash("sha256").update(`trial-${i}`).digest("hex");
}

/** Trial number `i`: its statistics are functions of i; `over` replaces any field. */
export function trial(i: number, over: Partial<TrialRecord> = {}): TrialRecord {
  return {
    fingerprint: fingerprintOf(i),
    tool: "check_cost_curve",
    input: "returns",
    experiment: null,
    nObs: 252 + i,
    periodsPerYear: 252,
    mean: 0.0001 * (i % 7),
    sd: 0.01 + 0.0001 * i,
    skew: 0.1 * ((i % 3) - 1),
    kurtosis: 3 + 0.01 * i,
    sharpeAnnual: 0.1 * i - 0.5,
    recordedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    flagged: null,
    retracted: null,
    ...over,
  };
}
