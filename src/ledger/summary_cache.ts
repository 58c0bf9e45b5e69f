// Ledger summaries kept while the store has not changed: a summary asked for again at the same store
// version (SQLite's data_version, which moves when another connection commits) is the one read before;
// this connection's own writes empty the cache, since they leave that version as it is.
import type { LedgerSummary } from "./store.js";

export class SummaryCache {
  private version: number | null = null;
  private readonly byKey = new Map<string, LedgerSummary>();

  /** The summary read for `ledger`/`experiment` at `version`, or undefined (a newer version empties the cache). */
  get(ledger: string, experiment: string | null, version: number): LedgerSummary | undefined {
    if (version !== this.version) {
      this.byKey.clear();
      this.version = version;
      return undefined;
    }
    return this.byKey.get(key(ledger, experiment));
  }

  /** Keeps a summary read at `version` (frozen: calls share it); returns it. */
  set(summary: LedgerSummary, version: number): LedgerSummary {
    const kept = Object.freeze({ ...summary, sharpes: Object.freeze([...summary.sharpes]) });
    if (version !== this.version) this.byKey.clear();
    this.version = version;
    this.byKey.set(key(summary.ledger, summary.experiment), kept);
    return kept;
  }

  /** This connection wrote: every summary kept may be stale. */
  clear(): void {
    this.byKey.clear();
  }
}

const key = (ledger: string, experiment: string | null) => JSON.stringify([ledger, experiment]);
