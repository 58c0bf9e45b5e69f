// Opens a ledger store from its spec: a postgres:// or postgresql:// URL, or a SQLite file path.
// Each backend (and its driver) is imported only when a ledger of its kind is opened.
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
    // Resolved from this module's own location (the one-file server build keeps it), imported on demand.
    const mod = (await import(new URL("./postgres.js", import.meta.url).href)) as PostgresModule;
    return mod.openPostgresStore(spec);
  }
  const { openSqliteStore } = await import("./sqlite.js");
  return openSqliteStore(spec);
}
