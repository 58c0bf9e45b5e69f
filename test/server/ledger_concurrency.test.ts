// The SQLite ledger under concurrent writers: 8 stdio servers on one file, each answering 500 pipelined
// calls, lose and double nothing; a killed server loses no trial it had answered for.
import { describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/ledger/sqlite.js";
import { RawServer, type Reply } from "./raw_stdio.js";
import { costArgs, noise, tempLedger } from "./ledger_fixtures.js";

const SERVERS = 8;
const CALLS = 500;

/** Starts a server on `ledger`, sends every call at once, and resolves to the replies in order. */
async function burst(ledger: string, calls: Record<string, unknown>[], keep = false) {
  const server = new RawServer(["--ledger", ledger]);
  await server.initialize();
  const pending = calls.map((args, i) => {
    const id = `c${i}`;
    server.send({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "check_cost_curve", arguments: args } });
    return server.next((r) => r.id === id);
  });
  const replies = await Promise.all(pending);
  if (!keep) await server.end();
  return { server, replies };
}

/** The ledger warnings in a set of replies (none expected: every trial was written). */
const ledgerWarnings = (replies: Reply[]) =>
  replies.flatMap((r) => r.result.structuredContent.findings.filter((f: { where: string }) => f.where === "ledger"));

/** The ledger's count, after asserting its hash chain verifies with one position per trial. */
async function count(ledger: string, name: string): Promise<number> {
  const store = await openSqliteStore(ledger);
  try {
    const { count } = await store.summary(name);
    const chain = await store.verify(name);
    expect([chain.problems, chain.head?.seq]).toEqual([[], count]);
    return count;
  } finally {
    await store.close();
  }
}

describe("SQLite ledger, concurrent writers", () => {
  it(`${SERVERS} servers x ${CALLS} calls on distinct series record exactly ${SERVERS * CALLS} trials`, async () => {
    const ledger = tempLedger();
    const runs = await Promise.all(
      Array.from({ length: SERVERS }, (_, p) =>
        burst(
          ledger,
          Array.from({ length: CALLS }, (_, i) => costArgs(noise(p * CALLS + i, 40))),
        ),
      ),
    );
    const replies = runs.flatMap((r) => r.replies);
    expect(replies.filter((r) => r.error !== undefined || r.result?.isError === true)).toEqual([]);
    expect(ledgerWarnings(replies)).toEqual([]);
    expect(replies.reduce((n, r) => n + r.result.structuredContent.provenance.ledger.recorded, 0)).toBe(
      SERVERS * CALLS,
    );
    expect(await count(ledger, "default")).toBe(SERVERS * CALLS);
  }, 300_000);

  it(`the same series from ${SERVERS} servers is one trial`, async () => {
    const ledger = tempLedger();
    const same = costArgs(noise(7, 40));
    const runs = await Promise.all(
      Array.from({ length: SERVERS }, () =>
        burst(
          ledger,
          Array.from({ length: 50 }, () => same),
        ),
      ),
    );
    const replies = runs.flatMap((r) => r.replies);
    expect(ledgerWarnings(replies)).toEqual([]);
    expect(replies.reduce((n, r) => n + r.result.structuredContent.provenance.ledger.recorded, 0)).toBe(1);
    expect(await count(ledger, "default")).toBe(1);
  }, 120_000);

  it("a killed server loses no trial it answered for", async () => {
    const ledger = tempLedger();
    const { server, replies } = await burst(
      ledger,
      Array.from({ length: 60 }, (_, i) => costArgs(noise(90_000 + i, 40))),
      true,
    );
    expect(replies).toHaveLength(60);
    server.child.kill("SIGKILL");
    await server.exited;
    expect(await count(ledger, "default")).toBe(60);
  }, 120_000);
});
