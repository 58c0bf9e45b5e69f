// trialSetDigest: the one digest every ledger backend reports for a trial set.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { trialSetDigest } from "../../src/ledger/digest.js";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

describe("trialSetDigest", () => {
  it("hashes the fingerprints sorted, each followed by a newline", () => {
    expect(trialSetDigest(["b2", "a1", "c3"])).toBe(sha256("a1\nb2\nc3\n"));
  });
  it("does not depend on the order given, and leaves its argument as it was", () => {
    const given = ["ff", "00", "7a"];
    expect(trialSetDigest(given)).toBe(trialSetDigest(["00", "7a", "ff"]));
    expect(given).toEqual(["ff", "00", "7a"]);
  });
  it("is the SHA-256 of the empty string for no trials, and differs for one more trial", () => {
    expect(trialSetDigest([])).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(trialSetDigest(["a"])).not.toBe(trialSetDigest(["a", "b"]));
  });
});
