// The ledger's hash chain, the same for every backend: each event row of a named ledger (a trial, a
// reset; a retraction) carries its position (1, 2, ...) and SHA-256 over the previous row's hash and its
// own canonical content, and the ledger's head row holds the last position and hash. An edit, deletion or
// insertion outside the server breaks the chain at that row. Limit: anyone who can write the file and
// runs this algorithm can rewrite the chain from an edited row on; it shows careless or partial edits.
import { createHash } from "node:crypto";
import { type TrialRecord, trialFields } from "./trial_record.js";

/** Version tag of the chained content's layout; a change of layout changes it. */
export const CHAIN_LAYOUT = "fin-skills-chain-v1";
/** The hash the first row of a ledger chains to. */
export const GENESIS = "0".repeat(64);

/** A position in a ledger's chain and the hash of the row at it (position 0: the empty chain). */
export interface ChainLink {
  readonly seq: number;
  readonly hash: string;
}

export const CHAIN_START: ChainLink = { seq: 0, hash: GENESIS };

/** An event a ledger chains: every kind of row goes through chainContent. */
export type ChainEvent =
  | { readonly kind: "trial"; readonly ledger: string; readonly epoch: number; readonly trial: TrialRecord }
  | {
      readonly kind: "reset";
      readonly ledger: string;
      readonly epoch: number;
      readonly at: string;
      readonly reason: string;
    }
  | {
      readonly kind: "retraction";
      readonly ledger: string;
      readonly epoch: number;
      readonly fingerprint: string;
      readonly at: string;
      readonly reason: string;
    };

/**
 * The one place a row's chained content is built: a JSON array of its kind and fields in a fixed order
 * (numbers as JavaScript prints them, so a value read back from either backend gives the same text).
 */
export function chainContent(e: ChainEvent): string {
  switch (e.kind) {
    case "trial": {
      const t = e.trial;
      return JSON.stringify([
        "trial",
        e.ledger,
        e.epoch,
        ...trialFields(t),
        // A flagged trial's mark is chained; an unflagged trial's content is as it was before the mark existed.
        ...(t.flagged ? [t.flagged] : []),
      ]);
    }
    case "reset":
      return JSON.stringify(["reset", e.ledger, e.epoch, e.at, e.reason]);
    case "retraction":
      return JSON.stringify(["retraction", e.ledger, e.epoch, e.fingerprint, e.at, e.reason]);
  }
}

/** SHA-256 (hex) of the layout tag, the previous row's hash and this row's content, newline-separated. */
export function chainHash(previous: string, content: string): string {
  return createHash("sha256").update(`${CHAIN_LAYOUT}\n${previous}\n${content}`).digest("hex");
}

/** The link of `event` appended after `previous`. */
export function nextLink(previous: ChainLink, event: ChainEvent): ChainLink {
  return { seq: previous.seq + 1, hash: chainHash(previous.hash, chainContent(event)) };
}

/** Links for events in the order given, starting after `from`. */
export function linksAfter(from: ChainLink, events: readonly ChainEvent[]): ChainLink[] {
  const out: ChainLink[] = [];
  let at = from;
  for (const e of events) out.push((at = nextLink(at, e)));
  return out;
}
