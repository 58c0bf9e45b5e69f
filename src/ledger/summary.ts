// A ledger summary from its counted trials, the same for every backend: count, Sharpes, since, digest.
import { trialSetDigest } from "./digest.js";
import type { StoreSummary, TrialRecord } from "./store.js";

/** Summarises the trials counted; since is the earliest recordedAt; the digest is trialSetDigest's, with the head. */
export function summarize(
  ledger: string,
  experiment: string | null,
  trials: readonly Pick<TrialRecord, "fingerprint" | "sharpeAnnual" | "recordedAt">[],
  chainHead: string | null = null,
): StoreSummary {
  const sharpes = trials.flatMap((t) => (t.sharpeAnnual === null ? [] : [t.sharpeAnnual]));
  return {
    ledger,
    experiment,
    count: trials.length,
    sharpes,
    since: trials.reduce<string | null>((m, t) => (m === null || t.recordedAt < m ? t.recordedAt : m), null),
    digest: trialSetDigest(
      trials.map((t) => t.fingerprint),
      chainHead,
    ),
    chainHead,
  };
}
