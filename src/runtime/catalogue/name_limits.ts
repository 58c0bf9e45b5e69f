// Bounds on the name lists catalogue tools accept (docs/contract.md §6.2): how many slot names one call
// may send, and how many unknown names get a did-you-mean (each costs a comparison with the vocabulary).
import { BadInputError } from "../../contract/guard.js";
import { closeMatches } from "../codec/index.js";
import { grouped } from "../../lib/grouped.js";

/** Slot names one bundle_coverage or check_backtest call may send (the vocabulary is a few dozen). */
export const MAX_SLOT_NAMES = 1_000;
/** Unknown names that get closest-name suggestions; later ones are listed without. */
export const MAX_SUGGESTED = 10;

/** Refuses a list of more than MAX_SLOT_NAMES names, naming the field. */
export function requireNameCount(field: string, count: number): void {
  if (count <= MAX_SLOT_NAMES) return;
  throw new BadInputError(
    "too_large",
    field,
    `${field}: ${grouped(count)} slot names sent; at most ${grouped(MAX_SLOT_NAMES)} ` +
      "are accepted (bundle_coverage with no names lists the vocabulary)",
  );
}

/**
 * The name count of a catalogue call's raw arguments refused before any other work on them (#49: a million
 * names were hashed and validated, seconds on the main thread, only to be refused by this count).
 */
export function requireNameCountOf(tool: string, args: Readonly<Record<string, unknown>>): void {
  const slots = args.slots;
  if (tool === "bundle_coverage" && Array.isArray(slots)) requireNameCount("slots", slots.length);
  if (tool === "check_backtest" && slots !== null && typeof slots === "object" && !Array.isArray(slots))
    requireNameCount("slots", Object.keys(slots).length);
}

/** Closest vocabulary names for the first MAX_SUGGESTED unknown names; [] for the rest. */
export function suggestions(unknown: readonly string[], vocab: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(unknown.map((n, i) => [n, i < MAX_SUGGESTED ? closeMatches(n, vocab, 3, 0.5) : []]));
}
