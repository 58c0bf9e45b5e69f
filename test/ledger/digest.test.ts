// trialSetDigest: the one digest every ledger backend reports for a trial set (two-level: docs/ledger.md).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { trialSetDigest } from "../../src/ledger/digest.js";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

describe("trialSetDigest", () => {
  it("hashes each group of fingerprints (first two characters) sorted, then one line per group", () => {
    const ab = sha256("ab1\nab2\n");
    const c3 = sha256("c3x\n");
    expect(trialSetDigest(["c3x", "ab2", "ab1"])).toBe(sha256(`ab ${ab}\nc3 ${c3}\n`));
  });
  it("does not depend on the order given, and leaves its argument as it was", () => {
    const given = ["ff", "00", "7a"];
    expect(trialSetDigest(given)).toBe(trialSetDigest(["00", "7a", "ff"]));
    expect(given).toEqual(["ff", "00", "7a"]);
  });
  it("is the SHA-256 of the empty string for no trials, and differs for one more trial", () => {
    expect(trialSetDigest([])).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(trialSetDigest(["a"])).not.toBe(trialSetDigest(["a", "b"]));
    expect(trialSetDigest(["aa1"])).not.toBe(trialSetDigest(["aa1", "aa2"]));
  });
  it("ends with the chain head's line when the ledger has one", () => {
    const ab = sha256("ab1\n");
    expect(trialSetDigest(["ab1"], "h3ad")).toBe(sha256(`ab ${ab}\nchain h3ad\n`));
    expect(trialSetDigest([], "h3ad")).toBe(sha256("chain h3ad\n"));
  });
});
