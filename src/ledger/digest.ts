// The digest of a trial set, shared by every ledger backend so the same trials give the same digest.
import { createHash } from "node:crypto";

/**
 * SHA-256 (hex) of the fingerprints sorted by code unit, each followed by "\n", then, for a ledger with a
 * hash chain, "chain " + its head's hash + "\n" (the empty set of a ledger without one hashes "").
 */
export function trialSetDigest(fingerprints: readonly string[], chainHead: string | null = null): string {
  const hash = createHash("sha256");
  for (const f of [...fingerprints].sort()) hash.update(`${f}\n`);
  if (chainHead !== null) hash.update(`chain ${chainHead}\n`);
  return hash.digest("hex");
}
