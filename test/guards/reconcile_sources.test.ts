import { describe, expect, it } from "vitest";
import type { BadInputError, Series } from "../../src/contract/guard.js";
import { makeFrame } from "../../src/lib/frame.js";
import { businessDays, formatIsoDate, parseIsoDate } from "../../src/lib/dates.js";
import { check } from "../../guards/reconcile_sources.js";
import { badField } from "../helpers/bad_field.js";

const D4 = ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05"];
const s = (values: number[], index: string[] = D4): Series => ({ index, values });
type R = ReturnType<typeof check>;
const kinds = (r: R) => r.findings.map((f) => [f.severity, f.where]);

/** The synthetic panel of adjustment_check, built by hand: splits 7 on 2022-11-15 and 3 on 2023-09-05. */
function panel() {
  const dates = businessDays(parseIsoDate("2022-01-03")!, 750).map(formatIsoDate);
  const splits: [string, number][] = [
    ["2022-11-15", 7],
    ["2023-09-05", 3],
  ];
  const upTo = (d: string) => splits.filter(([a]) => a <= d).reduce((m, [, r]) => m * r, 1);
  const after = (d: string) => splits.filter(([a]) => a > d).reduce((m, [, r]) => m * r, 1);
  const raw = dates.map((d, i) => Math.round(((100 + 20 * Math.sin(i / 30) + 0.05 * i) / upTo(d)) * 100) / 100);
  return { dates, splits, back: dates.map((d, i) => raw[i]! / after(d)), fwd: dates.map((d, i) => raw[i]! * upTo(d)) };
}

describe("reconcile_sources: spec examples", () => {
  const p = panel();
  it("1. back vs forward: a constant 1/21 ratio -> ADJUSTMENT CONVENTION ONLY, PASS with a warning", () => {
    const r = check(s(p.back, p.dates), s(p.fwd, p.dates), p.splits);
    expect(kinds(r)).toEqual([["warning", "levels"]]);
    expect(r.evidence["verdict"]).toContain("ADJUSTMENT CONVENTION ONLY: constant 0.047619x level offset");
    expect(r.evidence["verdict"]).toContain("safe for returns, wrong for any price-level rule");
    expect(r.evidence["steps"]).toEqual([]);
    expect(r.evidence["n_common"]).toBe(750);
    expect(r.evidence["n_divergent_dates"]).toBe(750);
    expect(r.evidence["max_abs_rel_diff"] as number).toBeCloseTo(1 - 1 / 21, 12);
    expect(r.evidence["max_abs_return_diff"] as number).toBeLessThan(1e-12);
    expect(Object.keys(r.evidence)).toEqual([
      "verdict",
      "n_common",
      "n_divergent_dates",
      "max_abs_rel_diff",
      "max_abs_return_diff",
      "n_steps",
      "steps",
      "steps_left_out",
      "report",
    ]);
  });

  it("2. one value x1.35 at row 400 -> two unexplained steps -> DATA ERROR", () => {
    const bad = [...p.back];
    bad[400] = bad[400]! * 1.35;
    const r = check(s(p.back, p.dates), s(bad, p.dates), p.splits);
    expect(kinds(r)).toEqual([["error", "steps"]]);
    expect(r.evidence["verdict"]).toBe("DATA ERROR: 2 of 2 step(s) have no corporate action within 3d");
    const steps = r.evidence["steps"] as {
      date: string;
      ratio_before: number;
      ratio_after: number;
      attribution: string;
    }[];
    expect(steps.map((x) => x.date)).toEqual([p.dates[400], p.dates[401]]);
    expect(steps[0]!.ratio_after).toBeCloseTo(1 / 1.35, 12);
    expect(steps.every((x) => x.attribution === "UNEXPLAINED -> data error")).toBe(true);
    expect(r.findings[0]!.message).toContain(p.dates[400]!);
    expect(r.findings[0]!.message).toContain(p.dates[401]!);
    expect(r.evidence["n_divergent_dates"]).toBe(1);
  });

  it("3. a split adjusted in one source only: one explained step -> ADJUSTMENT DIFFERENCE", () => {
    const r = check(s([100, 101, 50.5, 51]), s([100, 101, 101, 102]), [["2024-01-04", 2.0]]);
    expect(kinds(r)).toEqual([["warning", "steps"]]);
    expect(r.evidence["verdict"]).toBe("ADJUSTMENT DIFFERENCE: 1 step(s), all explained by corporate actions");
    expect(r.evidence["steps"]).toEqual([
      { date: "2024-01-04", ratio_before: 1, ratio_after: 0.5, attribution: "split 2 on 2024-01-04" },
    ]);
    expect(r.evidence["n_divergent_dates"]).toBe(2);
    expect(r.evidence["max_abs_rel_diff"]).toBe(0.5);
    // returns: close 50.5/101 - 1 = -0.5, other 0 -> 0.5
    expect(r.evidence["max_abs_return_diff"]).toBeCloseTo(0.5, 12);
  });

  it("3b. the same without actions -> DATA ERROR, 1 of 1 step", () => {
    const r = check(s([100, 101, 50.5, 51]), s([100, 101, 101, 102]));
    expect(kinds(r)).toEqual([["error", "steps"]]);
    expect(r.evidence["verdict"]).toBe("DATA ERROR: 1 of 1 step(s) have no corporate action within 3d");
    expect(r.findings[0]!.message).toContain("DATA ERROR");
    expect(r.findings[0]!.message).toContain("2024-01-04");
  });

  it("4. identical series -> IDENTICAL, PASS (info)", () => {
    const r = check(s([100, 101, 102, 103]), s([100, 101, 102, 103]));
    expect(r.findings).toEqual([{ severity: "info", message: "IDENTICAL within 10 bps", where: "levels" }]);
    expect(r.evidence["max_abs_rel_diff"]).toBe(0);
    expect(r.evidence["n_divergent_dates"]).toBe(0);
  });
});

describe("reconcile_sources: hand-derived", () => {
  it("the window: an action 3 calendar days away explains, 4 days away does not", () => {
    const c = s([100, 101, 50.5, 51]);
    const o = s([100, 101, 101, 102]);
    expect(check(c, o, [["2024-01-07", 2.0]]).evidence["verdict"]).toContain("ADJUSTMENT DIFFERENCE");
    expect(check(c, o, [["2024-01-08", 2.0]]).evidence["verdict"]).toContain("DATA ERROR");
    expect(check(c, o, [["2024-01-08", 2.0]], 10, 4).evidence["verdict"]).toContain("ADJUSTMENT DIFFERENCE");
    // the first action by date wins, with its kind
    const f = makeFrame({ date: ["2024-01-05", "2024-01-03"], ratio: [2, 1.01], kind: ["split", "dividend"] });
    expect((check(c, o, f).evidence["steps"] as { attribution: string }[])[0]!.attribution).toBe(
      "dividend 1.01 on 2024-01-03",
    );
  });

  it("tol_bps: a 5 bp offset is identical at 10 bps, a convention offset at 1 bp", () => {
    const c = s([100.05, 101.0505, 102.051, 103.0515]);
    const o = s([100, 101, 102, 103]);
    expect(check(c, o).evidence["verdict"]).toBe("IDENTICAL within 10 bps");
    const r = check(c, o, undefined, 1);
    expect(r.evidence["verdict"]).toContain("ADJUSTMENT CONVENTION ONLY: constant 1.0005x level offset");
    expect(r.evidence["report"]).toContain("4 common date(s); 4 diverge by more than 1 bps");
  });
});

describe("reconcile_sources: bad input", () => {
  const ok = s([100, 101, 102, 103]);
  it("close and other", () => {
    expect(badField(() => check({ values: [1, 2] }, ok))).toBe("close/index");
    expect(badField(() => check(s([1], ["2024-01-02"]), ok))).toBe("close");
    expect(badField(() => check(ok, s([1], ["2024-01-02"])))).toBe("other");
    expect(badField(() => check(s([1, 2], ["2024-01-03", "2024-01-02"]), ok))).toBe("close/index/1");
    expect(badField(() => check(ok, s([1, 2, 3, 4], ["2024-01-02", "2024-01-02", "2024-01-04", "2024-01-05"])))).toBe(
      "other/index/1",
    );
    expect(badField(() => check(s([100, NaN, 102, 103]), ok))).toBe("close/values/1");
    expect(badField(() => check(ok, s([100, Infinity, 102, 103])))).toBe("other/values/1");
    expect(badField(() => check(ok, s([100, -1, 102, 103])))).toBe("other/values/1");
  });
  it("different dates name both fields and the first differing date", () => {
    let msg = "";
    try {
      check(ok, s([100, 101, 102, 103], ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-08"]));
    } catch (e) {
      msg = (e as Error).message;
      expect((e as BadInputError).field).toBe("other");
    }
    expect(msg).toContain("close");
    expect(msg).toContain("2024-01-05");
    expect(msg).toContain("2024-01-08");
  });
  it("actions, tol_bps, window_days", () => {
    expect(badField(() => check(ok, ok, [["2024-01-04"]]))).toBe("actions/0");
    expect(badField(() => check(ok, ok, makeFrame({ date: ["2024-01-04"], ratio: [null] })))).toBe(
      "actions/records/0/ratio",
    );
    expect(badField(() => check(ok, ok, undefined, 0))).toBe("tol_bps");
    expect(badField(() => check(ok, ok, undefined, NaN))).toBe("tol_bps");
    expect(badField(() => check(ok, ok, undefined, 10, 1.5))).toBe("window_days");
    expect(badField(() => check(ok, ok, undefined, 10, -1))).toBe("window_days");
  });
});
