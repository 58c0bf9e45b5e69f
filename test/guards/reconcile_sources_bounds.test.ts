// A reply stays bounded on the largest inputs: a step on every date lists the first steps in the message,
// evidence and report, and says how many more there were (never an input-sized reply).
import { describe, expect, it } from "vitest";
import { check } from "../../guards/reconcile_sources.js";
import { businessDays, formatIsoDate, parseIsoDate } from "../../src/lib/dates.js";
import { MAX_NAMED_ITEMS } from "../../src/lib/named_list.js";
import { callToolUntyped } from "../../src/runtime/index.js";

const N = 40_000;
const dates = businessDays(parseIsoDate("1900-01-01")!, N).map(formatIsoDate);
const close = dates.map((_, i) => 100 + (i % 7));
/** Source B jumps 5% out and back on every other date: N - 1 unexplained steps. */
const other = close.map((c, i) => c * (i % 2 === 0 ? 1 : 1.05));
const series = (values: number[]) => ({ index: dates, values });

describe("reconcile_sources with a step on every date", () => {
  const r = check(series(close), series(other));
  const steps = r.evidence["steps"] as unknown[];
  it("keeps the first 1,000 steps in evidence and counts the rest", () => {
    expect(r.evidence["n_steps"]).toBe(N - 1);
    expect(steps.length).toBe(1000);
    expect(r.evidence["steps_left_out"]).toBe(N - 1 - 1000);
    expect(String(r.evidence["report"])).toContain(`... and ${N - 1 - 1000} more step(s) not listed`);
  });
  it("names the first dates in the finding, then 'and N more'", () => {
    const error = r.findings.find((f) => f.severity === "error")!;
    expect(error.message).toContain(`${dates[MAX_NAMED_ITEMS]}, ... and ${N - 1 - MAX_NAMED_ITEMS} more - a bad tick`);
    expect(error.message).not.toContain(dates[MAX_NAMED_ITEMS + 1]!);
  });
  it("answers the tool call in well under 1 MB of JSON", async () => {
    const reply = await callToolUntyped("check_reconcile_sources", { close: series(close), other: series(other) });
    expect(JSON.stringify(reply).length).toBeLessThan(1_000_000);
  });
});
