// Kept returns in every backend (SQLite and PostgreSQL alike): written with the trial, read back exactly for
// the trials counted now, one row per series across epochs, the budget shrinking by what was kept, and the
// trials without returns counted; `ledger export --with-returns` prints them.
import { afterEach, expect, it } from "vitest";
import { ledgerCommand } from "../../src/cli/ledger_command.js";
import { encodedBytes, encodeReturns, RETURNS_BUDGET_BYTES } from "../../src/ledger/returns.js";
import type { LedgerStore } from "../../src/ledger/store.js";
import { BACKENDS } from "./backends.js";
import { trial } from "./trials.js";

const days = (n: number) =>
  Array.from({ length: n }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10));
const values = (k: number, n: number) => Array.from({ length: n }, (_, i) => Math.sin(i * (k + 1)) / 100);

for (const describeBackend of BACKENDS)
  describeBackend("kept returns", (backend) => {
    const opened: LedgerStore[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.close()));
    });

    it("reads back the returns of the trials counted now, exactly, and counts those without", async () => {
      const location = await backend.fresh();
      const s = await backend.open(location);
      opened.push(s);
      const a = encodeReturns(values(1, 30), days(30));
      const b = encodeReturns(values(2, 40), undefined);
      expect(await s.returnsRoom("L")).toBe(RETURNS_BUDGET_BYTES);
      expect(await s.record("L", [trial(1, { returns: a }), trial(2), trial(3, { returns: b })])).toBe(3);
      const kept = await s.returns("L");
      expect(kept.without).toBe(1);
      expect(kept.series.map((r) => r.fingerprint)).toEqual([trial(1).fingerprint, trial(3).fingerprint]);
      expect(Array.from(kept.series[0]!.values)).toEqual(values(1, 30));
      expect(kept.series[0]!.index).toEqual(days(30));
      expect(kept.series[1]!.index).toBe(null);
      expect(kept.series[1]).toMatchObject({ total: 40, sharpeAnnual: trial(3).sharpeAnnual, periodsPerYear: 252 });
      expect(await s.returnsRoom("L")).toBe(RETURNS_BUDGET_BYTES - encodedBytes(a) - encodedBytes(b));
      // The list of trials is as before: statistics only.
      expect((await s.list("L"))[0]).toEqual(trial(1));
      // After a reset the same series counts again and its returns are read from the one row kept.
      await s.reset("L", "test");
      expect((await s.returns("L")).series).toEqual([]);
      expect(await s.record("L", [trial(1, { returns: a })])).toBe(1);
      expect((await s.returns("L")).series.length).toBe(1);
      expect(await s.returnsRoom("L")).toBe(RETURNS_BUDGET_BYTES - encodedBytes(a) - encodedBytes(b));

      // The command line opens a postgres ledger through the built module only; its export is the same code.
      if (backend.kind !== "sqlite") return;
      const json = JSON.parse(
        await ledgerCommand(["export", "--ledger", location, "--name", "L", "--format", "json", "--with-returns"]),
      );
      expect(json[0].returns).toEqual({ total: 30, index: days(30), values: values(1, 30) });
      const csv = (await ledgerCommand(["export", "--ledger", location, "--name", "L", "--with-returns"]))
        .trim()
        .split("\n");
      expect(csv[0]!.endsWith(",returns_total,returns_index,returns_values")).toBe(true);
      expect(csv[1]).toContain(`,30,"${JSON.stringify(days(30)).replaceAll('"', '""')}",`);
    });
  });
