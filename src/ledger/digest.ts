// The digest of a trial set, shared by every ledger backend so the same trials give the same digest. It is
// two-level, so a ledger that grows by one trial rehashes one group, not every fingerprint: fingerprints
// are grouped by their first two characters (256 groups of hex fingerprints), each group hashed alone.
import { createHash } from "node:crypto";

/** The group a fingerprint belongs to: its first two characters. */
export const digestGroup = (fingerprint: string): string => fingerprint.slice(0, 2);

/** SHA-256 (hex) of a group's fingerprints, already sorted by code unit, each followed by "\n". */
export function groupDigest(sorted: readonly string[]): string {
  // One update of the joined text (the same bytes): an update per fingerprint cost about 1 us each.
  const text = sorted.length === 0 ? "" : `${sorted.join("\n")}\n`;
  return createHash("sha256").update(text).digest("hex");
}

/**
 * SHA-256 (hex) of one line "<group> <group digest>\n" per non-empty group, the groups sorted by code unit,
 * then, for a ledger with a hash chain, "chain " + its head's hash + "\n".
 */
export function combineGroups(
  groups: readonly (readonly [group: string, digest: string])[],
  chainHead: string | null = null,
): string {
  const sorted = [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const lines = sorted.map(([group, digest]) => `${group} ${digest}\n`);
  if (chainHead !== null) lines.push(`chain ${chainHead}\n`);
  return createHash("sha256").update(lines.join("")).digest("hex");
}

/** The digest of a set of fingerprints (any order; the empty set of a ledger without a chain hashes ""). */
export function trialSetDigest(fingerprints: readonly string[], chainHead: string | null = null): string {
  const groups = new Map<string, string[]>();
  for (const f of fingerprints) {
    const g = digestGroup(f);
    const list = groups.get(g);
    if (list) list.push(f);
    else groups.set(g, [f]);
  }
  return combineGroups(
    [...groups].map(([g, list]) => [g, groupDigest(list.sort())] as const),
    chainHead,
  );
}
