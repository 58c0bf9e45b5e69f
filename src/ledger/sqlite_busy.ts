// Waiting for another process's SQLite lock without holding the event loop: the ledger's connection runs
// with busy_timeout 0 (SQLite's own busy wait sleeps on the calling thread, which is the server's only
// one), and a step that finds the database busy is retried on a timer, backing off, until the ledger's
// busy timeout. Calls that do not use the ledger answer meanwhile; calls that do wait side by side.
import { setTimeout as sleep } from "node:timers/promises";

/** How long a ledger step waits for another process's lock before it fails and the call warns (ms). */
export const BUSY_TIMEOUT_MS = 5000;
/** The first retry's delay and the longest between two tries (ms): a freed lock is seen within MAX_DELAY_MS. */
const FIRST_DELAY_MS = 1;
const MAX_DELAY_MS = 25;

/** SQLite's "database is locked" (SQLITE_BUSY and its extended codes) from better-sqlite3. */
export function isBusy(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_"));
}

/**
 * Runs `step` (synchronous, all or nothing: a transaction or one statement) and, while it fails busy,
 * again after a growing delay; past `timeoutMs` the last busy error is thrown. Other errors are thrown at once.
 */
export async function whenFree<T>(step: () => T, timeoutMs: number = BUSY_TIMEOUT_MS): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  let delay = FIRST_DELAY_MS;
  for (;;) {
    try {
      return step();
    } catch (e) {
      const left = deadline - performance.now();
      if (!isBusy(e) || left <= 0) throw e;
      await sleep(Math.min(delay, left));
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
  }
}

/**
 * A connection's writes, one at a time, each with its own deadline: a write waits for the one before it,
 * then for the lock, until BUSY_TIMEOUT_MS after it was asked for, so writes behind a long lock all fail at
 * about the same time rather than one timeout after another. One waiter per process keeps several server
 * processes' writers taking turns (with every call of each polling, some waited out the whole timeout).
 */
export class WriteTurns {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(step: () => T): Promise<T> {
    const deadline = performance.now() + BUSY_TIMEOUT_MS;
    const turn = this.last.then(() => whenFree(step, deadline - performance.now()));
    this.last = turn.catch(() => undefined);
    return turn;
  }
}
