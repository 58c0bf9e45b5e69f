import { describe, expect, it } from "vitest";
import type { Frame } from "../../src/contract/guard.js";
import { makeFrame } from "../../src/lib/frame.js";
import { check } from "../../guards/safe_asof.js";
import { badField } from "../helpers/bad_field.js";

const LEFT = makeFrame({ ts: ["2024-01-02T09:30:01"], symbol: ["AAA"], signal: [1] });
const RIGHT = makeFrame({
  ts: ["2024-01-02T09:29:59", "2024-01-02T09:30:01", "2024-01-02T09:30:05"],
  symbol: ["AAA", "AAA", "AAA"],
  px: [100, 101, 102],
});
type R = Awaited<ReturnType<typeof check>>;
const wheres = (r: R, sev: string) => r.findings.filter((f) => f.severity === sev).map((f) => f.where);
const joined = (r: R) => r.evidence["joined"] as Frame;

describe("safe_asof: spec examples", () => {
  it("1. tolerance 5min -> PASS; px 100, staleness 2 s", async () => {
    const r = await check(LEFT, RIGHT, "ts", "symbol", "5min");
    expect(r.findings).toEqual([
      { severity: "info", message: "1/1 rows matched strictly prior within 5min; 0 honestly unmatched", where: "join" },
    ]);
    expect(Object.keys(r.evidence)).toEqual([
      "on",
      "by",
      "tolerance",
      "allow_exact_matches",
      "direction",
      "n_left",
      "joined",
      "n_matched",
      "n_unmatched",
      "max_staleness",
      "staleness_unit",
    ]);
    expect(joined(r).columns).toEqual(["ts", "symbol", "signal", "px", "_asof_right_ts"]);
    expect(joined(r).data["px"]).toEqual([100]);
    expect(joined(r).data["_asof_right_ts"]).toEqual(["2024-01-02T09:29:59"]);
    expect(joined(r).index).toEqual([0]);
    expect(r.evidence["max_staleness"]).toBe(2);
    expect(r.evidence["staleness_unit"]).toBe("seconds");
    expect(r.evidence["by"]).toEqual(["symbol"]);
    expect(r.evidence["tolerance"]).toBe("5min");
    expect(r.evidence["n_matched"]).toBe(1);
    expect(r.evidence["n_unmatched"]).toBe(0);
  });

  it("2. allow_exact_matches matches the same-stamp quote -> LOOK-AHEAD FAIL plus a warning", async () => {
    const r = await check(LEFT, RIGHT, "ts", "symbol", "5min", true);
    expect(joined(r).data["px"]).toEqual([101]);
    expect(wheres(r, "warning")).toEqual(["allow_exact_matches"]);
    expect(wheres(r, "error")).toEqual(["look-ahead"]);
    expect(r.findings.find((f) => f.where === "look-ahead")!.message).toContain("LOOK-AHEAD: 1 matched row(s)");
    expect(r.evidence["n_matched"]).toBe(1);
    expect(r.evidence["max_staleness"]).toBe(0);
  });

  it("3. no tolerance -> FAIL at tolerance; the match is still px 100", async () => {
    const r = await check(LEFT, RIGHT, "ts", "symbol");
    expect(wheres(r, "error")).toEqual(["tolerance"]);
    expect(r.findings[0]!.message).toContain("no staleness budget");
    expect(joined(r).data["px"]).toEqual([100]);
    expect(r.evidence["tolerance"]).toBeNull();
  });

  it("4. forward -> matches 09:30:05 (px 102) -> look-ahead FAIL plus a warning", async () => {
    const r = await check(LEFT, RIGHT, "ts", "symbol", "5min", false, "forward");
    expect(joined(r).data["px"]).toEqual([102]);
    expect(wheres(r, "warning")).toEqual(["direction"]);
    expect(r.findings.find((f) => f.where === "direction")!.message).toContain("looks into the future by design");
    expect(wheres(r, "error")).toEqual(["look-ahead"]);
    expect(r.evidence["max_staleness"]).toBe(-4);
  });

  it("5. symbol numbers in left, strings in right -> FAIL at keys, stops there", async () => {
    const left = makeFrame({ ts: ["2024-01-02T09:30:01"], symbol: [1] });
    const right = makeFrame({ ts: ["2024-01-02T09:29:59"], symbol: ["1"], px: [100] });
    const r = await check(left, right, "ts", "symbol");
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]!.where).toBe("keys");
    expect(r.findings[0]!.message).toContain("'symbol'");
    expect(r.findings[0]!.message).toContain("number");
    expect(r.findings[0]!.message).toContain("string");
    expect(r.evidence["joined"]).toBeNull();
    expect(r.evidence["n_matched"]).toBeNull();
  });
});

describe("safe_asof: hand-derived", () => {
  it("flags only the exact-stamp match among several; unmatched rows are fine", async () => {
    // numeric keys; quotes at 10 and 20; signals at 20 (exact), 25, 5 (nothing prior)
    const left = makeFrame({ t: [20, 25, 5] });
    const right = makeFrame({ t: [10, 20], px: [1, 2] });
    const exact = await check(left, right, "t", undefined, 100, true);
    // joined sorted by t: 5 (unmatched), 20 (exact, px 2), 25 (px 2)
    expect(joined(exact).index).toEqual([2, 0, 1]);
    expect(joined(exact).data["_asof_right_ts"]).toEqual([null, 20, 20]);
    expect(wheres(exact, "error")).toEqual(["look-ahead"]);
    expect(exact.findings.find((f) => f.where === "look-ahead")!.message).toContain("LOOK-AHEAD: 1 matched row(s)");
    const strict = await check(left, right, "t", undefined, 100);
    expect(strict.findings).toEqual([
      { severity: "info", message: "2/3 rows matched strictly prior within 100; 1 honestly unmatched", where: "join" },
    ]);
    expect(joined(strict).data["_asof_right_ts"]).toEqual([null, 10, 20]);
    expect(strict.evidence["max_staleness"]).toBe(10);
    expect(strict.evidence["staleness_unit"]).toBe("key units");
    // a tolerance of 5 leaves the 20 -> 10 match out (stale, lag 10), 25 -> 20 in (lag 5)
    const tight = await check(left, right, "t", undefined, 5);
    expect(joined(tight).data["_asof_right_ts"]).toEqual([null, null, 20]);
    expect(tight.evidence["n_unmatched"]).toBe(2);
  });

  it("nearest: the closer quote, ties to backward; a clash gets _right; index labels kept", async () => {
    const left: Frame = { ...makeFrame({ t: [14, 16], px: [0, 0] }), index: ["a", "b"] };
    const right = makeFrame({ t: [10, 18], px: [1, 2] });
    const r = await check(left, right, "t", undefined, 10, false, "nearest");
    expect(joined(r).columns).toEqual(["t", "px", "px_right", "_asof_right_ts"]);
    expect(joined(r).data["px_right"]).toEqual([1, 2]);
    expect(joined(r).index).toEqual(["a", "b"]);
    expect(wheres(r, "error")).toEqual(["look-ahead"]);
    const tie = await check(makeFrame({ t: [14] }), right, "t", undefined, 10, false, "nearest");
    expect(joined(tie).data["_asof_right_ts"]).toEqual([10]);
  });

  it("multiple by columns and the 3D budget on dates", async () => {
    const left = makeFrame({ d: ["2024-01-10", "2024-01-10"], ex: ["X", "Y"], sym: ["A", "A"] });
    const right = makeFrame({ d: ["2024-01-08", "2024-01-05"], ex: ["X", "Y"], sym: ["A", "A"], px: [1, 2] });
    const r = await check(left, right, "d", ["ex", "sym"], "3D");
    expect(joined(r).data["px"]).toEqual([1, NaN]);
    expect(r.evidence["max_staleness"]).toBe(2 * 86400);
  });

  it("an empty left joins nothing and takes right's key kinds (no spurious key mismatch)", async () => {
    const r = await check(makeFrame({ ts: [], symbol: [] }), RIGHT, "ts", "symbol", "5min");
    expect(r.findings).toEqual([
      { severity: "info", message: "0/0 rows matched strictly prior within 5min; 0 honestly unmatched", where: "join" },
    ]);
    expect(r.evidence["max_staleness"]).toBeNull();
    expect(r.evidence["staleness_unit"]).toBe("seconds");
    expect(joined(r).nrows).toBe(0);
    const e = await check(LEFT, makeFrame({ ts: [], symbol: [], px: [] }), "ts", "symbol", "5min");
    expect(e.evidence["n_unmatched"]).toBe(1);
    expect(joined(e).data["_asof_right_ts"]).toEqual([null]);
  });

  it("declared dtypes: category vs string gets the cast hint", async () => {
    const left: Frame = { ...makeFrame({ ts: [1], symbol: ["A"] }), dtypes: { symbol: "category" as never } };
    const right: Frame = { ...makeFrame({ ts: [0], symbol: ["A"], px: [1] }), dtypes: { symbol: "string" } };
    const r = await check(left, right, "ts", "symbol", 5);
    expect(wheres(r, "error")).toEqual(["keys"]);
    expect(r.findings[0]!.message).toContain("cast both to the same type");
  });
});

describe("safe_asof: bad input", () => {
  it("frames and columns", async () => {
    expect(await badField(() => check([] as unknown as Frame, RIGHT, "ts"))).toBe("left");
    expect(await badField(() => check(LEFT, "x" as unknown as Frame, "ts"))).toBe("right");
    expect(await badField(() => check(LEFT, RIGHT, "time"))).toBe("left");
    expect(await badField(() => check(LEFT, makeFrame({ ts: ["2024-01-02T09:29:59"] }), "ts", "symbol"))).toBe("right");
    expect(await badField(() => check(LEFT, RIGHT, ""))).toBe("on");
    expect(await badField(() => check(LEFT, RIGHT, "ts", [""]))).toBe("by/0");
  });
  it("nulls in keys name the frame, column and row", async () => {
    const l = makeFrame({ ts: ["2024-01-02T09:30:01", null], symbol: ["AAA", "AAA"] });
    expect(await badField(() => check(l, RIGHT, "ts", "symbol", "5min"))).toBe("left/records/1/ts");
    const r = makeFrame({ ts: ["2024-01-02T09:29:59"], symbol: [null], px: [1] });
    expect(await badField(() => check(LEFT, r, "ts", "symbol", "5min"))).toBe("right/records/0/symbol");
  });
  it("on values neither ISO date-times nor numbers", async () => {
    expect(await badField(() => check(makeFrame({ ts: ["soon"] }), RIGHT, "ts"))).toBe("left/records/0/ts");
    expect(await badField(() => check(makeFrame({ ts: [1, "2024-01-02"] }), RIGHT, "ts"))).toBe("left/records/1/ts");
  });
  it("tolerance", async () => {
    expect(await badField(() => check(LEFT, RIGHT, "ts", "symbol", "5 fortnights"))).toBe("tolerance");
    expect(await badField(() => check(LEFT, RIGHT, "ts", "symbol", "0min"))).toBe("tolerance");
    expect(await badField(() => check(LEFT, RIGHT, "ts", "symbol", 300))).toBe("tolerance");
    const num = makeFrame({ t: [1] });
    expect(await badField(() => check(num, num, "t", undefined, "5min"))).toBe("tolerance");
    expect(await badField(() => check(num, num, "t", undefined, -1))).toBe("tolerance");
    expect(await badField(() => check(num, num, "t", undefined, NaN))).toBe("tolerance");
  });
  it("direction and allow_exact_matches", async () => {
    expect(await badField(() => check(LEFT, RIGHT, "ts", "symbol", "5min", false, "sideways" as "forward"))).toBe(
      "direction",
    );
    expect(await badField(() => check(LEFT, RIGHT, "ts", "symbol", "5min", "yes" as unknown as boolean))).toBe(
      "allow_exact_matches",
    );
  });
  it("a frame already holding _asof_right_ts", async () => {
    const l = makeFrame({ ts: ["2024-01-02T09:30:01"], _asof_right_ts: [null] });
    expect(await badField(() => check(l, RIGHT, "ts"))).toBe("left");
    const r = makeFrame({ ts: ["2024-01-02T09:30:01"], _asof_right_ts: [null] });
    expect(await badField(() => check(LEFT, r, "ts"))).toBe("right");
  });
});

describe("safe_asof: progress", () => {
  it("reports progress through step on a large join and honours cancellation", async () => {
    const { withRunContext } = await import("../../src/lib/progress.js");
    const n = 45000;
    const left = makeFrame({ t: Array.from({ length: n }, (_, i) => i + 0.5) });
    const right = makeFrame({ t: Array.from({ length: n }, (_, i) => i), px: Array.from({ length: n }, (_, i) => i) });
    const seen: number[] = [];
    const r = await withRunContext({ onProgress: (p) => seen.push(p.progress) }, () =>
      check(left, right, "t", undefined, 1),
    );
    expect(r.evidence["n_matched"]).toBe(n);
    expect(r.evidence["max_staleness"]).toBe(0.5);
    expect(seen.length).toBeGreaterThan(5);
    expect(seen[seen.length - 1]).toBe(4 * n + 2 * n);
    const ac = new AbortController();
    ac.abort(new Error("stop"));
    await expect(withRunContext({ signal: ac.signal }, () => check(left, right, "t", undefined, 1))).rejects.toThrow(
      "stop",
    );
  });
});
