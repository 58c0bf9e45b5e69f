// A ledger summary from its counted trials, the same for every backend: count, Sharpes, since, digest, and
// the longest track record and highest Sharpe seen (what no declared number may exceed).
import { dilutionProofVariance } from "../lib/recorded_spread.js";
import { sharpeHistogram } from "../lib/sharpe_distribution.js";
import { trialSetDigest } from "./digest.js";
import type { StoreSummary, TrialRecord } from "./store.js";

/** The columns of a trial a summary reads. */
export type SummaryRow = Pick<TrialRecord, "fingerprint" | "nObs" | "sharpeAnnual" | "recordedAt">;

/** Summarises the trials counted; since is the earliest recordedAt; the digest is trialSetDigest's, with the head. */
export function summarize(
  ledger: string,
  experiment: string | null,
  trials: readonly SummaryRow[],
  chainHead: string | null = null,
): StoreSummary {
  const sharpes = trials.flatMap((t) => (t.sharpeAnnual === null ? [] : [t.sharpeAnnual]));
  let longestNObs: number | null = null;
  for (const t of trials) if (longestNObs === null || t.nObs > longestNObs) longestNObs = t.nObs;
  let maxSharpe: number | null = null;
  for (const s of sharpes) if (maxSharpe === null || s > maxSharpe) maxSharpe = s;
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
    longestNObs,
    maxSharpe,
    sharpeHistogram: sharpeHistogram(sharpes),
    dilutionVariance: dilutionProofVariance(sharpes),
    chainHead,
  };
}
