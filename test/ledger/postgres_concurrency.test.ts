// Concurrent writers on one PostgreSQL ledger, as separate processes (the replicas' case): nothing is lost,
// nothing is doubled, and a writer killed mid-run loses no trial it saw committed.
import { afterAll, beforeAll, expect, it } from "vitest";
import { openPostgresStore } from "../../src/ledger/postgres.js";
import type { LedgerStore } from "../../src/ledger/store.js";
import { describeWithPostgres, startPostgres, type TestPostgres } from "../helpers/postgres.js";
import { fingerprintOf } from "./trials.js";
import { finished, startWriters } from "./writers.js";

// Generous limits against hangs on a loaded machine (nothing here asserts on time).
const SLOW = { timeout: 600_000 };

describeWithPostgres("PostgreSQL ledger under concurrent writer processes", (bin) => {
  let pg: TestPostgres;
  let store: LedgerStore;
  beforeAll(async () => {
    pg = await startPostgres(bin);
    store = await openPostgresStore(pg.url);
  });
  afterAll(async () => {
    await store?.close();
    pg?.stop();
  });
  const job = (ledger: string, mode: "distinct" | "same", calls: number) => ({
    kind: "postgres" as const,
    location: pg.url,
    ledger,
    mode,
    calls,
  });

  it("8 processes x 500 calls on distinct trials record exactly 4,000", SLOW, async () => {
    const lines = await finished(await startWriters(job("distinct", "distinct", 500), 8));
    expect(lines.map((l) => l.length)).toEqual(Array(8).fill(500));
    expect(lines.flat().every((l) => l.startsWith("1 "))).toBe(true);
    const sum = await store.summary("distinct");
    expect(sum.count).toBe(4000);
    const fingerprints = new Set((await store.list("distinct")).map((t) => t.fingerprint));
    expect(fingerprints).toEqual(new Set(Array.from({ length: 4000 }, (_, i) => fingerprintOf(i))));
  });

  it("the same trial from 8 processes is recorded exactly once, and exactly one call saw it new", SLOW, async () => {
    const lines = await finished(await startWriters(job("same", "same", 50), 8));
    const added = lines.flat().map((l) => Number(l.split(" ")[0]));
    expect([added.length, added.reduce((a, b) => a + b, 0)]).toEqual([400, 1]);
    expect((await store.list("same")).map((t) => t.fingerprint)).toEqual([fingerprintOf(0)]);
  });

  it("a writer killed (SIGKILL) mid-run loses no trial it saw committed", SLOW, async () => {
    const [writer] = await startWriters(job("killed", "distinct", 100_000), 1);
    if (!writer) throw new Error("no writer started");
    await writer.linesSeen(300);
    writer.child.kill("SIGKILL");
    expect(await writer.exited).toBe("SIGKILL");
    const committed = writer.lines.map((l) => l.split(" ")[1]);
    const recorded = new Set((await store.list("killed")).map((t) => t.fingerprint));
    expect(committed.length).toBeGreaterThanOrEqual(300);
    expect(committed.filter((f) => !recorded.has(f as string))).toEqual([]);
    expect(recorded.size - committed.length).toBeLessThanOrEqual(1);
  });
});
