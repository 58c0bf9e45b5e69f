// A ledger summary from its counted trials, the same for every backend: count, Sharpes, since, digest.
import { createHash } from "node:crypto";
import type { LedgerSummary, TrialRecord } from "./store.js";

/**
 * Summarises the trials counted; since is the earliest recordedAt; the digest is SHA-256 of the sorted
 * fingerprints, one a line.
 */
export function summarize(
  ledger: string,
  experiment: string | null,
  trials: readonly Pick<TrialRecord, "fingerprint" | "sharpeAnnual" | "recordedAt">[],
): LedgerSummary {
  const sharpes = trials.flatMap((t) => (t.sharpeAnnual === null ? [] : [t.sharpeAnnual]));
  const fingerprints = trials.map((t) => t.fingerprint).sort();
  return {
    ledger,
    experiment,
    count: trials.length,
    sharpes,
    since: trials.reduce<string | null>((m, t) => (m === null || t.recordedAt < m ? t.recordedAt : m), null),
    digest: createHash("sha256").update(fingerprints.join("\n")).digest("hex"),
  };
}
