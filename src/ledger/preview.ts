// The ledger's summary as it will be once a call's trials are recorded, read before the guard runs: a
// guard that reads the ledger counts its own call's trials, though they are recorded only once it answered.
import type { LedgerStore, StoreSummary, TrialRecord } from "./store.js";
import { summarize } from "./summary.js";

/**
 * The store's summary of `ledger` with the `trials` it does not hold yet added (a retracted one stays out:
 * its row is held, so recording it again adds nothing). Its digest covers the chain head as it is now,
 * before this call's rows. With no new trial, the store's own summary.
 */
export async function previewSummary(
  store: LedgerStore,
  ledger: string,
  trials: readonly TrialRecord[],
): Promise<StoreSummary> {
  const current = await store.summary(ledger);
  if (trials.length === 0) return current;
  const listed = await store.list(ledger);
  const held = new Set(listed.map((t) => t.fingerprint));
  const counted: TrialRecord[] = listed.filter((t) => !t.retracted);
  for (const t of trials) {
    if (held.has(t.fingerprint)) continue;
    held.add(t.fingerprint);
    counted.push(t);
  }
  return counted.length === current.count ? current : summarize(ledger, null, counted, current.chainHead);
}
