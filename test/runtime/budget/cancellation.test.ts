// Loops check cancellation through WorkMeter every UNITS_PER_STEP units of work, sync guards as well
// as async ones: a cancelled or timed-out inline call stops at the next check with a fraction of its
// work done. Outcomes and work counted are asserted, never durations.
import { afterEach, describe, expect, it } from "vitest";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { estimateCost, resetLimits } from "../../../src/runtime/budget/index.js";
import { withRunContext } from "../../../src/lib/progress.js";
import { UNITS_PER_STEP, WorkMeter } from "../../../src/lib/work_meter.js";
import { LimitError } from "../../../src/runtime/errors.js";
import { check as costCurve } from "../../../guards/cost_curve.js";
import type { ProgressEvent } from "../../../src/lib/progress.js";

afterEach(() => resetLimits());

const wave = (n: number) => Array.from({ length: n }, (_, i) => Math.sin(i * 1.3) * 0.01 + 0.0004);
/** A sync guard's heavy call: 20,000 returns at 300 cost levels. */
const heavy = { returns: wave(20_000), turnover: 0.1, bps: Array.from({ length: 300 }, (_, i) => i) };
const total = estimateCost("cost_curve", { ...heavy, returns: { values: heavy.returns } })!.units;

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => new Error("expected the call to be stopped"),
    (e: unknown) => e,
  );
}

describe("WorkMeter.tick: the check of sync loops", () => {
  it("checks at each step boundary: an abort between two ticks is seen at the next boundary", () => {
    const ac = new AbortController();
    let ticks = 0;
    const run = () =>
      withRunContext({ signal: ac.signal }, () => {
        const m = new WorkMeter(100, 10);
        for (let i = 0; i < 100; i++) {
          if (i === 23) ac.abort(new Error("stop"));
          m.tick(1);
          ticks += 1;
        }
      });
    expect(run).toThrow("stop");
    // The abort came at tick 24; the next boundary is the 30th unit, where the check threw.
    expect(ticks).toBe(29);
  });
  it("throws a TimeoutError once the run context's deadline has passed", () => {
    const run = () =>
      withRunContext({ deadline: performance.now() - 1 }, () => {
        const m = new WorkMeter(10, 1);
        m.tick(1);
      });
    expect(run).toThrow(expect.objectContaining({ name: "TimeoutError" }));
  });
});

describe("a heavy sync guard stops when cancelled, inline", () => {
  it("cost_curve called directly: aborted at its first progress report, it does one step more of work", () => {
    const ac = new AbortController();
    const seen: ProgressEvent[] = [];
    const run = () =>
      withRunContext(
        {
          signal: ac.signal,
          onProgress: (p) => {
            seen.push(p);
            ac.abort(new Error("cancelled by the caller"));
          },
        },
        () => costCurve({ values: heavy.returns } as never, heavy.turnover, heavy.bps),
      );
    expect(run).toThrow("cancelled by the caller");
    expect(seen).toHaveLength(1);
    // 300 levels (0 and the stated 10 bps among them) and 64 bisection passes over 20,000 returns.
    expect(seen[0]!.total).toBe(20_000 * (6 * 300 + 64));
    expect(seen[0]!.progress).toBeLessThan(seen[0]!.total! / 10);
  });
  it("callTool inline: the caller's abort in onProgress ends the call with its reason", async () => {
    const ac = new AbortController();
    const seen: number[] = [];
    const e = await rejection(
      callToolUntyped("check_cost_curve", heavy, {
        mode: "inline",
        signal: ac.signal,
        onProgress: (p) => {
          seen.push(p.progress);
          ac.abort(new Error("cancelled by the caller"));
        },
      }),
    );
    expect((e as Error).message).toBe("cancelled by the caller");
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeLessThan(total / 10);
  });
  it("callTool inline over its time limit: stopped at a check and reported as time_limit", async () => {
    // 1 ms for about 3.8e7 units of work: the first check past the deadline stops it.
    const seen: number[] = [];
    const e = await rejection(
      callToolUntyped("check_cost_curve", heavy, {
        mode: "inline",
        timeLimitMs: 1,
        onProgress: (p) => seen.push(p.progress),
      }),
    );
    expect(e).toBeInstanceOf(LimitError);
    expect((e as LimitError).code).toBe("time_limit");
    expect(seen.every((p) => p < total)).toBe(true);
    expect(UNITS_PER_STEP).toBeLessThan(total);
  });
});

describe("linear sync guards check between their passes", () => {
  // At least UNITS_PER_STEP per pass, so every pass ends at a check.
  const n = UNITS_PER_STEP;
  const days = Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
  );
  const prices = (k: number) => Array.from({ length: n }, (_, i) => 100 + k + Math.sin(i * 0.01));
  const cases: [string, Record<string, unknown>][] = [
    ["check_rf_convention", { returns: wave(n), rf: 0.02 }],
    ["check_leveraged_reset", { index_returns: wave(n), lev: 3 }],
    ["check_adjustment_check", { close: { index: days, values: prices(0) }, actions: [["2000-06-01", 2]] }],
    [
      "check_reconcile_sources",
      { close: { index: days, values: prices(0) }, other: { index: days, values: prices(0.5) } },
    ],
  ];
  it.each(cases)("%s, aborted at its first progress report, stops before the end", async (name, args) => {
    const ac = new AbortController();
    const seen: ProgressEvent[] = [];
    const e = await rejection(
      callToolUntyped(name, args, {
        mode: "inline",
        signal: ac.signal,
        onProgress: (p) => {
          seen.push(p);
          ac.abort(new Error("cancelled by the caller"));
        },
      }),
    );
    expect((e as Error).message).toBe("cancelled by the caller");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.progress).toBeLessThan(seen[0]!.total!);
  });
});
