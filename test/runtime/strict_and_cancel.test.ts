// openai-strict arguments give the ordinary result (item 16); a cancelled call stops (§4.7).
import { describe, expect, it } from "vitest";
import { callToolUntyped } from "../../src/runtime/index.js";
import { spaArgs } from "../server/fixtures.js";

describe("strict-form arguments", () => {
  it("cost_curve with explicit nulls and a null-padded series object equals the ordinary call", async () => {
    const values = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? -0.004 : 0.003));
    const ordinary: any = await callToolUntyped("check_cost_curve", {
      returns: { values },
      turnover: 0.3,
      cost_bps: 10,
    });
    const strict: any = await callToolUntyped("check_cost_curve", {
      returns: { index: null, values, name: null, dtype: null, freq: null },
      turnover: 0.3,
      bps: null,
      cost_bps: 10,
      benchmark: null,
      periods_per_year: null,
    });
    expect(strict.passed).toBe(ordinary.passed);
    expect(strict.findings).toEqual(ordinary.findings);
    expect(strict.evidence).toEqual(ordinary.evidence);
  });
});

describe("cancellation", () => {
  it("rejects with the abort reason long before the guard would finish, with progress reported", async () => {
    const ac = new AbortController();
    const seen: number[] = [];
    let abortedAt = 0;
    const onProgress = (p: { progress: number }) => {
      seen.push(p.progress);
      if (!abortedAt) {
        abortedAt = performance.now();
        ac.abort();
      }
    };
    const e = await callToolUntyped("check_spa_test", spaArgs(2520, 100, 100_000), {
      signal: ac.signal,
      onProgress,
      workBudget: Number.POSITIVE_INFINITY,
    }).catch((x) => x);
    expect(e).toBeInstanceOf(DOMException);
    expect((e as DOMException).name).toBe("AbortError");
    expect(abortedAt).toBeGreaterThan(0);
    expect(seen.length).toBe(1);
  }, 30_000);
  it("an already-aborted signal never starts the guard", async () => {
    const e = await callToolUntyped(
      "check_rf_convention",
      { returns: [0.01, -0.01, 0.02], rf: 0.05 },
      { signal: AbortSignal.abort(new Error("stop")) },
    ).catch((x) => x);
    expect((e as Error).message).toBe("stop");
  });
});
