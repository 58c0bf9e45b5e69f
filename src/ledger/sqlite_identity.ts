// The SQLite ledger file's identity (device and inode) taken at open and checked before each commit and read:
// a file deleted or replaced under a running server would otherwise take its trials into an unlinked file
// that no later process sees. Once it is gone the store refuses every call, and says so each time.
import { statSync } from "node:fs";

/** A store's file was deleted or replaced since it was opened; `vanished` trials went with it (first report only). */
export class LedgerFileGone extends Error {
  constructor(
    message: string,
    /** Trials of the call's ledger the opened file held when this was first noticed (0 after that). */
    readonly vanished: number,
  ) {
    super(message);
  }
}

export class FileIdentity {
  private readonly dev: number;
  private readonly ino: number;
  private gone: string | null = null;
  private reported = false;

  constructor(private readonly location: string) {
    const s = statSync(location);
    this.dev = s.dev;
    this.ino = s.ino;
  }

  /**
   * Throws LedgerFileGone when the path no longer names the file opened; `countOf` reads, through the open
   * handle, how many trials of the call's ledger the vanished file held (once: later throws carry 0).
   */
  check(countOf: () => number): void {
    if (this.gone === null) {
      const s = statSync(this.location, { throwIfNoEntry: false });
      if (s !== undefined && s.dev === this.dev && s.ino === this.ino) return;
      this.gone = s === undefined ? "was deleted" : "was replaced by another file";
    }
    let vanished = 0;
    if (!this.reported) {
      this.reported = true;
      vanished = countOf();
    }
    throw new LedgerFileGone(
      `the ledger file ${this.location} ${this.gone} while the server had it open` +
        `${vanished > 0 ? ` (it held ${vanished} trial(s) of this ledger)` : ""}; nothing is recorded or read ` +
        "until the server restarts",
      vanished,
    );
  }
}
