// Checking a ledger's hash chain from its rows as stored: each row's hash against its content and the
// row before it, positions without gaps or repeats, rows without a chain position, and the head row.
import { CHAIN_START, type ChainEvent, type ChainLink, chainContent, chainHash } from "./chain.js";

/** One stored event row of a ledger, as read back. */
export interface StoredRow {
  /** The event the row's columns describe now (so an edited column changes its content). */
  readonly event: ChainEvent;
  /** Its position and hash, null when the row carries none (written outside the server). */
  readonly seq: number | null;
  readonly hash: string | null;
  /** The row's order within its own table (a trial's id, a reset's epoch), to place an unchained row. */
  readonly order: number;
  /** How the row is named in a report, e.g. "trial id 17 (fingerprint 3fa2...)". */
  readonly name: string;
}

export interface ChainProblem {
  /** Chain position at or before which it occurs (a fraction for an unchained row between two). */
  readonly at: number;
  readonly message: string;
}

export interface ChainReport {
  readonly ledger: string;
  /** Rows checked, and the head the rows end at (null for a ledger with no rows). */
  readonly rows: number;
  readonly head: ChainLink | null;
  /** Problems in chain order: the first names the first broken row. Empty: intact. */
  readonly problems: readonly ChainProblem[];
}

/** Checks `rows` (every kind, any order) against the ledger's stored `head` (null when it has none). */
export function verifyChain(ledger: string, rows: readonly StoredRow[], head: ChainLink | null): ChainReport {
  const chained = rows.filter((r) => r.seq !== null && r.hash !== null).sort((a, b) => a.seq! - b.seq!);
  const problems: ChainProblem[] = [];
  let previous = CHAIN_START;
  for (const r of chained) {
    const seq = r.seq!;
    if (seq <= previous.seq) {
      problems.push({ at: seq, message: `${r.name} repeats chain position ${seq}: inserted outside the server` });
      continue;
    }
    if (seq > previous.seq + 1) {
      const gone = seq === previous.seq + 2 ? `position ${seq - 1} is` : `positions ${previous.seq + 1}-${seq - 1} are`;
      problems.push({ at: seq - 1, message: `the row at chain ${gone} missing before ${r.name}: deleted` });
    } else if (chainHash(previous.hash, chainContent(r.event)) !== r.hash) {
      problems.push({ at: seq, message: `${r.name} at chain position ${seq} does not match its hash: edited` });
    }
    previous = { seq, hash: r.hash! };
  }
  problems.push(...headProblems(previous, head, chained.length > 0));
  problems.push(...unchainedProblems(rows, chained));
  problems.sort((a, b) => a.at - b.at);
  return { ledger, rows: rows.length, head: chained.length > 0 ? previous : null, problems };
}

/** The head row against the last chained row. */
function headProblems(last: ChainLink, head: ChainLink | null, any: boolean): ChainProblem[] {
  if (head === null)
    return any ? [{ at: last.seq + 0.5, message: "the chain head row is missing: deleted outside the server" }] : [];
  if (head.seq > last.seq) {
    const gone = head.seq === last.seq + 1 ? `position ${head.seq} is` : `positions ${last.seq + 1}-${head.seq} are`;
    return [
      { at: last.seq + 1, message: `the last row(s) are missing: chain ${gone} gone (the head is at ${head.seq})` },
    ];
  }
  if (head.seq < last.seq)
    return [{ at: head.seq + 1, message: `rows past the head (position ${head.seq}) were added outside the server` }];
  if (head.hash !== last.hash)
    return [{ at: last.seq + 0.5, message: `the chain head's hash differs from the last row's: edited` }];
  return [];
}

/** Rows without a position, each placed after the chained row of its own kind just before it. */
function unchainedProblems(rows: readonly StoredRow[], chained: readonly StoredRow[]): ChainProblem[] {
  return rows
    .filter((r) => r.seq === null || r.hash === null)
    .map((r) => {
      const before = chained.filter((c) => c.event.kind === r.event.kind && c.order < r.order);
      const at = before.length === 0 ? 0 : Math.max(...before.map((c) => c.seq!));
      return { at: at + 0.5, message: `${r.name} is not in the chain: inserted outside the server` };
    });
}

/** One line per problem, the first naming the first broken row; "intact" with the head otherwise. */
export function chainReportText(report: ChainReport): string {
  const head = report.head === null ? "empty" : `head ${report.head.seq} ${report.head.hash}`;
  if (report.problems.length === 0) return `ledger '${report.ledger}': chain intact, ${report.rows} row(s), ${head}\n`;
  const [first, ...rest] = report.problems;
  const lines = [`ledger '${report.ledger}': chain broken: ${first!.message}`];
  for (const p of rest.slice(0, 20)) lines.push(`  also: ${p.message}`);
  if (rest.length > 20) lines.push(`  and ${rest.length - 20} more problem(s)`);
  return `${lines.join("\n")}\n`;
}
