import { describe, expect, it } from "vitest";
import type { BadInputError, Frame, Series } from "../../src/contract/guard.js";
import { makeFrame } from "../../src/lib/frame.js";
import { check } from "../../guards/continuous_contract.js";
import { badField } from "../helpers/bad_field.js";

const DATES = ["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", "2024-01-08"];
const F0 = [100, 101, 102, 103, NaN, NaN];
const F1 = [NaN, 106, 107, 109, 110, 112];
const CONTRACTS: Frame = makeFrame({ F0, F1 }, DATES);
const ROLLS = ["2024-01-03"];
// Independent hand derivation: gap 107 - 102 = 5 points, ratio 107/102.
const UNADJUSTED = [100, 101, 102, 109, 110, 112];
const DIFFERENCE = [105, 106, 107, 109, 110, 112];
const RATIO = [(100 * 107) / 102, (101 * 107) / 102, 107, 109, 110, 112];
const TRUTH = [1 / 100, 1 / 101, 2 / 107, 1 / 109, 2 / 110];

const series = (values: number[], index: string[] = DATES): Series => ({ index, values });
const where = (r: Awaited<ReturnType<typeof check>>, sev: string) =>
  r.findings.filter((f) => f.severity === sev).map((f) => f.where);

describe("continuous_contract: spec examples", () => {
  it("1. ratio series with contracts passes; errors ~0", async () => {
    const r = await check(series(RATIO), "ratio", CONTRACTS, ROLLS);
    expect(where(r, "error")).toEqual([]);
    expect(where(r, "info")).toEqual(["method", "rebuild"]);
    expect(r.evidence["max_abs_error"] as number).toBeLessThan(1e-12);
    expect(r.evidence["max_return_error"] as number).toBeLessThan(1e-14);
    expect(Object.keys(r.evidence)).toEqual([
      "method",
      "min_price",
      "rolls",
      "rebuilt_difference",
      "rebuilt_ratio",
      "max_abs_error",
      "max_return_error",
      "n_rolls",
      "n_compared",
    ]);
    expect(r.evidence["rolls"]).toEqual([
      { date: "2024-01-03", old_close: 102, new_close: 107, gap_difference: 5, gap_ratio: 107 / 102 },
    ]);
    expect((r.evidence["rebuilt_difference"] as Series).values).toEqual(DIFFERENCE);
    const ratio = (r.evidence["rebuilt_ratio"] as Series).values;
    ratio.forEach((v, i) => expect(Math.abs(v - RATIO[i]!)).toBeLessThan(1e-12));
    expect((r.evidence["rebuilt_ratio"] as Series).index).toEqual(DATES);
    expect(r.evidence["n_rolls"]).toBe(1);
    expect(r.evidence["n_compared"]).toBe(6);
    // ratio series' percentage changes equal the true rolled returns
    for (let t = 1; t < 6; t++) expect(RATIO[t]! / RATIO[t - 1]! - 1).toBeCloseTo(TRUTH[t - 1]!, 14);
  });

  it("2. difference series without contracts fails at method; min_price 105", async () => {
    const r = await check(series(DIFFERENCE), "difference");
    expect(where(r, "error")).toEqual(["method"]);
    expect(r.findings[0]!.message).toContain("use point differences for P&L or a ratio-adjusted series for returns");
    expect(r.evidence["min_price"]).toBe(105);
    expect(r.evidence["rolls"]).toBeNull();
    expect(r.evidence["max_abs_error"]).toBeNull();
    expect(r.evidence["n_compared"]).toBeNull();
    // its point differences are the true P&L
    expect(DIFFERENCE.slice(1).map((v, i) => v - DIFFERENCE[i]!)).toEqual([1, 1, 2, 1, 2]);
  });

  it("3. unadjusted series without contracts fails at method (roll gaps unknown)", async () => {
    const r = await check(series(UNADJUSTED), "unadjusted");
    expect(where(r, "error")).toEqual(["method"]);
    expect(r.findings[0]!.message).toContain("roll gaps unknown");
  });

  it("3b. unadjusted with contracts: names the rolls and the largest gap; rebuild matches", async () => {
    const r = await check(series(UNADJUSTED), "unadjusted", CONTRACTS, ROLLS);
    expect(where(r, "error")).toEqual(["method"]);
    expect(r.findings[0]!.message).toContain("1 roll(s), largest gap 5");
    expect(r.evidence["max_abs_error"]).toBe(0);
    expect(where(r, "info")).toEqual(["rebuild"]);
  });

  it("4. difference series declared ratio fails at rebuild", async () => {
    const r = await check(series(DIFFERENCE), "ratio", CONTRACTS, ROLLS);
    expect(where(r, "error")).toEqual(["rebuild"]);
    expect(r.evidence["max_abs_error"] as number).toBeCloseTo(105 - (100 * 107) / 102, 9);
    expect(r.evidence["max_abs_error"] as number).toBeCloseTo(0.098039, 6);
    expect(r.findings.find((f) => f.where === "rebuild")!.message).toContain("2024-01-01");
    expect(r.evidence["max_return_error"] as number).toBeCloseTo(Math.abs(106 / 105 - 1 - 1 / 100), 12);
    expect(r.evidence["max_return_error"] as number).toBeCloseTo(0.000476, 6);
  });

  it("5. negative difference history fails at method and min_price; the rebuild matches", async () => {
    const d = ["2024-01-01", "2024-01-02", "2024-01-03"];
    const c = makeFrame({ F0: [5, 11, NaN], F1: [NaN, 2, 3] }, d);
    const r = await check(series([-4, 2, 3], d), "difference", c, ["2024-01-02"]);
    expect(where(r, "error")).toEqual(["method", "min_price"]);
    expect(where(r, "info")).toEqual(["rebuild"]);
    expect(r.evidence["min_price"]).toBe(-4);
    expect(r.evidence["max_abs_error"]).toBe(0);
    expect(r.evidence.rolls![0]!.gap_difference).toBe(-9);
    // max return error: |2/-4 - 1 - (11/5 - 1)| = 2.7, then |3/2 - 1 - (3/2 - 1)| = 0
    expect(r.evidence["max_return_error"] as number).toBeCloseTo(2.7, 12);
  });
});

describe("continuous_contract: hand-derived", () => {
  it("no roll gap: difference and unadjusted pass with an info", async () => {
    const c = makeFrame({ A: [10, 11, NaN], B: [NaN, 11, 12] }, ["2024-01-01", "2024-01-02", "2024-01-03"]);
    for (const m of ["difference", "unadjusted"] as const) {
      const r = await check(series([10, 11, 12], ["2024-01-01", "2024-01-02", "2024-01-03"]), m, c, ["2024-01-02"]);
      expect(where(r, "error")).toEqual([]);
      expect(r.findings[0]!.message).toContain("no roll gap");
    }
  });

  it("ratio declared without contracts passes as declared", async () => {
    const r = await check(series(RATIO), "ratio");
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]!.severity).toBe("info");
    expect(r.findings[0]!.message).toContain("as declared");
  });

  it("a stitched value off by more than atol is named at its date", async () => {
    const bad = [...RATIO];
    bad[4] = 110.01;
    const r = await check(series(bad), "ratio", CONTRACTS, ROLLS);
    expect(where(r, "error")).toEqual(["rebuild"]);
    expect(r.findings[1]!.message).toContain("2024-01-05");
    expect(r.evidence["max_abs_error"] as number).toBeCloseTo(0.01, 9);
    // within a loose atol it matches
    expect(where(await check(series(bad), "ratio", CONTRACTS, ROLLS, 0.02), "error")).toEqual([]);
  });
});

describe("continuous_contract: bad input", () => {
  const ok = series(RATIO);
  it("stitched", async () => {
    expect(await badField(() => check({ values: RATIO } as Series, "ratio"))).toBe("stitched/index");
    expect(await badField(() => check(series([]), "ratio"))).toBe("stitched");
    expect(await badField(() => check(series([1, 2], ["2024-01-02", "2024-01-01"]), "ratio"))).toBe("stitched/index/1");
    expect(await badField(() => check(series([1, 2], ["2024-01-02", "2024-01-02"]), "ratio"))).toBe("stitched/index/1");
    expect(await badField(() => check(series([1, NaN], ["2024-01-01", "2024-01-02"]), "ratio"))).toBe(
      "stitched/values/1",
    );
    expect(await badField(() => check(series([1, Infinity], ["2024-01-01", "2024-01-02"]), "ratio"))).toBe(
      "stitched/values/1",
    );
  });
  it("method", async () => {
    expect(await badField(() => check(ok, "panama" as "ratio"))).toBe("method");
    expect(await badField(() => check(ok, undefined as unknown as "ratio"))).toBe("method");
  });
  it("contracts and roll_dates go together", async () => {
    expect(await badField(() => check(ok, "ratio", CONTRACTS))).toBe("roll_dates");
    expect(await badField(() => check(ok, "ratio", undefined, ROLLS))).toBe("contracts");
  });
  it("contracts", async () => {
    expect(await badField(() => check(ok, "ratio", makeFrame({ F0 }, DATES), []))).toBe("contracts");
    expect(await badField(() => check(ok, "ratio", makeFrame({ F0, F1 }), ROLLS))).toBe("contracts/index");
    expect(await badField(() => check(ok, "ratio", makeFrame({ F0, F1 }, [...DATES].reverse()), ROLLS))).toBe(
      "contracts/index/1",
    );
    expect(
      await badField(() => check(ok, "ratio", makeFrame({ F0, F1 }, [DATES[0]!, ...DATES.slice(0, 5)]), ROLLS)),
    ).toBe("contracts/index/1");
    expect(await badField(() => check(ok, "ratio", [[100, 106]] as unknown as Frame, ROLLS))).toBe("contracts");
    expect(
      await badField(() => check(ok, "ratio", makeFrame({ F0: [100, 101, -1, 103, NaN, NaN], F1 }, DATES), ROLLS)),
    ).toBe("contracts/records/2/F0");
    expect(
      await badField(() =>
        check(ok, "ratio", makeFrame({ F0: [100, 101, Infinity, 103, NaN, NaN], F1 }, DATES), ROLLS),
      ),
    ).toBe("contracts/records/2/F0");
  });
  it("roll_dates", async () => {
    expect(await badField(() => check(ok, "ratio", CONTRACTS, []))).toBe("roll_dates");
    const three = makeFrame({ F0, F1, F2: [NaN, NaN, NaN, 120, 121, 122] }, DATES);
    expect(await badField(() => check(ok, "ratio", three, ["2024-01-04", "2024-01-03"]))).toBe("roll_dates/1");
    expect(await badField(() => check(ok, "ratio", CONTRACTS, ["2024-01-06"]))).toBe("roll_dates/0");
    // F0 null that day
    expect(await badField(() => check(ok, "ratio", CONTRACTS, ["2024-01-05"]))).toBe("roll_dates/0");
  });
  it("a null active price inside the span names the contract and date", async () => {
    const holes = makeFrame({ F0: [100, NaN, 102, 103, NaN, NaN], F1 }, DATES);
    expect(await badField(() => check(ok, "ratio", holes, ROLLS))).toBe("contracts/records/1/F0");
  });
  it("stitched dates must equal the span", async () => {
    const short = series(RATIO.slice(1), DATES.slice(1));
    let msg = "";
    try {
      await check(short, "ratio", CONTRACTS, ROLLS);
    } catch (e) {
      msg = (e as Error).message;
      expect((e as BadInputError).field).toBe("stitched");
    }
    expect(msg).toContain("contracts");
    expect(msg).toContain("2024-01-01");
  });
  it("atol", async () => {
    expect(await badField(() => check(ok, "ratio", undefined, undefined, -1))).toBe("atol");
    expect(await badField(() => check(ok, "ratio", undefined, undefined, NaN))).toBe("atol");
    expect(await badField(() => check(ok, "ratio", undefined, undefined, Infinity))).toBe("atol");
  });
});

describe("continuous_contract: progress", () => {
  it("reports progress through step on a long series and honours cancellation", async () => {
    const { withRunContext } = await import("../../src/lib/progress.js");
    const { formatIsoDate } = await import("../../src/lib/dates.js");
    const n = 45000;
    const days = Array.from({ length: n }, (_, i) => formatIsoDate(10000 + i));
    const roll = n / 2 - 1;
    // A trades rows 0..roll at 100 + i/1000; B from roll on at 5 points above A's level
    const a = days.map((_, i) => (i <= roll ? 100 + i / 1000 : NaN));
    const b = days.map((_, i) => (i >= roll ? 105 + i / 1000 : NaN));
    // difference adjustment adds the +5 gap to A's rows, so the stitched series is 105 + i/1000 throughout
    const stitched = { index: days, values: days.map((_, i) => 105 + i / 1000) };
    const seen: number[] = [];
    const r = await withRunContext({ onProgress: (p) => seen.push(p.progress) }, () =>
      check(stitched, "difference", makeFrame({ A: a, B: b }, days), [days[roll]!]),
    );
    expect(r.evidence["max_abs_error"] as number).toBeLessThan(1e-9);
    expect(where(r, "error")).toEqual(["method"]);
    expect(seen.length).toBeGreaterThan(4);
    const ac = new AbortController();
    ac.abort(new Error("stop"));
    await expect(
      withRunContext({ signal: ac.signal }, () =>
        check(stitched, "ratio", makeFrame({ A: a, B: b }, days), [days[roll]!]),
      ),
    ).rejects.toThrow("stop");
  });
});
