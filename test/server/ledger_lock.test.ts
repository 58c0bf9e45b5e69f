// A locked ledger stalls only the calls that need it (#48 item 4): another process holds the SQLite
// ledger's write lock (BEGIN EXCLUSIVE) while the real stdio and HTTP servers take recording calls and
// light ones. The busy wait runs off the event loop (src/ledger/sqlite_busy.ts), so light calls keep
// answering while the lock is held and the recording calls wait; each recording call, waiting side by side
// with the other, warns that its trial was not recorded, and once the lock is freed the next one records.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { SERVER_JS } from "./fixtures.js";
import { startHttp, type HttpChild } from "./http_child.js";
import { callOk, costArgs, noise, seededLedger } from "./ledger_fixtures.js";

type Obj = Record<string, any>;
const dir = mkdtempSync(path.join(os.tmpdir(), "fin-ledger-lock-"));
const SEEDED = 3;
/** Light calls that must answer while the recording calls wait: a server whose event loop sits in the busy
 * wait answers none after the wait starts (at most the one or two it took before). */
const LIGHT_WHILE_LOCKED = 10;

const call = callOk;
const seeded = (name: string) => seededLedger(path.join(dir, name, "ledger.sqlite"), SEEDED);

/**
 * With the ledger at `file` locked by another connection: two recording calls from `recorder` (and
 * `recorder2`), and light calls (list_guards) from `light` one after another until both recording calls
 * have answered. Returns the recording results and how many light calls answered while they waited.
 */
async function duringLock(file: string, recorder: Client, recorder2: Client, light: Client) {
  const holder = new Database(file);
  try {
    holder.exec("BEGIN EXCLUSIVE");
    let pending = 2;
    const settle = (p: Promise<Obj>) => p.finally(() => pending--);
    const recorded = Promise.all([
      settle(call(recorder, "check_cost_curve", costArgs(noise(501)))),
      settle(call(recorder2, "check_cost_curve", costArgs(noise(502)))),
    ]);
    let lightAnswers = 0;
    while (pending > 0) {
      const guards = await call(light, "list_guards", {});
      expect(JSON.stringify(guards)).toContain("check_trial_ledger");
      // Counted only while the lock is still held and both recording calls still wait.
      if (pending === 2 && holder.inTransaction) lightAnswers++;
    }
    return { results: await recorded, lightAnswers };
  } finally {
    if (holder.inTransaction) holder.exec("ROLLBACK");
    holder.close();
  }
}

function expectLockedThenFree(results: Obj[], lightAnswers: number): void {
  expect(lightAnswers).toBeGreaterThanOrEqual(LIGHT_WHILE_LOCKED);
  for (const r of results) {
    expect(r.evidence.breakeven_bps).toEqual(expect.any(Number));
    const w = (r.findings as Obj[]).filter((f) => f.where === "ledger");
    expect(w.map((f) => f.severity)).toEqual(["warning"]);
    expect(w[0]!.message).toContain("could not record (database is locked)");
    expect(w[0]!.message).toContain("this call's 1 trial(s) were not recorded");
  }
}

async function afterRelease(c: Client): Promise<void> {
  const again = await call(c, "check_cost_curve", costArgs(noise(501)));
  expect(again.provenance.ledger).toMatchObject({ trials: 1, recorded: 1 });
  expect((await call(c, "list_trials", {})).count).toBe(SEEDED + 1);
}

describe("a ledger locked by another process, over stdio", () => {
  let file: string;
  let client: Client;
  beforeAll(async () => {
    file = await seeded("stdio");
    client = new Client({ name: "ledger-lock", version: "1" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER_JS, "--ledger", file] }));
    expect((await call(client, "list_trials", {})).count).toBe(SEEDED);
  });
  afterAll(async () => client.close());

  it("light calls answer while recording calls wait for the lock; both recording calls warn", async () => {
    const { results, lightAnswers } = await duringLock(file, client, client, client);
    expectLockedThenFree(results, lightAnswers);
    await afterRelease(client);
  });
});

describe("a ledger locked by another process, over HTTP", () => {
  let file: string;
  let server: HttpChild;
  const clients: Client[] = [];
  const connect = async () => {
    const c = new Client({ name: `ledger-lock-${clients.length}`, version: "1" });
    await c.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    clients.push(c);
    return c;
  };
  beforeAll(async () => {
    file = await seeded("http");
    server = await startHttp(["--ledger", file]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await server.close();
  });

  it("another client's light calls answer while two clients' recording calls wait; both warn", async () => {
    const [a, b, light] = [await connect(), await connect(), await connect()];
    expect((await call(light, "list_trials", {})).count).toBe(SEEDED);
    const { results, lightAnswers } = await duringLock(file, a, b, light);
    expectLockedThenFree(results, lightAnswers);
    await afterRelease(a);
  });
});
