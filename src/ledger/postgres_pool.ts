// Connections to a PostgreSQL ledger: the pool, transactions, and errors that name the server.
// Only a postgres:// ledger loads this module (and so the driver): src/ledger's opener requires it on demand.
import pg, { type Pool, type PoolClient } from "pg";
import { redactLocation, scrubSecrets, secretsOf } from "./redact.js";

/** Where a ledger URL points, for messages and provenance (never its password). */
export interface PostgresTarget {
  /** The URL with its password (user-info or a secret parameter) removed. */
  readonly location: string;
  /** The secret values the URL carries, scrubbed from driver messages. */
  readonly secrets: readonly string[];
  /** host:port (or the socket directory) the URL names, for error messages. */
  readonly server: string;
}

/** Parses a postgres:// or postgresql:// URL; throws a clear error for anything else. */
export function postgresTarget(url: string): PostgresTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error("PostgreSQL ledger: not a URL (expected postgres://user@host:port/database)");
  }
  if (u.protocol !== "postgres:" && u.protocol !== "postgresql:")
    throw new Error(`PostgreSQL ledger: expected a postgres:// URL, got ${u.protocol}//`);
  const host = u.searchParams.get("host") ?? (decodeURIComponent(u.hostname) || "localhost");
  return { location: redactLocation(url), secrets: secretsOf(url), server: `${host}:${u.port || "5432"}` };
}

/** The reason a driver error gives (a refused connection to every address is an AggregateError with none). */
function reason(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const inner = e instanceof AggregateError ? e.errors.map((x) => reason(x)).join("; ") : "";
  const code = (e as { code?: unknown }).code;
  return e.message || inner || (typeof code === "string" ? code : e.name);
}

/** An error naming the server, for a warning: the driver's reason with the URL's secrets scrubbed. */
export function ledgerError(target: PostgresTarget, e: unknown): Error {
  let text = scrubSecrets(reason(e), null);
  for (const secret of target.secrets) text = text.replaceAll(secret, "***");
  return new Error(`PostgreSQL ledger at ${target.server}: ${text}`);
}

/** How long connecting, and one statement, may take before the call gets an error instead of waiting on. */
const CONNECT_MS = 10_000;
const STATEMENT_MS = 30_000;

/** A pool of at most `max` connections (none is opened until the first query). */
export function createPool(url: string, max = 4): Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_MS,
    query_timeout: STATEMENT_MS,
    statement_timeout: STATEMENT_MS,
    // Idle connections do not keep a process (a CLI command) alive.
    allowExitOnIdle: true,
  });
  // An idle connection's failure must not crash the process: the next query fails, and is named.
  pool.on("error", () => undefined);
  return pool;
}

/** Runs `fn` in a transaction on one connection; a connection that failed is discarded, not reused. */
export async function transaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out connection that dies emits 'error' with no pool listener: the query in flight fails instead.
  const ignore = () => undefined;
  client.on("error", ignore);
  try {
    await client.query("BEGIN");
    const out = await fn(client);
    await client.query("COMMIT");
    client.off("error", ignore);
    client.release();
    return out;
  } catch (e) {
    client.off("error", ignore);
    const rolledBack = await client.query("ROLLBACK").then(
      () => true,
      () => false,
    );
    client.release(rolledBack ? undefined : true);
    throw e;
  }
}
