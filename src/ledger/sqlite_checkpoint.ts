// WAL checkpoints of the SQLite ledger, kept off the call path: SQLite's automatic checkpoint (a copy
// of the WAL into the file and an fsync, 6-8 ms every few hundred trials) is off on the connection,
// and this runs a PASSIVE checkpoint once writes pause, or inline after a long run without a pause.
import type Database from "better-sqlite3";

/** Quiet time after a write before the checkpoint runs (ms). */
export const IDLE_MS = 100;
/** Commits after which a checkpoint runs inline, so a ledger that is never idle keeps its WAL bounded. */
export const MAX_COMMITS = 2000;

export class IdleCheckpoint {
  private timer: NodeJS.Timeout | null = null;
  private commits = 0;

  constructor(private readonly db: Database.Database) {
    db.pragma("wal_autocheckpoint = 0");
  }

  /** Called after each commit that wrote. */
  wrote(): void {
    if (++this.commits >= MAX_COMMITS) this.run();
    else if (this.timer) this.timer.refresh();
    else this.timer = setTimeout(() => this.run(), IDLE_MS).unref();
  }

  /** Checkpoints now (PASSIVE: never waits for other connections' readers or writers). */
  run(): void {
    this.cancel();
    this.commits = 0;
    if (this.db.open) this.db.pragma("wal_checkpoint(PASSIVE)");
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
