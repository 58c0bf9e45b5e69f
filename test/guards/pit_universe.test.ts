import { describe, expect, it } from "vitest";
import type { Frame } from "../../src/contract/guard.js";
import { makeFrame } from "../../src/lib/frame.js";
import { withRunContext } from "../../src/lib/progress.js";
import { check } from "../../guards/pit_universe.js";
import { badField } from "../helpers/bad_field.js";

type Out = Awaited<ReturnType<typeof check>>;
const sev = (o: Out, s: string) => o.findings.filter((f) => f.severity === s);
const vals = (o: Out, k: string) => (o.evidence[k] as { values: (number | null)[] }).values;
const KEYS = [
  "built_from_members",
  "verdict",
  "n_dates",
  "years",
  "sizes",
  "additions",
  "removals",
  "turnover",
  "mean_turnover",
  "median_turnover",
  "total_additions",
  "total_removals",
  "n_ever",
  "never_loses_a_name",
  "monotonic_growth",
  "universe",
  "report",
];
const QUARTERS = [
  "2018-01-01",
  "2018-04-01",
  "2018-07-01",
  "2018-10-01",
  "2019-01-01",
  "2019-04-01",
  "2019-07-01",
  "2019-10-01",
];
const names = Array.from({ length: 60 }, (_, i) => `S${i}`);
const members1 = () =>
  makeFrame({
    ticker: ["OLD", "GONE", "LATE", "EVER"],
    start_date: ["2015-01-01", "2015-01-01", "2019-06-01", "2015-01-01"],
    end_date: ["2019-03-14", "2019-03-15", null, null],
  });

describe("pit_universe: example 1 (membership intervals, closed at both ends)", () => {
  it("2019-03-14: [EVER, GONE, OLD]; 2019-03-15: [EVER, GONE]", async () => {
    const o = await check(undefined, members1(), ["2019-03-14", "2019-03-15"]);
    expect(o.evidence["universe"]).toEqual({ "2019-03-14": ["EVER", "GONE", "OLD"], "2019-03-15": ["EVER", "GONE"] });
    expect(o.evidence["built_from_members"]).toBe(true);
    expect(vals(o, "sizes")).toEqual([3, 2]);
    expect(vals(o, "removals")).toEqual([null, 1]);
    expect(vals(o, "turnover")).toEqual([null, 1 / 3]);
    expect(Object.keys(o.evidence)).toEqual(KEYS);
  });
  it("LATE joins on its start date; an absent end_date column means still a member", async () => {
    const o = await check(undefined, members1(), ["2019-05-31", "2019-06-01"]);
    expect(o.evidence["universe"]).toEqual({ "2019-05-31": ["EVER"], "2019-06-01": ["EVER", "LATE"] });
    const noEnd = makeFrame({ ticker: ["A", "B"], start_date: ["2020-01-01", "2020-02-01"] });
    expect((await check(undefined, noEnd, ["2020-01-15", "2020-03-01"])).evidence["universe"]).toEqual({
      "2020-01-15": ["A"],
      "2020-03-01": ["A", "B"],
    });
  });
});

describe("pit_universe: example 2 (growing universe)", () => {
  it("eight quarterly dates S0..S(9+k) -> FAIL, CURRENT-SNAPSHOT, 0 removals, 7 additions", async () => {
    const u = Object.fromEntries(QUARTERS.map((d, k) => [d, names.slice(0, 10 + k)]));
    const o = await check(u);
    const errs = sev(o, "error");
    expect(errs).toHaveLength(1);
    expect(errs[0]!.where).toBe("removals");
    expect(errs[0]!.message).toContain(
      "CURRENT-SNAPSHOT SCREEN (red flag): 8 rebalances over 1.7 yr and not one name ever left",
    );
    expect(o.evidence["total_removals"]).toBe(0);
    expect(o.evidence["total_additions"]).toBe(7);
    expect(o.evidence["never_loses_a_name"]).toBe(true);
    expect(o.evidence["monotonic_growth"]).toBe(true);
    expect(o.evidence["n_ever"]).toBe(17);
    expect(o.evidence["n_dates"]).toBe(8);
    expect(o.evidence["universe"]).toBeNull();
    expect(o.evidence["built_from_members"]).toBe(false);
    expect(o.evidence["years"]).toBeCloseTo((Date.UTC(2019, 9, 1) - Date.UTC(2018, 0, 1)) / 86400000 / 365.25, 14);
    expect(vals(o, "sizes")).toEqual([10, 11, 12, 13, 14, 15, 16, 17]);
    expect(vals(o, "turnover")[1]).toBeCloseTo(1 / 10, 15);
    const notes = sev(o, "warning").map((f) => f.message);
    expect(notes.some((m) => m.includes("UPPER BOUND"))).toBe(true);
    expect(notes.some((m) => m.includes("names join but never leave"))).toBe(true);
    expect(sev(o, "warning").every((f) => f.where === "notes")).toBe(true);
    expect((o.evidence["sizes"] as { index: string[] }).index).toEqual(QUARTERS);
  });
});

describe("pit_universe: example 3 (rotating window)", () => {
  it("six dates names[k..k+39] -> PASS, 5 removals, mean turnover 0.05", async () => {
    const dates = QUARTERS.slice(0, 6);
    const o = await check(Object.fromEntries(dates.map((d, k) => [d, names.slice(k, k + 40)])));
    expect(sev(o, "error")).toEqual([]);
    expect(o.evidence["verdict"]).toBe("PLAUSIBLY POINT-IN-TIME");
    expect(o.evidence["total_removals"]).toBe(5);
    expect(o.evidence["total_additions"]).toBe(5);
    expect(o.evidence["mean_turnover"]).toBeCloseTo(2 / 40, 15);
    expect(o.evidence["median_turnover"]).toBeCloseTo(2 / 40, 15);
    // Constant sizes never fall, so the back-fill note fires (a warning; the guard still passes).
    expect(o.findings.map((f) => [f.severity, f.where])).toEqual([
      ["info", "universe"],
      ["warning", "notes"],
    ]);
    expect(o.findings[0]!.message).toContain("mean turnover 0.0500");
    expect(o.findings[1]!.message).toBe("sizes never fall: deletions may be back-filled");
    expect(o.evidence["monotonic_growth"]).toBe(true);
  });
  it("keys in any order are audited ascending; duplicates within a list are dropped", async () => {
    const o = await check({ "2020-04-01": ["A", "B", "C", "E"], "2020-01-01": ["A", "B", "C", "D", "D"] });
    expect(o.evidence["sizes"] as { index: string[]; values: number[] }).toEqual({
      index: ["2020-01-01", "2020-04-01"],
      values: [4, 4],
    });
    expect(vals(o, "turnover")).toEqual([null, 0.5]);
  });
  it("mean turnover under the floor -> SUSPICIOUSLY STATIC", async () => {
    const big = Array.from({ length: 400 }, (_, i) => `T${i}`);
    const o = await check({ "2020-01-01": big, "2020-04-01": [...big.slice(1), "NEW"] });
    // Turnover 2/400 = 0.005 equals the default floor: not below it.
    expect(sev(o, "error")).toEqual([]);
    const strict = await check(
      { "2020-01-01": big, "2020-04-01": [...big.slice(1), "NEW"] },
      undefined,
      undefined,
      undefined,
      undefined,
      21,
      0.01,
    );
    expect(sev(strict, "error").map((f) => f.where)).toEqual(["turnover"]);
    expect(strict.evidence["verdict"]).toBe("SUSPICIOUSLY STATIC: mean turnover 0.0050 per rebalance (floor 0.01)");
    expect(sev(strict, "warning").map((f) => f.message)).toEqual(["sizes never fall: deletions may be back-filled"]);
  });
});

describe("pit_universe: example 4 (liquidity screen)", () => {
  const days = Array.from({ length: 60 }, (_, i) =>
    new Date(Date.UTC(2020, 0, 1) + i * 86400000).toISOString().slice(0, 10),
  );
  const liq = () => makeFrame({ A: days.map(() => 1e7), B: days.map((_, i) => (i < 30 ? 1e5 : 1e9)) }, days);
  const mem = () => makeFrame({ ticker: ["A", "B"], start_date: ["2019-01-01", "2019-01-01"], end_date: [null, null] });
  it("row 29: only A passes; row 59: both pass", async () => {
    const o = await check(undefined, mem(), [days[29]!, days[59]!], liq(), 5e6, 21);
    expect(o.evidence["universe"]).toEqual({ [days[29]!]: ["A"], [days[59]!]: ["A", "B"] });
  });
  it("row 40: B's 21-row mean (10 x 1e5 + 11 x 1e9)/21 passes; a date before any liquidity row is empty", async () => {
    const o = await check(undefined, mem(), ["2019-12-31", days[40]!], liq(), 5e6, 21);
    expect(o.evidence["universe"]).toEqual({ "2019-12-31": [], [days[40]!]: ["A", "B"] });
    expect(vals(o, "turnover")).toEqual([null, null]);
  });
  it("a ticker with no column or only nulls in the window is dropped", async () => {
    const m = makeFrame({
      ticker: ["A", "B", "C"],
      start_date: ["2019-01-01", "2019-01-01", "2019-01-01"],
      end_date: [null, null, null],
    });
    const l = makeFrame({ A: days.map(() => 1e7), B: days.map((_, i) => (i < 50 ? 1e9 : NaN)) }, days);
    const o = await check(undefined, m, [days[20]!, days[59]!], l, 5e6, 5);
    expect(o.evidence["universe"]).toEqual({ [days[20]!]: ["A", "B"], [days[59]!]: ["A"] });
  });
  it("liquidity without min_adv: no screen, with a warning", async () => {
    const o = await check(undefined, mem(), [days[29]!, days[59]!], liq());
    expect(o.evidence["universe"]).toEqual({ [days[29]!]: ["A", "B"], [days[59]!]: ["A", "B"] });
    const w = sev(o, "warning").find((f) => f.where === "liquidity");
    expect(w?.message).toContain("no screen was applied");
  });
});

describe("pit_universe: example 5 (fixed list)", () => {
  it("the same four names twice -> FAIL, note 'the same fixed ticker list'", async () => {
    const o = await check({ "2020-01-01": ["A", "B", "C", "D"], "2020-04-01": ["A", "B", "C", "D"] });
    expect(sev(o, "error").map((f) => f.where)).toEqual(["removals"]);
    expect(sev(o, "warning").some((f) => f.message.includes("the same fixed ticker list"))).toBe(true);
    expect(o.evidence["total_additions"]).toBe(0);
    expect(o.evidence["mean_turnover"]).toBe(0);
    expect(o.evidence["n_ever"]).toBe(4);
    expect(o.evidence["report"]).toContain("CURRENT-SNAPSHOT");
  });
  it("every universe empty -> FAIL 'nothing to audit' at sizes", async () => {
    const o = await check({ "2020-01-01": [], "2020-04-01": [] });
    expect(o.findings.map((f) => [f.severity, f.where])).toEqual([["error", "sizes"]]);
    expect(o.findings[0]!.message).toContain("nothing to audit");
    expect(o.evidence["mean_turnover"]).toBeNull();
    expect(o.evidence["median_turnover"]).toBeNull();
  });
});

describe("pit_universe: bad input", () => {
  const U = { "2020-01-01": ["A"], "2020-04-01": ["B"] };
  const D = ["2020-01-01", "2020-04-01"];
  it("neither form, both forms, half of the members form", async () => {
    expect(await badField(() => check())).toBe("");
    expect(await badField(() => check(U, members1(), D))).toBe("members");
    expect(await badField(() => check(U, undefined, D))).toBe("rebalance_dates");
    expect(await badField(() => check(undefined, members1()))).toBe("rebalance_dates");
    expect(await badField(() => check(undefined, undefined, D))).toBe("members");
  });
  it("universe: < 2 dates, a non-date key, the same date twice, a value not an array of strings", async () => {
    expect(await badField(() => check({ "2020-01-01": ["A"] }))).toBe("universe");
    expect(await badField(() => check({ "2020-01-01": ["A"], "Q2-2020": ["A"] }))).toBe("universe/Q2-2020");
    expect(await badField(() => check({ "2020-01-01": ["A"], "2020-01-01T00:00:00": ["A"] }))).toBe(
      "universe/2020-01-01T00:00:00",
    );
    expect(await badField(() => check({ "2020-01-01": ["A"], "2020-04-01": "A" as unknown as string[] }))).toBe(
      "universe/2020-04-01",
    );
    expect(await badField(() => check({ "2020-01-01": ["A"], "2020-04-01": ["A", 3 as unknown as string] }))).toBe(
      "universe/2020-04-01/1",
    );
  });
  it("members: no ticker or start_date column, an unparseable date, end_date < start_date", async () => {
    expect(await badField(() => check(undefined, makeFrame({ start_date: ["2020-01-01"] }), D))).toBe("members");
    expect(await badField(() => check(undefined, makeFrame({ ticker: ["A"], end_date: [null] }), D))).toBe("members");
    expect(await badField(() => check(undefined, makeFrame({ ticker: ["A"], start_date: ["2020-02-30"] }), D))).toBe(
      "members/records/0/start_date",
    );
    expect(await badField(() => check(undefined, makeFrame({ ticker: ["A"], start_date: [null] }), D))).toBe(
      "members/records/0/start_date",
    );
    expect(
      await badField(() =>
        check(
          undefined,
          makeFrame({ ticker: ["A", "B"], start_date: ["2020-01-01", "2020-03-01"], end_date: [null, "2020-02-01"] }),
          D,
        ),
      ),
    ).toBe("members/records/1/end_date");
  });
  it("rebalance_dates: < 2, unsorted, duplicated", async () => {
    expect(await badField(() => check(undefined, members1(), ["2020-01-01"]))).toBe("rebalance_dates");
    expect(await badField(() => check(undefined, members1(), ["2020-04-01", "2020-01-01"]))).toBe("rebalance_dates/1");
    expect(await badField(() => check(undefined, members1(), ["2020-01-01", "2020-01-01"]))).toBe("rebalance_dates/1");
  });
  it("liquidity with universe, not dated, negative or non-finite; min_adv without liquidity or <= 0", async () => {
    const liq = makeFrame({ A: [1, 2] }, ["2020-01-01", "2020-01-02"]);
    expect(await badField(() => check(U, undefined, undefined, liq))).toBe("liquidity");
    expect(await badField(() => check(undefined, members1(), D, makeFrame({ A: [1, 2] }), 1))).toBe("liquidity/index");
    expect(
      await badField(() => check(undefined, members1(), D, makeFrame({ A: [1, 2] }, ["2020-01-02", "2020-01-01"]), 1)),
    ).toBe("liquidity/index/1");
    expect(
      await badField(() => check(undefined, members1(), D, makeFrame({ A: [1, -2] }, ["2020-01-01", "2020-01-02"]), 1)),
    ).toBe("liquidity/records/1/A");
    expect(
      await badField(() =>
        check(undefined, members1(), D, makeFrame({ A: [Infinity, 2] }, ["2020-01-01", "2020-01-02"]), 1),
      ),
    ).toBe("liquidity/records/0/A");
    expect(await badField(() => check(undefined, members1(), D, undefined, 5e6))).toBe("min_adv");
    expect(await badField(() => check(undefined, members1(), D, liq, 0))).toBe("min_adv");
    expect(await badField(() => check(undefined, members1(), D, liq as Frame, NaN))).toBe("min_adv");
  });
  it("adv_lookback not an integer >= 1; min_expected_turnover negative or non-finite", async () => {
    expect(await badField(() => check(U, undefined, undefined, undefined, undefined, 0))).toBe("adv_lookback");
    expect(await badField(() => check(U, undefined, undefined, undefined, undefined, 2.5))).toBe("adv_lookback");
    expect(await badField(() => check(U, undefined, undefined, undefined, undefined, 21, -0.1))).toBe(
      "min_expected_turnover",
    );
    expect(await badField(() => check(U, undefined, undefined, undefined, undefined, 21, Infinity))).toBe(
      "min_expected_turnover",
    );
  });
});

describe("pit_universe: async contract", () => {
  it("reports progress while screening and honours cancellation", async () => {
    const days = Array.from({ length: 1000 }, (_, i) =>
      new Date(Date.UTC(2020, 0, 1) + i * 86400000).toISOString().slice(0, 10),
    );
    const tick = Array.from({ length: 500 }, (_, j) => `T${j}`);
    const liq = makeFrame(
      Object.fromEntries(tick.map((t, j) => [t, days.map((_, i) => 1e6 * (1 + ((i + j) % 10)))])),
      days,
    );
    const mem = makeFrame({ ticker: tick, start_date: tick.map(() => "2019-01-01"), end_date: tick.map(() => null) });
    const reb = days.filter((_, i) => i % 21 === 20);
    const seen: number[] = [];
    const o = await withRunContext({ onProgress: (p) => seen.push(p.progress) }, () =>
      check(undefined, mem, reb, liq, 5e6, 21),
    );
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[seen.length - 1]).toBe(1000 * 500 + reb.length * 500 * 22);
    expect(o.evidence["n_dates"]).toBe(reb.length);
    const ac = new AbortController();
    ac.abort(new Error("cancelled by caller"));
    await expect(withRunContext({ signal: ac.signal }, () => check(undefined, mem, reb, liq, 5e6, 21))).rejects.toThrow(
      "cancelled by caller",
    );
  });
});
