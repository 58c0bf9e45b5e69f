import { describe, expect, it } from "vitest";
import type { Frame } from "../../src/contract/guard.js";
import { makeFrame } from "../../src/lib/frame.js";
import { check } from "../../guards/join_asof_sortedness.js";
import { badField } from "../helpers/bad_field.js";

const RIGHT = makeFrame({
  time: [1, 2, 3, 4, 5, 6],
  symbol: ["A", "A", "A", "B", "B", "B"],
  px: [10, 11, 12, 20, 21, 22],
});
const LEFT = makeFrame({ time: [6, 3, 5, 2], symbol: ["A", "A", "B", "B"] });
const sev = (r: Awaited<ReturnType<typeof check>>, s: string) => r.findings.filter((f) => f.severity === s);

describe("join_asof_sortedness: spec examples", () => {
  it("1. tiny_case: the cursor gives B at 2 the quote at 5 -> FAIL, wrong_rows [3], left warned", async () => {
    const r = await check(LEFT, RIGHT, "time", "symbol");
    expect(Object.keys(r.evidence)).toEqual([
      "n_rows",
      "n_wrong",
      "wrong_rows",
      "left_sorted_by_group_then_time",
      "right_sorted_by_group_then_time",
      "val",
    ]);
    expect(r.evidence).toEqual({
      n_rows: 4,
      n_wrong: 1,
      wrong_rows: [3],
      left_sorted_by_group_then_time: false,
      right_sorted_by_group_then_time: true,
      val: "px",
    });
    expect(sev(r, "error")).toHaveLength(1);
    expect(sev(r, "error")[0]!.message).toContain(
      "1 of 4 rows would be matched to a different (later) quote by a cursor join; sort BOTH frames by [by, " +
        "on] before join_asof",
    );
    expect(sev(r, "warning").map((f) => f.message.slice(0, 5))).toEqual(["left "]);
  });

  it("2. the same signals sorted by [symbol, time] -> PASS, no warning", async () => {
    const sorted = makeFrame({ time: [3, 6, 2, 5], symbol: ["A", "A", "B", "B"] });
    const r = await check(sorted, RIGHT, "time", "symbol");
    expect(r.findings).toEqual([
      { severity: "info", message: "cursor and correct joins agree on all 4 rows", where: "order" },
    ]);
    expect(r.evidence["n_wrong"]).toBe(0);
    expect(r.evidence["left_sorted_by_group_then_time"]).toBe(true);
  });

  it("3. sorted by time but not grouped: PASS with a warning for each frame", async () => {
    const right = makeFrame({ time: [1, 2, 3, 4], symbol: ["A", "B", "A", "B"], px: [10, 20, 11, 21] });
    const left = makeFrame({ time: [2, 3, 4], symbol: ["A", "B", "A"] });
    const r = await check(left, right, "time", "symbol");
    expect(sev(r, "error")).toEqual([]);
    expect(r.evidence["n_wrong"]).toBe(0);
    expect(sev(r, "warning").map((f) => f.message.split(" ")[0])).toEqual(["left", "right"]);
    expect(r.evidence["right_sorted_by_group_then_time"]).toBe(false);
  });
});

describe("join_asof_sortedness: hand-derived", () => {
  it("ISO date-time keys, explicit val, numeric groups", async () => {
    const right = makeFrame({
      ts: ["2024-01-02T09:30:00Z", "2024-01-02T09:31:00Z", "2024-01-02T09:30:30Z"],
      sid: [1, 1, 2],
      bid: [1, 2, 3],
      ask: [1.5, 2.5, 3.5],
    });
    // (09:31:10, 1) pushes group 1's cursor to the 09:31 quote; (09:30:10, 1) then gets ask 2.5, truth 1.5
    const left = makeFrame({
      ts: ["2024-01-02T09:31:10Z", "2024-01-02T09:30:10Z", "2024-01-02T09:30:40Z"],
      sid: [1, 1, 2],
    });
    const r = await check(left, right, "ts", "sid", "ask");
    expect(r.evidence["n_wrong"]).toBe(1);
    expect(r.evidence["wrong_rows"]).toEqual([1]);
    expect(r.evidence["val"]).toBe("ask");
  });

  it("duplicate timestamps in a group do not make false disagreements (stable sort)", async () => {
    const right = makeFrame({ t: [1, 1, 2], g: ["A", "A", "A"], v: [10, 11, 12] });
    const left = makeFrame({ t: [1, 3], g: ["A", "A"] });
    expect((await check(left, right, "t", "g")).evidence["n_wrong"]).toBe(0);
  });

  it("an empty right: every row is null in both joins", async () => {
    const r = await check(
      makeFrame({ t: ["2024-01-02T10:00:00Z"], g: ["A"] }),
      makeFrame({ t: [], g: [], v: [] }),
      "t",
      "g",
    );
    expect(r.evidence["n_wrong"]).toBe(0);
    expect(r.evidence["right_sorted_by_group_then_time"]).toBe(true);
  });

  it("both null (no prior quote, unknown group) agree", async () => {
    const r = await check(makeFrame({ t: [0, 5], g: ["A", "Z"] }), makeFrame({ t: [1], g: ["A"], v: [1] }), "t", "g");
    expect(r.evidence["n_wrong"]).toBe(0);
  });
});

describe("join_asof_sortedness: bad input", () => {
  it("frames", async () => {
    expect(await badField(() => check([] as unknown as Frame, RIGHT, "time", "symbol"))).toBe("left");
    expect(await badField(() => check(LEFT, null as unknown as Frame, "time", "symbol"))).toBe("right");
    expect(await badField(() => check(makeFrame({ time: [], symbol: [] }), RIGHT, "time", "symbol"))).toBe("left");
  });
  it("on, by, val", async () => {
    expect(await badField(() => check(LEFT, RIGHT, "", "symbol"))).toBe("on");
    expect(await badField(() => check(LEFT, RIGHT, "time", 3 as unknown as string))).toBe("by");
    expect(await badField(() => check(LEFT, RIGHT, "stamp", "symbol"))).toBe("left");
    expect(await badField(() => check(LEFT, makeFrame({ time: [1], px: [1] }), "time", "symbol"))).toBe("right");
    expect(await badField(() => check(LEFT, RIGHT, "time", "symbol", "mid"))).toBe("val");
    expect(await badField(() => check(LEFT, makeFrame({ time: [1], symbol: ["A"] }), "time", "symbol"))).toBe("val");
  });
  it("nulls and kinds", async () => {
    expect(
      await badField(() => check(makeFrame({ time: [1, NaN], symbol: ["A", "A"] }), RIGHT, "time", "symbol")),
    ).toBe("left/records/1/time");
    expect(await badField(() => check(makeFrame({ time: [1, 2], symbol: ["A", null] }), RIGHT, "time", "symbol"))).toBe(
      "left/records/1/symbol",
    );
    expect(
      await badField(() => check(makeFrame({ time: ["x", "y"], symbol: ["A", "A"] }), RIGHT, "time", "symbol")),
    ).toBe("left/records/0/time");
    expect(
      await badField(() =>
        check(makeFrame({ time: ["2024-01-02T00:00:01Z"], symbol: ["A"] }), RIGHT, "time", "symbol"),
      ),
    ).toBe("on");
    expect(await badField(() => check(makeFrame({ time: [1], symbol: [1] }), RIGHT, "time", "symbol"))).toBe("by");
    expect(await badField(() => check(makeFrame({ time: [1], symbol: [true] }), RIGHT, "time", "symbol"))).toBe("left");
  });
});

describe("join_asof_sortedness: progress", () => {
  it("reports progress through step on a large input and honours cancellation", async () => {
    const { withRunContext } = await import("../../src/lib/progress.js");
    const n = 45000;
    // one group, left in reverse time order: the first row moves the cursor to the last quote, so
    // every later row (time < n - 1) gets a quote from its future
    const right = makeFrame({
      t: Array.from({ length: n }, (_, i) => i),
      g: Array.from({ length: n }, () => "A"),
      v: Array.from({ length: n }, (_, i) => i),
    });
    const left = makeFrame({
      t: Array.from({ length: n }, (_, i) => n - 1 - i),
      g: Array.from({ length: n }, () => "A"),
    });
    const seen: number[] = [];
    const r = await withRunContext({ onProgress: (p) => seen.push(p.progress) }, () => check(left, right, "t", "g"));
    expect(r.evidence["n_wrong"]).toBe(n - 1);
    expect((r.evidence["wrong_rows"] as number[])[0]).toBe(1);
    expect(seen[seen.length - 1]).toBe(6 * n + 3 * n);
    const ac = new AbortController();
    ac.abort(new Error("stop"));
    await expect(withRunContext({ signal: ac.signal }, () => check(left, right, "t", "g"))).rejects.toThrow("stop");
  });
});
