// Opens a ledger store from its spec: a postgres:// or postgresql:// URL, or a SQLite file path.
// Each backend (and its driver) is loaded only when a ledger of its kind is opened.
import { createRequire } from "node:module";
import type { LedgerStore } from "./store.js";

/** True for a PostgreSQL connection URL. */
export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//i.test(spec);
}

/** A ledger location without credentials: a URL's password is replaced by "***". */
export function redactLocation(spec: string): string {
  if (!isPostgresUrl(spec)) return spec;
  try {
    const u = new URL(spec);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "postgres://(unparseable URL)";
  }
}

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
