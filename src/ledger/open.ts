// Opens a ledger store from its spec: a postgres:// or postgresql:// URL, or a SQLite file path.
// Each backend (and its driver) is loaded only when a ledger of its kind is opened.
import { createRequire } from "node:module";
import { isPostgresUrl } from "./redact.js";
import type { LedgerStore } from "./store.js";

interface PostgresModule {
  openPostgresStore(url: string): Promise<LedgerStore>;
}

/** The store for `spec`: PostgreSQL for a postgres URL, else the SQLite file at that path. */
export async function openLedgerStore(spec: string): Promise<LedgerStore> {
  if (isPostgresUrl(spec)) {
    // Required from this module's own location (the one-file server build keeps it; it has no dynamic-import hook).
    const mod = createRequire(import.meta.url)("./postgres.js") as PostgresModule;
    return mod.openPostgresStore(spec);
  }
  const { openSqliteStore } = await import("./sqlite.js");
  return openSqliteStore(spec);
}
