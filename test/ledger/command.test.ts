// `fin-skills ledger`: show, export as CSV and JSON, and a reset that needs its flag and is recorded.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ledgerCommand } from "../../src/cli/ledger_command.js";
import { UsageError } from "../../src/cli/usage_error.js";
import { openSqliteStore } from "../../src/ledger/sqlite.js";

const base = { tool: "check_cost_curve", input: "returns", nObs: 252, periodsPerYear: 252, mean: 0.001 };
const trial = (fingerprint: string, sharpeAnnual: number, experiment: string | null) => ({
  ...base,
  fingerprint,
  experiment,
  sd: 0.01,
  skew: -0.5,
  kurtosis: 4,
  sharpeAnnual,
  recordedAt: "2026-01-02T00:00:00.000Z",
});

async function ledgerFile(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "fin-ledger-cmd-")), "l.sqlite");
  const store = await openSqliteStore(file);
  await store.record("default", [trial("a1", 0.5, "grid"), trial("b2", 1.5, null), trial("c3", 1, "grid")]);
  await store.close();
  return file;
}

describe("fin-skills ledger", () => {
  it("shows the count, experiments and Sharpe quantiles, and exports CSV and JSON", async () => {
    const file = await ledgerFile();
    const shown = await ledgerCommand(["show", "--ledger", file]);
    expect(shown).toContain("trials: 3 since 2026-01-02T00:00:00.000Z");
    expect(shown).toContain("experiments: grid 2, (none) 1");
    expect(shown).toContain("min 0.500, p25 1.000, median 1.000, p75 1.500, max 1.500");
    const csv = (await ledgerCommand(["export", "--ledger", file, "--experiment", "grid"])).trim().split("\n");
    expect(csv[0]).toBe(
      "fingerprint,tool,input,experiment,nObs,periodsPerYear,mean,sd,skew,kurtosis,sharpeAnnual,recordedAt," +
        "flagged,retractedAt,retractionReason",
    );
    expect(csv.slice(1)).toEqual([
      "a1,check_cost_curve,returns,grid,252,252,0.001,0.01,-0.5,4,0.5,2026-01-02T00:00:00.000Z,,,",
      "c3,check_cost_curve,returns,grid,252,252,0.001,0.01,-0.5,4,1,2026-01-02T00:00:00.000Z,,,",
    ]);
    const json = JSON.parse(await ledgerCommand(["export", "--ledger", file, "--format", "json"]));
    expect(json.map((t: { fingerprint: string }) => t.fingerprint)).toEqual(["a1", "b2", "c3"]);
  });

  it("resets only with --yes-reset-ledger, and records the reset", async () => {
    const file = await ledgerFile();
    await expect(ledgerCommand(["reset", "--ledger", file])).rejects.toThrow(UsageError);
    expect(await ledgerCommand(["reset", "--ledger", file, "--yes-reset-ledger", "--reason", "new study"])).toContain(
      "new study",
    );
    const shown = await ledgerCommand(["show", "--ledger", file]);
    expect(shown).toContain("trials: 0 since -");
    expect(shown).toMatch(/resets: \S+ \(new study\)/);
  });
});
