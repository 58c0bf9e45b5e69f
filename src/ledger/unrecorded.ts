// Trials a ledger could not record (a lock past the busy timeout, a full or read-only disk, a deleted or
// replaced file, an unreachable database), counted durably in an append-only log so that every later verdict,
// of this process or the next, says its count is a lower bound, until the operator acknowledges them
// (`fin-skills ledger acknowledge`). The log lies beside a SQLite ledger (FILE.unrecorded); when that cannot
// be written, and for PostgreSQL, under $XDG_STATE_HOME/fin-skills/unrecorded (else ~/.local/state/...).
// One JSON object per line: {ledger, at, trials, reason} for a loss, {ledger, at, acknowledged, reason} for an
// acknowledgement covering every loss counted until then. Losses no file could take are kept in memory.
import { createHash } from "node:crypto";
import { appendFileSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isPostgresUrl, redactLocation } from "./redact.js";

/** What a ledger name lost: in total, acknowledged so far, and when and why last. */
export interface UnrecordedCount {
  readonly total: number;
  readonly acknowledged: number;
  readonly since: string | null;
  readonly lastReason: string | null;
  /** Losses only this process knows of (no log file could be written). */
  readonly inMemoryOnly: number;
}

interface Line {
  ledger: string;
  at: string;
  trials?: number;
  acknowledged?: number;
  reason: string;
}

/** The log files of a ledger spec: beside a SQLite file first, then the state directory. */
export function unrecordedFiles(spec: string): string[] {
  const home = process.env["XDG_STATE_HOME"] || path.join(os.homedir(), ".local", "state");
  const key = createHash("sha256").update(redactLocation(spec)).digest("hex").slice(0, 16);
  const state = path.join(home, "fin-skills", "unrecorded", `${key}.log`);
  return isPostgresUrl(spec) ? [state] : [`${path.resolve(spec)}.unrecorded`, state];
}

const logs = new Map<string, UnrecordedLog>();

/** The process's log for a ledger spec (one per spec, so its in-memory losses persist across calls). */
export function unrecordedLog(spec: string): UnrecordedLog {
  let log = logs.get(spec);
  if (!log) logs.set(spec, (log = new UnrecordedLog(spec)));
  return log;
}

export class UnrecordedLog {
  private readonly files: string[];
  private readonly memory: Line[] = [];
  private seen = "";
  private lines: Line[] = [];

  constructor(spec: string) {
    this.files = unrecordedFiles(spec);
  }

  /** Counts `trials` lost for `ledger`; resolves to false when only memory could keep them. */
  note(ledger: string, trials: number, reason: string): boolean {
    if (trials <= 0) return true;
    const line: Line = { ledger, at: new Date().toISOString(), trials, reason };
    if (this.append(line)) return true;
    this.memory.push(line);
    return false;
  }

  /** Acknowledges every loss of `ledger` counted until now; the count before it. Throws when no log can be written. */
  acknowledge(ledger: string, reason: string): UnrecordedCount {
    const before = this.count(ledger);
    const line: Line = { ledger, at: new Date().toISOString(), acknowledged: before.total, reason };
    if (!this.append(line)) throw new Error(`could not write the unrecorded-trials log (${this.files.join(", ")})`);
    return before;
  }

  /** The losses of `ledger` (the log re-read only when one of its files changed). */
  count(ledger: string): UnrecordedCount {
    this.refresh();
    let total = 0;
    let acknowledged = 0;
    let since = "";
    let lastReason: string | null = null;
    let inMemoryOnly = 0;
    for (const l of [...this.lines, ...this.memory]) {
      if (l.ledger !== ledger) continue;
      if (typeof l.acknowledged === "number") acknowledged = Math.max(acknowledged, l.acknowledged);
      if (typeof l.trials !== "number") continue;
      total += l.trials;
      since = since === "" || l.at < since ? l.at : since;
      lastReason = l.reason;
    }
    for (const l of this.memory) if (l.ledger === ledger) inMemoryOnly += l.trials ?? 0;
    return { total, acknowledged, since: since || null, lastReason, inMemoryOnly };
  }

  /** Appends (and syncs) a line to the first log file that takes it. */
  private append(line: Line): boolean {
    for (const file of this.files) {
      try {
        mkdirSync(path.dirname(file), { recursive: true });
        appendFileSync(file, `${JSON.stringify(line)}\n`);
        const fd = openSync(file, "r");
        fsyncSync(fd);
        closeSync(fd);
        return true;
      } catch {}
    }
    return false;
  }

  private refresh(): void {
    const stamp = this.files
      .map((f) => {
        const s = statSync(f, { throwIfNoEntry: false });
        return s ? `${s.ino}:${s.size}:${s.mtimeMs}` : "-";
      })
      .join("|");
    if (stamp === this.seen) return;
    this.seen = stamp;
    this.lines = this.files.flatMap(readLines);
  }
}

function readLines(file: string): Line[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  return text.split("\n").flatMap((raw) => {
    try {
      const l = JSON.parse(raw) as Line;
      return typeof l.ledger === "string" && typeof l.at === "string" ? [l] : [];
    } catch {
      return [];
    }
  });
}

/** The warning every later call carries while `c` has unacknowledged losses, else null. */
export function unrecordedWarning(location: string, ledger: string, spec: string, c: UnrecordedCount): string | null {
  const open = c.total - c.acknowledged;
  if (open <= 0) return null;
  const kept = c.inMemoryOnly > 0 ? ` (${c.inMemoryOnly} of them counted only in this process's memory)` : "";
  return (
    `research ledger ${location} '${ledger}': ${open} trial(s) could not be recorded since ${c.since}${kept}, ` +
    `last because: ${c.lastReason}; every trial count from this ledger is a lower bound until the operator runs ` +
    `fin-skills ledger acknowledge --ledger ${redactLocation(spec)} --name ${ledger}`
  );
}
