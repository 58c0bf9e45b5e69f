// The ledger in the call path: one trial per series however it is sent, one per column of a frame of
// candidates, none for benchmarks; a corrupt ledger warns and the guard still answers.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { callToolUntyped, closeLedger, closePool, configureLedger } from "../../src/runtime/index.js";
import { dates, returns, writeCsv } from "../runtime/files/fixtures.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "fin-ledger-call-"));
afterAll(async () => {
  await configureLedger({ ledger: null });
  await closePool();
});

const ledgerOf = (r: Record<string, any>) => r.provenance.ledger;
/** The count the named ledger gives check_trial_ledger. */
const count = async (name: string) =>
  ledgerOf(await callToolUntyped("check_trial_ledger", { best_sharpe: 1, n_obs: 500, n_trials: 1 }, { ledger: name }))
    .count;

describe("recording in the call path", () => {
  it("counts a series sent inline and by file reference as one trial; a benchmark series is one too", async () => {
    await configureLedger({ ledger: path.join(dir, "a.sqlite") });
    const idx = dates(120);
    const r = returns(120);
    writeCsv(path.join(dir, "s.csv"), ["date", "strategy"], [idx, r]);
    const inline = await callToolUntyped(
      "check_cost_curve",
      {
        returns: { index: idx, values: r },
        turnover: 0.2,
        benchmark: { index: idx, values: returns(120, 99) },
      },
      { ledger: "files" },
    );
    // The benchmark's annualised return is in the result (hurdle_ann_return): it was evaluated, so it counts.
    expect(ledgerOf(inline)).toMatchObject({ name: "files", trials: 2, recorded: 2 });
    const byFile = await callToolUntyped(
      "check_cost_curve",
      { returns: { file: "s.csv", column: "strategy", index: "date" }, turnover: 0.2 },
      { dataDirs: [dir], ledger: "files" },
    );
    expect(ledgerOf(byFile)).toMatchObject({ trials: 1, recorded: 0 });
    expect(await count("files")).toBe(2);
  });

  it("records one trial per column of spa_test's candidates, under the call's experiment", async () => {
    await configureLedger({ ledger: path.join(dir, "b.sqlite"), name: "study" });
    const cols = [returns(60, 1), returns(60, 2), returns(60, 3)];
    const model = { columns: ["m1", "m2", "m3"], data: cols[0]!.map((_, i) => cols.map((c) => c[i])) };
    const r = await callToolUntyped("check_spa_test", {
      benchmark_returns: returns(60, 4),
      model_returns: model,
      reps: 50,
      experiment: "grid",
    });
    expect(ledgerOf(r)).toMatchObject({ name: "study", experiment: "grid", trials: 3, recorded: 3 });
    expect(await count("study")).toBe(3);
  });

  it("records a pooled guard's trials once it answered: the same as inline, none when it was stopped", async () => {
    await configureLedger({ ledger: path.join(dir, "pooled.sqlite") });
    const frame = (seed: number) => {
      const cols = [returns(2000, seed), returns(2000, seed + 1), returns(2000, seed + 2)];
      return { columns: ["m1", "m2", "m3"], data: cols[0]!.map((_, i) => cols.map((c) => c[i])) };
    };
    const args = (seed: number, reps: number) => ({
      benchmark_returns: returns(2000, 9),
      model_returns: frame(seed),
      reps,
    });
    const pooled = await callToolUntyped("check_spa_test", args(10, 400), { mode: "pooled", ledger: "pooled" });
    expect(ledgerOf(pooled)).toMatchObject({ trials: 3, recorded: 3 });
    const inline = await callToolUntyped("check_spa_test", args(10, 400), { mode: "inline", ledger: "pooled" });
    expect(ledgerOf(inline)).toMatchObject({ trials: 3, recorded: 0 });
    const stopped = callToolUntyped("check_spa_test", args(20, 100_000), {
      mode: "pooled",
      timeLimitMs: 50,
      ledger: "pooled",
    });
    await expect(stopped).rejects.toMatchObject({ code: "time_limit" });
    // Stopped at its time limit, the guard revealed nothing: its 3 strategies were not evaluated.
    expect(await count("pooled")).toBe(3);
  }, 120_000);

  it("answers with a warning naming the ledger when its file is corrupt", async () => {
    const bad = path.join(dir, "corrupt.sqlite");
    writeFileSync(bad, "this is not a SQLite database, it is text".repeat(200));
    await configureLedger({ ledger: bad });
    const r = (await callToolUntyped("check_cost_curve", { returns: returns(60), turnover: 0.1 })) as any;
    const w = r.findings.find((f: any) => f.where === "ledger");
    expect(w.severity).toBe("warning");
    expect(w.message).toContain(`research ledger ${bad} could not be opened`);
    expect(w.message).toContain("1 trial(s) were not recorded");
    expect(r.evidence.breakeven_bps).toEqual(expect.any(Number));
    const t = (await callToolUntyped("check_trial_ledger", { best_sharpe: 1, n_obs: 500, n_trials: 4 })) as any;
    expect(t.evidence.n_trials).toBe(4);
    expect(t.evidence.n_trials_source).toBe("declared");
    expect(t.findings.map((f: any) => f.message).join("\n")).toContain("the trial count 4 is self-declared");
    await closeLedger();
  });
});
