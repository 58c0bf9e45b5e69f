// A SQLite ledger file that does not exist yet: reading it (list_trials, a verdict with no trials to record)
// finds no trials and creates nothing; only recording a trial creates the file.
import { existsSync } from "node:fs";
import path from "node:path";
import { isPostgresUrl } from "./redact.js";
import type { LedgerStore } from "./store.js";
import { summarize } from "./summary.js";
import { LedgerTally } from "./summary_incremental.js";

/** The absolute path of the SQLite ledger `spec` names when no file is there yet, else null. */
export function absentSqliteLedger(spec: string): string | null {
  if (isPostgresUrl(spec)) return null;
  const location = path.resolve(spec);
  return existsSync(location) ? null : location;
}

/** A store standing for the absent file at `location`: it holds nothing; recording, resetting or retracting throws. */
export function absentStore(location: string): LedgerStore {
  const refuse = (what: string) => () => Promise.reject(new Error(`no ledger at ${location} to ${what}`));
  return {
    kind: "sqlite",
    location,
    record: (_ledger, trials) => (trials.length === 0 ? Promise.resolve(0) : refuse("record in")()),
    tally: async () => new LedgerTally(0),
    summary: async (ledger, experiment = null) => summarize(ledger, experiment, []),
    list: async () => [],
    experiments: async () => [],
    returnsRoom: async () => 0,
    returns: async () => ({ series: [], without: 0 }),
    ledgers: async () => [],
    reset: refuse("reset"),
    resets: async () => [],
    retract: refuse("retract in"),
    retractions: async () => [],
    verify: async (ledger) => ({ ledger, rows: 0, head: null, problems: [] }),
    close: async () => undefined,
  };
}
