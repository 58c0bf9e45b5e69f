// The digest of a trial set, shared by every ledger backend so the same trials give the same digest.
import { createHash } from "node:crypto";

/** SHA-256 (hex) of the fingerprints sorted by code unit, each followed by "\n" (the empty set hashes ""). */
export function trialSetDigest(fingerprints: readonly string[]): string {
  const hash = createHash("sha256");
  for (const f of [...fingerprints].sort()) hash.update(`${f}\n`);
  return hash.digest("hex");
}
