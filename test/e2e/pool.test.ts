// The worker pool: same outcomes as inline, progress and cancellation across the thread, the
// per-call time limit, and the busy error past the queue.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { callToolUntyped, closePool, runGuard } from "../../src/runtime/index.js";
import { configureLimits, resetLimits } from "../../src/runtime/budget/index.js";
import { InternalToolError, LimitError } from "../../src/runtime/errors.js";
import { spaArgs } from "../server/fixtures.js";
import { invokeGuard } from "../../src/runtime/call.js";
import { poolQueueSize } from "../../src/runtime/pool/pool.js";

afterEach(() => resetLimits());
afterAll(() => closePool());

const returns = Array.from({ length: 20_000 }, (_, i) => Math.sin(i * 0.7) * 0.01 + 0.0004);
const curve = { returns, turnover: 0.2, bps: [0, 5, 10, 20, 50] };

async function failure(p: Promise<unknown>): Promise<InternalToolError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  if (!(e instanceof InternalToolError)) throw new Error(`expected an InternalToolError, got ${String(e)}`);
  return e;
}

describe("pooled calls", () => {
  it("give the same result as inline, with progress from the worker", async () => {
    const inline = (await runGuard("cost_curve", { returns: { values: returns }, turnover: 0.2 }, { mode: "inline" }))
      .evidence;
    const seen: number[] = [];
    const spa = { benchmark_returns: { values: returns.slice(0, 2000) }, model_returns: frame(2000, 3), reps: 400 };
    const pooled = await runGuard("spa_test", spa, { mode: "pooled", onProgress: (p) => seen.push(p.progress) });
    expect(pooled).toEqual(await runGuard("spa_test", spa, { mode: "inline" }));
    const again = await runGuard("cost_curve", { returns: { values: returns }, turnover: 0.2 }, { mode: "pooled" });
    expect(again.evidence).toEqual(inline);
    expect(seen.at(-1)).toBe(400);
  }, 120_000);

  it("a call over its time limit is stopped and reported as time_limit, pooled and inline", async () => {
    const args = spaArgs(2520, 60, 100_000);
    configureLimits({ workBudget: 1e12 });
    const pooled = await failure(callToolUntyped("check_spa_test", args, { mode: "pooled", timeLimitMs: 200 }));
    expect(pooled).toBeInstanceOf(LimitError);
    expect([pooled.code, pooled.message]).toEqual([
      "time_limit",
      "check_spa_test was stopped at the time limit of 200 ms (the per-call time limit); send less data or raise " +
        "the limit (fin-skills-mcp --time-limit)",
    ]);
    const inline = await failure(callToolUntyped("check_spa_test", args, { mode: "inline", timeLimitMs: 200 }));
    expect(inline.code).toBe("time_limit");
    const after = (await callToolUntyped("check_cost_curve", curve, { mode: "pooled" })) as { tool: string };
    expect(after.tool).toBe("check_cost_curve");
  }, 120_000);

  it("the caller's cancellation ends a pooled call with the abort reason", async () => {
    configureLimits({ workBudget: 1e12, timeLimitMs: 0 });
    const controller = new AbortController();
    const call = callToolUntyped("check_spa_test", spaArgs(2520, 60, 100_000), {
      mode: "pooled",
      signal: controller.signal,
      onProgress: () => controller.abort(new Error("stop")),
    });
    await expect(call).rejects.toThrow("stop");
  }, 120_000);

  it("a heavy call past the queue limit gets the busy error; the others run", async () => {
    configureLimits({ workBudget: 1e12, timeLimitMs: 0, poolSize: 1, queueLimit: 1 });
    const controller = new AbortController();
    let running = false;
    const heavy = () =>
      callToolUntyped("check_spa_test", spaArgs(2520, 60, 100_000), {
        signal: controller.signal,
        onProgress: () => (running = true),
      }).catch((e) => e);
    // Each call is admitted before the next is sent: the first runs on the one worker, the second waits.
    const first = heavy();
    await until(() => running);
    const second = heavy();
    await until(() => poolQueueSize() === 1);
    const third = await failure(callToolUntyped("check_spa_test", spaArgs(2520, 60, 100_000)));
    expect(third).toBeInstanceOf(LimitError);
    expect([third.code, third.hint]).toEqual(["busy", "retry after 1 s"]);
    expect(third.message).toBe(
      "busy: check_spa_test needs a worker and all 1 are taken with 1 call(s) waiting (the queue limit); retry " +
        "after 1 s",
    );
    controller.abort(new Error("done"));
    expect(((await first) as Error).message).toBe("done");
    expect(((await second) as Error).message).toBe("done");
    const light = (await callToolUntyped("list_guards", {})) as { guards: unknown[] };
    expect(light.guards.length).toBeGreaterThan(0);
  }, 120_000);
});

/** Gives the event loop turns until `cond` holds (no clock: it waits on events, not on time). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((resolve) => setImmediate(resolve));
}

function frame(n: number, k: number) {
  const columns = Array.from({ length: k }, (_, j) => `m${j}`);
  const data: Record<string, number[]> = {};
  columns.forEach((c, j) => (data[c] = Array.from({ length: n }, (_, i) => Math.sin(i * 0.3 + j) * 0.01)));
  return { columns, data, nrows: n };
}

describe("a pooled call with owned inputs", () => {
  const heavy = (values: Float64Array) => ({ returns: { values }, turnover: 0.2, bps: [0, 5, 10, 20, 50] });
  const data = () => Float64Array.from({ length: 20_000 }, (_, i) => Math.sin(i * 0.7) * 0.01 + 0.0004);
  it("moves their buffers to the worker (detached here); a caller's own arrays are copied", async () => {
    const owned = data();
    const mine = data();
    const settle = (p: Promise<unknown>) =>
      p.then(
        () => "ok",
        (e: Error) => e.message,
      );
    const a = await settle(invokeGuard("cost_curve", heavy(owned), { mode: "pooled" }, true));
    const b = await settle(invokeGuard("cost_curve", heavy(mine), { mode: "pooled" }, false));
    // The worker answered both the same way (with the data it received), and only the owned buffer moved.
    expect(a).toBe(b);
    expect(owned.buffer.byteLength).toBe(0);
    expect(mine.buffer.byteLength).toBe(20_000 * 8);
  }, 60_000);
});
