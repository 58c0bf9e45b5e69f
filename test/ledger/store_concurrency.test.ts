// Concurrent writer processes on one ledger, for every backend (PostgreSQL is the replicas' case): nothing
// is lost, nothing is doubled, a writer killed mid-run loses no trial it saw committed, and after each run
// the ledger's hash chain verifies: one position per trial, no fork, the head at the count.
import { afterEach, expect, it } from "vitest";
import type { LedgerStore } from "../../src/ledger/store.js";
import { BACKENDS } from "./backends.js";
import { fingerprintOf } from "./trials.js";
import { finished, startWriters, type WriterJob } from "./writers.js";

/** The chain of ledger "L" verifies, with one position per recorded trial, and the summary's digest covers its head. */
async function expectChainIntact(store: LedgerStore, trials: number): Promise<void> {
  const report = await store.verify("L");
  expect(report.problems).toEqual([]);
  expect([report.rows, report.head?.seq]).toEqual([trials, trials]);
  expect((await store.summary("L")).chainHead).toBe(report.head?.hash);
}

// Generous limits against hangs on a loaded machine (nothing here asserts on time).
const SLOW = { timeout: 600_000 };

for (const describeBackend of BACKENDS) {
  describeBackend("ledger under concurrent writer processes", (backend) => {
    let store: LedgerStore | undefined;
    afterEach(async () => {
      await store?.close();
      store = undefined;
    });
    /** A fresh ledger location, the job that writes to it, and a store open on it. */
    const setup = async (mode: WriterJob["mode"], calls: number) => {
      const location = await backend.fresh();
      store = await backend.open(location);
      return { kind: backend.kind, location, ledger: "L", mode, calls };
    };

    it("8 processes x 500 calls on distinct trials record exactly 4,000", SLOW, async () => {
      const lines = await finished(await startWriters(await setup("distinct", 500), 8));
      expect(lines.map((l) => l.length)).toEqual(Array(8).fill(500));
      expect(lines.flat().every((l) => l.startsWith("1 "))).toBe(true);
      const s = store as LedgerStore;
      expect((await s.summary("L")).count).toBe(4000);
      const fingerprints = new Set((await s.list("L")).map((t) => t.fingerprint));
      expect(fingerprints).toEqual(new Set(Array.from({ length: 4000 }, (_, i) => fingerprintOf(i))));
      await expectChainIntact(s, 4000);
    });

    it("the same trial from 8 processes is recorded exactly once, and exactly one call saw it new", SLOW, async () => {
      const lines = await finished(await startWriters(await setup("same", 50), 8));
      const added = lines.flat().map((l) => Number(l.split(" ")[0]));
      expect([added.length, added.reduce((a, b) => a + b, 0)]).toEqual([400, 1]);
      expect(((await store?.list("L")) ?? []).map((t) => t.fingerprint)).toEqual([fingerprintOf(0)]);
      await expectChainIntact(store as LedgerStore, 1);
    });

    it("a writer killed (SIGKILL) mid-run loses no trial it saw committed", SLOW, async () => {
      const [writer] = await startWriters(await setup("distinct", 100_000), 1);
      if (!writer) throw new Error("no writer started");
      await writer.linesSeen(300);
      writer.child.kill("SIGKILL");
      expect(await writer.exited).toBe("SIGKILL");
      const committed = writer.lines.map((l) => l.split(" ")[1]);
      const recorded = new Set(((await store?.list("L")) ?? []).map((t) => t.fingerprint));
      expect(committed.length).toBeGreaterThanOrEqual(300);
      expect(committed.filter((f) => !recorded.has(f as string))).toEqual([]);
      expect(recorded.size - committed.length).toBeLessThanOrEqual(1);
      await expectChainIntact(store as LedgerStore, recorded.size);
    });
  });
}
