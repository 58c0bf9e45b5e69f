// Opens a ledger store from a backend kind and its location (the writer processes' and the tests' one way in).
import { openPostgresStore } from "../../src/ledger/postgres.js";
import { openSqliteStore } from "../../src/ledger/sqlite.js";
import type { LedgerStore } from "../../src/ledger/store.js";

export type BackendKind = "postgres" | "sqlite";

export function openStore(kind: BackendKind, location: string): Promise<LedgerStore> {
  if (kind === "postgres") return openPostgresStore(location);
  if (kind === "sqlite") return openSqliteStore(location);
  throw new Error(`unknown ledger backend: ${kind}`);
}
