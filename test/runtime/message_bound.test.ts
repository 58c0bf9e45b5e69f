// A finding's message on the wire is bounded even when a guard builds a long one: the backstop keeps the
// first MAX_MESSAGE_CHARS characters and says how many were cut, in the finding and the summary alike.
import { describe, expect, it } from "vitest";
import { Outcome } from "../../src/contract/guard.js";
import { guardResult, MAX_MESSAGE_CHARS } from "../../src/runtime/result.js";

const provenance = { input_sha256: "x", tools_sha256: "y", version: "0" };

describe("the wire bound on a finding's message", () => {
  it("cuts a message past the bound and names how much was cut", () => {
    const long = "d".repeat(MAX_MESSAGE_CHARS + 123);
    const r = guardResult("t", "g", "s", new Outcome().error(long, "x").done(), 0, provenance);
    expect(r.findings[0]!.message).toBe(`${"d".repeat(MAX_MESSAGE_CHARS)} ... (123 more characters cut)`);
    expect(r.summary).toContain("(123 more characters cut) (where: x)");
  });
  it("leaves a message at the bound as it is", () => {
    const exact = "e".repeat(MAX_MESSAGE_CHARS);
    const r = guardResult("t", "g", "s", new Outcome().warning(exact, null).done(), 0, provenance);
    expect(r.findings[0]!.message).toBe(exact);
  });
});
