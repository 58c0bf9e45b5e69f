// Issue #31 item 5: survivorship evidence says whether delisting returns are included (an input that
// defaults to unknown), as a finding, in the evidence and in the verdict's report.
import { describe, expect, it } from "vitest";
import { check } from "../../guards/survivorship_audit.js";
import { makeFrame } from "../../src/lib/frame.js";
import { badFieldAndMessage } from "../helpers/bad_field.js";

const day = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
/** 400 days, three names; C stops trading after day 100 (it delisted). */
const prices = makeFrame(
  {
    A: Array.from({ length: 400 }, (_, i) => 100 + i * 0.1),
    B: Array.from({ length: 400 }, (_, i) => 50 + i * 0.05),
    C: Array.from({ length: 400 }, (_, i) => (i < 100 ? 20 - i * 0.1 : null)),
  },
  Array.from({ length: 400 }, (_, i) => day(i)),
);
const at = (o: { readonly findings: readonly { where: string | null; severity: string; message: string }[] }) =>
  o.findings.filter((f) => f.where === "delisting_returns").map((f) => [f.severity, f.message]);

describe("survivorship_audit: delisting returns", () => {
  it("default unknown: a warning asking the question, the value in evidence and in the report", async () => {
    const o = await check(prices);
    expect(o.evidence["delisting_returns"]).toBe("unknown");
    expect(String(o.evidence["report"]).split("\n").at(-1)).toBe("  delisting returns: unknown");
    expect(at(o)).toEqual([
      [
        "warning",
        "delisting_returns is unknown: state whether the returns include delisting returns; without delisting " +
          "returns the last move of the 1 name(s) that ended early (often a large loss, e.g. CRSP's DLRET) is " +
          "missing and returns are biased upward",
      ],
    ]);
  });
  it("included is an info; excluded a warning; both reported", async () => {
    const inc = await check(prices, undefined, undefined, undefined, 30, 0.05, "included");
    expect(at(inc).map(([s]) => s)).toEqual(["info"]);
    expect(String(inc.evidence["report"])).toContain("delisting returns: included");
    const exc = await check(prices, undefined, undefined, undefined, 30, 0.05, "excluded");
    expect(at(exc).map(([s]) => s)).toEqual(["warning"]);
    expect(at(exc)[0]![1]).toMatch(/^delisting returns are excluded: /);
  });
  it("any other value is bad input naming the three", async () => {
    expect(
      await badFieldAndMessage(() => check(prices, undefined, undefined, undefined, 30, 0.05, "yes" as never)),
    ).toBe('delisting_returns | delisting_returns: must be one of "included", "excluded", "unknown", got "yes"');
  });
});
