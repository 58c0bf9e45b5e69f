import { describe, expect, it } from "vitest";
import type { BadInputError, Series } from "../../src/contract/guard.js";
import { makeFrame } from "../../src/lib/frame.js";
import { businessDays, formatIsoDate, parseIsoDate } from "../../src/lib/dates.js";
import { check } from "../../guards/adjustment_check.js";
import { badField } from "../helpers/bad_field.js";

const D4 = ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05"];
const s = (values: number[], index: string[] = D4): Series => ({ index, values });
type R = ReturnType<typeof check>;
const wheres = (r: R, sev: string) => r.findings.filter((f) => f.severity === sev).map((f) => f.where);

/** The Python original's synthetic panel, built here by hand: splits 7 on 2022-11-15 and 3 on 2023-09-05. */
function panel() {
  const dates = businessDays(parseIsoDate("2022-01-03")!, 750).map(formatIsoDate);
  const splits: [string, number][] = [
    ["2022-11-15", 7],
    ["2023-09-05", 3],
  ];
  const upTo = (d: string) => splits.filter(([a]) => a <= d).reduce((m, [, r]) => m * r, 1);
  const after = (d: string) => splits.filter(([a]) => a > d).reduce((m, [, r]) => m * r, 1);
  const econ = dates.map((_, i) => 100 + 20 * Math.sin(i / 30) + 0.05 * i);
  const raw = dates.map((d, i) => Math.round((econ[i]! / upTo(d)) * 100) / 100);
  const back = dates.map((d, i) => raw[i]! / after(d));
  const fwd = dates.map((d, i) => raw[i]! * upTo(d));
  return { dates, splits, raw, back, fwd };
}

describe("adjustment_check: spec examples", () => {
  it("1. raw: the split shows as a -1.0889 log jump vs ln(1/3) -> FAIL", () => {
    // the spec rounds the two logs first (-1.0889, -1.0986) and quotes 0.0097; unrounded it is 0.00985
    expect(Math.log(34 / 101)).toBeCloseTo(-1.0888, 3);
    expect(Math.abs(Math.abs(Math.log(34 / 101) - Math.log(1 / 3)) - 0.0097)).toBeLessThan(2e-4);
    const r = check(s([100, 101, 34, 35]), [["2024-01-04", 3.0]]);
    expect(Object.keys(r.evidence)).toEqual([
      "convention",
      "confidence",
      "reason",
      "jump_hits",
      "head_tick_clean",
      "tail_tick_clean",
      "cum_factor",
      "n_actions_in_sample",
    ]);
    expect(r.evidence).toMatchObject({
      convention: "raw",
      confidence: "high",
      jump_hits: "1/1",
      cum_factor: 3,
      head_tick_clean: null,
      tail_tick_clean: null,
      n_actions_in_sample: 1,
    });
    expect(wheres(r, "error")).toEqual(["convention"]);
    expect(r.findings[0]!.message).toContain("RAW");
    expect(r.findings[0]!.message).toContain("percentage change books each");
  });

  it("2. back-adjusted by the tick test (head 0% clean, tail 100%) -> PASS with two infos", () => {
    const r = check(s([100 / 3, 101 / 3, 34, 35]), [["2024-01-04", 3.0]]);
    expect(r.evidence).toMatchObject({
      convention: "back-adjusted",
      confidence: "high",
      jump_hits: "0/1",
      head_tick_clean: 0,
      tail_tick_clean: 1,
      cum_factor: null,
    });
    expect(r.findings.map((f) => [f.severity, f.where])).toEqual([
      ["info", "convention"],
      ["info", "convention"],
    ]);
    expect(r.findings[1]!.message).toContain("rewrites history");
  });

  it("2b. with raw_reference: tail rel 1, head rel 1/3 -> back-adjusted by the reference test", () => {
    const r = check(s([100 / 3, 101 / 3, 34, 35]), [["2024-01-04", 3.0]], s([100, 101, 34, 35]));
    expect(r.evidence).toMatchObject({
      convention: "back-adjusted",
      confidence: "high",
      head_tick_clean: null,
      tail_tick_clean: null,
    });
    expect(r.evidence["reason"]).toContain("raw_reference");
  });

  describe("3. synthetic panel", () => {
    const p = panel();
    const actions = p.splits;
    it("raw -> raw, high, cum_factor 21 -> FAIL", () => {
      const r = check(s(p.raw, p.dates), actions);
      expect(r.evidence).toMatchObject({
        convention: "raw",
        confidence: "high",
        cum_factor: 21,
        jump_hits: "2/2",
        n_actions_in_sample: 2,
      });
      expect(wheres(r, "error")).toEqual(["convention"]);
    });
    it("back -> back-adjusted, high -> PASS with two infos", () => {
      const r = check(s(p.back, p.dates), actions);
      expect(r.evidence).toMatchObject({ convention: "back-adjusted", confidence: "high", tail_tick_clean: 1 });
      expect(r.evidence["head_tick_clean"] as number).toBeLessThanOrEqual(0.6);
      expect(wheres(r, "info")).toEqual(["convention", "convention"]);
      expect(wheres(r, "error")).toEqual([]);
    });
    it("fwd -> forward-adjusted, medium; with raw_reference -> high", () => {
      const r = check(s(p.fwd, p.dates), actions);
      expect(r.evidence).toMatchObject({
        convention: "forward-adjusted",
        confidence: "medium",
        head_tick_clean: 1,
        tail_tick_clean: 1,
      });
      expect(wheres(r, "error")).toEqual([]);
      const withRef = check(s(p.fwd, p.dates), actions, s(p.raw, p.dates));
      expect(withRef.evidence).toMatchObject({ convention: "forward-adjusted", confidence: "high" });
    });
    it("the first 50 rows of raw -> unknown, no action in sample -> PASS (info)", () => {
      const r = check(s(p.raw.slice(0, 50), p.dates.slice(0, 50)), actions);
      expect(r.evidence).toMatchObject({
        convention: "unknown",
        confidence: "none",
        jump_hits: null,
        n_actions_in_sample: 0,
        reason: "no corporate action inside the sample - nothing to test against",
      });
      expect(r.findings.map((f) => f.severity)).toEqual(["info"]);
    });
    it("back with expected forward-adjusted -> FAIL at expected", () => {
      const r = check(s(p.back, p.dates), actions, undefined, "forward-adjusted");
      expect(wheres(r, "error")).toEqual(["expected"]);
      expect(r.findings.find((f) => f.where === "expected")!.message).toContain(
        "expected forward-adjusted but detected back-adjusted",
      );
      expect(wheres(check(s(p.back, p.dates), actions, undefined, "back-adjusted"), "error")).toEqual([]);
    });
  });
});

describe("adjustment_check: hand-derived", () => {
  it("unclassifiable: prices off the cent grid everywhere -> warning", () => {
    const r = check(s([10.123, 10.234, 10.345, 10.456]), [["2024-01-04", 2.0]]);
    expect(r.evidence).toMatchObject({
      convention: "unknown",
      confidence: "none",
      head_tick_clean: 0,
      tail_tick_clean: 0,
      jump_hits: "0/1",
    });
    expect(wheres(r, "warning")).toEqual(["convention"]);
    expect(r.findings[0]!.message).toContain("could not be classified");
    expect(r.evidence["reason"]).toContain("supply raw_reference or two vintages");
  });

  it("an action on the first date is not checked; head is then empty (null share)", () => {
    const r = check(s([34, 35, 36, 37]), [["2024-01-02", 3.0]]);
    expect(r.evidence).toMatchObject({
      convention: "unknown",
      jump_hits: "0/0",
      head_tick_clean: null,
      tail_tick_clean: 1,
      n_actions_in_sample: 1,
    });
  });

  it("forward-adjusted with a null reference quote in the tail", () => {
    const r = check(
      s([100, 101, 102, 105]),
      makeFrame({ date: ["2024-01-04"], ratio: [3], kind: ["split"] }),
      s([100, 101, 34, NaN]),
    );
    expect(r.evidence).toMatchObject({ convention: "forward-adjusted", confidence: "high" });
  });

  it("a tighter jump_tol turns the raw example's near-hit (0.00985) into a miss", () => {
    expect(check(s([100, 101, 34, 35]), [["2024-01-04", 3.0]], undefined, undefined, 0.005).evidence["jump_hits"]).toBe(
      "0/1",
    );
  });
});

describe("adjustment_check: bad input", () => {
  const ok = s([100, 101, 34, 35]);
  const acts = [["2024-01-04", 3.0]];
  it("close", () => {
    expect(badField(() => check({ values: [1, 2] }, acts))).toBe("close/index");
    expect(badField(() => check(s([], []), acts))).toBe("close");
    expect(badField(() => check(s([1, 2], ["2024-01-03", "2024-01-02"]), acts))).toBe("close/index/1");
    expect(badField(() => check(s([1, 2], ["2024-01-02", "2024-01-02"]), acts))).toBe("close/index/1");
    expect(badField(() => check(s([1, NaN, 3, 4]), acts))).toBe("close/values/1");
    expect(badField(() => check(s([1, Infinity, 3, 4]), acts))).toBe("close/values/1");
    expect(badField(() => check(s([1, 0, 3, 4]), acts))).toBe("close/values/1");
  });
  it("actions", () => {
    expect(badField(() => check(ok, "splits" as never))).toBe("actions");
    expect(badField(() => check(ok, makeFrame({ ratio: [3] })))).toBe("actions");
    expect(badField(() => check(ok, makeFrame({ date: ["2024-01-04"] })))).toBe("actions");
    expect(badField(() => check(ok, [["Jan 4", 3]]))).toBe("actions/0/0");
    expect(badField(() => check(ok, [["2024-01-04", NaN]]))).toBe("actions/0/1");
    expect(badField(() => check(ok, [["2024-01-04", -3]]))).toBe("actions/0/1");
  });
  it("raw_reference", () => {
    let msg = "";
    try {
      check(ok, acts, s([100, 101, 34, 35], ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-08"]));
    } catch (e) {
      msg = (e as Error).message;
      expect((e as BadInputError).field).toBe("raw_reference");
    }
    expect(msg).toContain("close");
    expect(msg).toContain("2024-01-08");
    expect(badField(() => check(ok, acts, s([100, 0, 34, 35])))).toBe("raw_reference/values/1");
  });
  it("expected and jump_tol", () => {
    expect(badField(() => check(ok, acts, undefined, "adjusted" as "raw"))).toBe("expected");
    expect(badField(() => check(ok, acts, undefined, undefined, 0))).toBe("jump_tol");
    expect(badField(() => check(ok, acts, undefined, undefined, Infinity))).toBe("jump_tol");
  });
});

describe("adjustment_check: date-time labels", () => {
  it("a date-time close label counts as its calendar day", () => {
    const idx = ["2024-01-02T21:00:00Z", "2024-01-03T21:00:00Z", "2024-01-04T21:00:00Z", "2024-01-05T21:00:00Z"];
    // an action on the first day is in sample (not checked: no previous close)
    const first = check(s([34, 35, 36, 37], idx), [["2024-01-02", 3.0]]);
    expect(first.evidence).toMatchObject({ n_actions_in_sample: 1, jump_hits: "0/0" });
    const raw = check(s([100, 101, 34, 35], idx), [["2024-01-04", 3.0]]);
    expect(raw.evidence).toMatchObject({ convention: "raw", jump_hits: "1/1" });
  });
});
