// Only what a guard evaluated is a trial: a call refused as bad input records nothing, whether the guard
// reads the ledger or not; a guard that reads it still counts its own call's new trials in its verdict.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { poolLoaded } from "../../src/runtime/call.js";
import { callToolUntyped, closeLedger, closePool, configureLedger } from "../../src/runtime/index.js";
import { returns } from "../runtime/files/fixtures.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "fin-ledger-tried-"));
afterAll(async () => {
  await configureLedger({ ledger: null });
  await closePool();
});

/** The named ledger's count, as list_trials gives it. */
const count = async () => ((await callToolUntyped("list_trials", {})) as any).count as number;
/** A frame of candidate columns (seeds), `rows` long. */
const frame = (seeds: number[], rows = 64) => {
  const cols = seeds.map((s) => returns(rows, s));
  return { columns: seeds.map((s) => `m${s}`), data: cols[0]!.map((_, i) => cols.map((c) => c[i])) };
};
const audit = (model: unknown, n_blocks = 8) => ({
  best_sharpe: 1,
  n_obs: 64,
  n_trials: 2,
  model_returns: model,
  n_blocks,
});

describe("counting what was tried", () => {
  it("records nothing for a refused call; a ledger-reading guard counts its own new trials", async () => {
    await configureLedger({ ledger: path.join(dir, "a.sqlite") });
    await callToolUntyped("check_cost_curve", { returns: returns(60, 1), turnover: 0.1 });
    const holed: (number | null)[] = [...returns(60, 2)];
    holed[10] = null; // a missing value
    await expect(callToolUntyped("check_cost_curve", { returns: holed, turnover: 0.1 })).rejects.toThrow(
      /returns\/values\/10/,
    );
    expect(await count()).toBe(1);
    // research_audit reads the ledger: 48 rows are fewer than n_blocks 64, a refusal after decoding.
    await expect(callToolUntyped("check_research_audit", audit(frame([3, 4], 48), 64))).rejects.toThrow(/n_blocks/);
    expect(await count()).toBe(1);
    const r = (await callToolUntyped("check_research_audit", audit(frame([3, 4])))) as any;
    expect(r.provenance.ledger).toMatchObject({ trials: 2, recorded: 2, count: 3 });
    expect(await count()).toBe(3);
    await closeLedger();
  });

  it("records a pooled frame flagged as percent as its corrected columns; the decimal retry adds none", async () => {
    await configureLedger({ ledger: path.join(dir, "b.sqlite") });
    const decimals = frame([5, 6, 7], 2000); // 2,000 rows x 400 reps: priced above the pool's threshold
    const percent = { ...decimals, data: decimals.data.map((row) => row.map((x) => x * 100)) };
    const spa = (model: unknown, mode: "pooled" | "inline") =>
      callToolUntyped(
        "check_spa_test",
        { benchmark_returns: returns(2000, 9), model_returns: model, reps: 400 },
        { mode },
      ) as any;
    const first = await spa(percent, "pooled");
    expect(poolLoaded()).toBe(true);
    expect(first.findings.some((f: any) => f.severity === "error" && f.where === "model_returns")).toBe(true);
    expect(first.provenance.ledger).toMatchObject({ trials: 3, recorded: 3 });
    const retry = await spa(decimals, "inline");
    expect(retry.provenance.ledger).toMatchObject({ trials: 3, recorded: 0 });
    expect(await callToolUntyped("list_trials", {})).toMatchObject({ count: 3, flagged: 3 });
    await closeLedger();
  });
});
