// Ledger summaries kept while the store has not changed: a summary asked for again at the same store
// version (SQLite's data_version, which moves when another connection commits) is the one read before;
// this connection's own writes empty the cache, since they leave that version as it is.
import type { StoreSummary } from "./store.js";

export class SummaryCache {
  private version: number | null = null;
  private readonly byKey = new Map<string, StoreSummary>();

  /** The summary read for `ledger`/`experiment` at `version`, or undefined (a newer version empties the cache). */
  get(ledger: string, experiment: string | null, version: number): StoreSummary | undefined {
    if (version !== this.version) {
      this.byKey.clear();
      this.version = version;
      return undefined;
    }
    return copy(this.byKey.get(key(ledger, experiment)));
  }

  /** Keeps a summary read at `version`; returns a copy of it. */
  set(summary: StoreSummary, version: number): StoreSummary {
    if (version !== this.version) this.byKey.clear();
    this.version = version;
    this.byKey.set(key(summary.ledger, summary.experiment), summary);
    return copy(summary)!;
  }

  /** This connection wrote: every summary kept may be stale. */
  clear(): void {
    this.byKey.clear();
  }
}

/**
 * Each call's own copy (a slice of the Sharpes costs a copy of doubles): never frozen, since a frozen
 * array of doubles holds them boxed, and guards reading it then slowed on every array they read.
 */
function copy(s: StoreSummary | undefined): StoreSummary | undefined {
  return s && { ...s, sharpes: s.sharpes.slice() };
}

const key = (ledger: string, experiment: string | null) => JSON.stringify([ledger, experiment]);
