import { describe, expect, it } from "vitest";
import { makeFrame } from "../../src/lib/frame.js";
import { check, type Fact } from "../../guards/pit_fundamentals.js";
import { badField } from "../helpers/bad_field.js";

const Q3 = "2022-07-01..2022-09-30";
const Q4 = "2022-10-01..2022-12-31";
const ORIGINAL: Fact = {
  start: "2022-07-01",
  end: "2022-09-30",
  val: 1.0e9,
  accn: "0000000001-22-000001",
  fy: 2022,
  fp: "Q3",
  form: "10-Q",
  filed: "2022-11-03",
};
const RESTATED: Fact = {
  start: "2022-07-01",
  end: "2022-09-30",
  val: 0.94e9,
  accn: "0000000001-23-000002",
  fy: 2022,
  fp: "Q3",
  form: "10-Q/A",
  filed: "2023-02-14",
};
const Q4_FACT: Fact = {
  start: "2022-10-01",
  end: "2022-12-31",
  val: 1.1e9,
  accn: "0000000001-23-000003",
  fy: 2022,
  fp: "FY",
  form: "10-K",
  filed: "2023-02-20",
};
const FACTS = [ORIGINAL, RESTATED];
const AS_OF = "2023-01-15";
type R = ReturnType<typeof check>;
const kinds = (r: R) => r.findings.map((f) => [f.severity, f.where]);

describe("pit_fundamentals: spec examples", () => {
  it("1. used = point-in-time values -> PASS", () => {
    const r = check(FACTS, AS_OF, { [Q3]: 1.0e9 });
    expect(r.findings).toEqual([
      { severity: "info", message: "all 1 used value(s) were on file at 2023-01-15", where: "used" },
    ]);
    expect(r.evidence["n_used_checked"]).toBe(1);
    expect(Object.keys(r.evidence)).toEqual([
      "as_of",
      "pit",
      "naive",
      "restatements",
      "n_periods_on_file",
      "leaky_periods",
      "unfiled_periods",
      "n_used_checked",
    ]);
    expect(r.evidence["pit"]).toEqual([
      {
        period: Q3,
        start: "2022-07-01",
        end: "2022-09-30",
        val: 1e9,
        accn: ORIGINAL.accn,
        form: "10-Q",
        filed: "2022-11-03",
      },
    ]);
    expect(r.evidence["naive"]).toEqual([
      {
        period: Q3,
        start: "2022-07-01",
        end: "2022-09-30",
        val: 0.94e9,
        accn: RESTATED.accn,
        form: "10-Q/A",
        filed: "2023-02-14",
      },
    ]);
  });

  it("2. used = naive values -> FAIL: later vintage filed 2023-02-14; point-in-time was 1e9", () => {
    const r = check(FACTS, AS_OF, { [Q3]: 0.94e9 });
    expect(kinds(r)).toEqual([["error", Q3]]);
    expect(r.findings[0]!.message).toBe(
      `value 940000000 for ${Q3} is the vintage filed 2023-02-14, after as_of; the point-in-time figure was 1000000000`,
    );
  });

  it("3. without used -> PASS with a warning; one leaky period, one restatement of -6%", () => {
    const r = check(FACTS, AS_OF);
    expect(kinds(r)).toEqual([["warning", "vintages"]]);
    expect(r.findings[0]!.message).toContain("drop_duplicates(keep='last') would use all of them");
    expect(r.evidence["leaky_periods"]).toEqual([Q3]);
    expect(r.evidence["unfiled_periods"]).toEqual([]);
    expect(r.evidence["n_used_checked"]).toBeNull();
    expect(r.evidence["n_periods_on_file"]).toBe(1);
    const rs = r.evidence["restatements"] as Record<string, unknown>[];
    expect(rs).toHaveLength(1);
    expect(rs[0]!["pct_change"] as number).toBeCloseTo(-0.06, 12);
    expect(rs[0]).toMatchObject({
      period: Q3,
      original: 1e9,
      restated: 0.94e9,
      first_filed: "2022-11-03",
      last_filed: "2023-02-14",
      accns: [ORIGINAL.accn, RESTATED.accn],
    });
  });

  it("4. Q4 filed after as_of -> not on file; with forms [10-Q] the restated value matches no vintage", () => {
    const facts = [...FACTS, Q4_FACT];
    const r = check(facts, AS_OF, { [Q3]: 1e9, [Q4]: 1.1e9 });
    expect(kinds(r)).toEqual([["error", Q4]]);
    expect(r.findings[0]!.message).toBe(`period ${Q4} was not on file at 2023-01-15 (first filed 2023-02-20)`);
    expect(r.evidence["unfiled_periods"]).toEqual([Q4]);
    const q = check(facts, AS_OF, { [Q3]: 0.94e9 }, ["10-Q"]);
    expect(kinds(q)).toEqual([["error", Q3]]);
    expect(q.findings[0]!.message).toBe(`value 940000000 for ${Q3} matches no vintage`);
    expect(q.evidence["restatements"]).toEqual([]);
  });
});

describe("pit_fundamentals: hand-derived", () => {
  it("a value from a middle vintage is named by its filing date (latest checked first)", () => {
    const mid: Fact = { ...RESTATED, val: 0.97e9, accn: "0000000001-23-000001", filed: "2023-02-01" };
    const r = check([ORIGINAL, RESTATED, mid], AS_OF, { [Q3]: 0.97e9 });
    expect(r.findings[0]!.message).toContain("is the vintage filed 2023-02-01");
    expect((r.evidence["restatements"] as { accns: string[] }[])[0]!.accns).toEqual([
      ORIGINAL.accn,
      mid.accn,
      RESTATED.accn,
    ]);
  });

  it("a used period not in facts; instant periods; same filed date breaks ties by accn", () => {
    const bs1: Fact = { end: "2022-12-31", val: 5, accn: "B", form: "10-K", filed: "2023-01-10" };
    const bs2: Fact = { end: "2022-12-31", val: 6, accn: "A", form: "10-K", filed: "2023-01-10" };
    const r = check([bs1, bs2], AS_OF, { "instant..2022-12-31": 5, "instant..2021-12-31": 1 });
    // sorted by (filed, accn): A (6) then B (5): the pit value is B's 5
    expect(r.evidence["pit"]).toEqual([
      {
        period: "instant..2022-12-31",
        start: null,
        end: "2022-12-31",
        val: 5,
        accn: "B",
        form: "10-K",
        filed: "2023-01-10",
      },
    ]);
    expect(kinds(r)).toEqual([["error", "instant..2021-12-31"]]);
    expect(r.findings[0]!.message).toBe("period instant..2021-12-31 matches no period in facts");
  });

  it("used as a series or frame; relative equality with no absolute floor", () => {
    expect(kinds(check(FACTS, AS_OF, { index: [Q3], values: [1e9 * (1 + 5e-13)] }))).toEqual([["info", "used"]]);
    expect(kinds(check(FACTS, AS_OF, { index: [Q3], values: [1e9 * (1 + 5e-12)] }))).toEqual([["error", Q3]]);
    expect(kinds(check(FACTS, AS_OF, makeFrame({ period: [Q3], val: [0.94e9] })))).toEqual([["error", Q3]]);
  });

  it("all vintages on file: views agree -> info", () => {
    const r = check(FACTS, "2023-03-01");
    expect(kinds(r)).toEqual([["info", "vintages"]]);
    expect(r.evidence["leaky_periods"]).toEqual([]);
  });
});

describe("pit_fundamentals: bad input", () => {
  it("facts", () => {
    expect(badField(() => check([], AS_OF))).toBe("facts");
    expect(badField(() => check("x" as never, AS_OF))).toBe("facts");
    expect(badField(() => check([null as never], AS_OF))).toBe("facts/0");
    for (const k of ["end", "val", "accn", "form", "filed"] as const) {
      const f = { ...ORIGINAL } as Record<string, unknown>;
      delete f[k];
      expect(badField(() => check([f as never], AS_OF))).toBe(`facts/0/${k}`);
    }
    expect(badField(() => check([{ ...ORIGINAL, filed: "2022-11-31" }], AS_OF))).toBe("facts/0/filed");
    expect(badField(() => check([{ ...ORIGINAL, start: "July" }], AS_OF))).toBe("facts/0/start");
    expect(badField(() => check([{ ...ORIGINAL, val: NaN }], AS_OF))).toBe("facts/0/val");
    expect(badField(() => check([{ ...ORIGINAL, val: Infinity }], AS_OF))).toBe("facts/0/val");
  });
  it("as_of", () => {
    expect(badField(() => check(FACTS, "2023-01-15T10:00:00"))).toBe("as_of");
    expect(badField(() => check(FACTS, "yesterday"))).toBe("as_of");
  });
  it("forms", () => {
    expect(badField(() => check(FACTS, AS_OF, undefined, "10-Q" as never))).toBe("forms");
    expect(badField(() => check(FACTS, AS_OF, undefined, [10 as never]))).toBe("forms/0");
    expect(badField(() => check(FACTS, AS_OF, undefined, ["8-K"]))).toBe("forms");
  });
  it("used", () => {
    expect(badField(() => check(FACTS, AS_OF, [1e9] as never))).toBe("used");
    expect(badField(() => check(FACTS, AS_OF, { values: [1e9] }))).toBe("used");
    expect(badField(() => check(FACTS, AS_OF, makeFrame({ period: [Q3], value: [1] })))).toBe("used");
    expect(badField(() => check(FACTS, AS_OF, { [Q3]: NaN }))).toBe(`used/${Q3}`);
    expect(badField(() => check(FACTS, AS_OF, { index: [Q3], values: [NaN] }))).toBe(`used/${Q3}`);
    expect(badField(() => check(FACTS, AS_OF, { [Q3]: "1e9" as never }))).toBe(`used/${Q3}`);
    expect(badField(() => check(FACTS, AS_OF, { index: [Q3, Q3], values: [1, 2] }))).toBe(`used/${Q3}`);
  });
});
