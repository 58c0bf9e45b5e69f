// check_backtest's first summary line: the counts read as ran / failed / passed / skipped, each derived.
import { describe, expect, it } from "vitest";
import { coverageHeadline } from "../../src/runtime/catalogue/headline.js";

const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

describe("coverageHeadline", () => {
  it("says how many ran, failed, passed and were skipped, so 6 of 25 does not read as six failures", () => {
    const ran = names("r", 6);
    const failed = ran.slice(0, 4);
    const skipped = names("s", 19);
    expect(coverageHeadline("fail", ran, failed, skipped, [])).toBe(
      "FAIL. 6 of 25 guards ran: 4 failed (r1, r2, r3, r4), 2 passed; " +
        "19 skipped (need more data): s1, s2, s3, s4, s5 and 14 more",
    );
  });
  it("counts a clean run's zero failures, and rejected guards in the total", () => {
    expect(coverageHeadline("incomplete", ["a", "b"], [], ["c"], ["d"])).toBe(
      "INCOMPLETE. 2 of 4 guards ran: 0 failed, 2 passed; 1 skipped (need more data): c; 1 rejected: d",
    );
  });
  it("when none ran, says so without a failed/passed split", () => {
    expect(coverageHeadline("incomplete", [], [], ["a", "b"], [])).toBe(
      "INCOMPLETE. 0 of 2 guards ran; 2 skipped (need more data): a, b",
    );
  });
});
