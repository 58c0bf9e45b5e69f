// The ledger's summary as it will be once a call's trials are recorded, read before the guard runs: a
// guard that reads the ledger counts its own call's trials, though they are recorded only once it answered.
import type { LedgerStore, StoreSummary, TrialRecord } from "./store.js";

/**
 * The store's summary of `ledger` with the `trials` it does not hold yet added (a retracted one stays out:
 * its row is held, so recording it again adds nothing), and those trials (`pending`, in call order, repeats
 * included). Its digest covers the chain head as it is now, before this call's rows. With no new trial, the
 * store's own summary. Reads only what the store's tally has not seen yet.
 */
export async function previewSummary(
  store: LedgerStore,
  ledger: string,
  trials: readonly TrialRecord[],
): Promise<{ summary: StoreSummary; pending: TrialRecord[] }> {
  const tally = await store.tally(ledger);
  return { summary: tally.preview(ledger, trials), pending: trials.filter((t) => !tally.holds(t.fingerprint)) };
}
