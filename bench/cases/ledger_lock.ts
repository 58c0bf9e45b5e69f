// A light call while another process holds the SQLite ledger's write lock (BEGIN EXCLUSIVE) for 12 s
// (#48 item 4): list_guards round trips, one after another, over stdio and from a second HTTP client, while
// recording calls (check_cost_curve, each a new strategy) keep waiting for the lock and warn at the busy
// timeout. The busy wait runs off the server's event loop, so the light calls' p99 stays that of a light call.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { openSqliteStore } from "../../src/ledger/sqlite.js";
import type { Row } from "../report.js";
import { post, startHttpServer } from "../lib/http_server.js";
import { StdioClient } from "../lib/mcp.js";
import { spread } from "../lib/stats.js";

/** How long the other process holds the lock (ms). */
const LOCK_MS = 12_000;

const callText = (id: number, name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
/** A distinct 504-day strategy per `i`. */
const strategy = (i: number) => ({
  returns: Array.from({ length: 504 }, (_, t) => Math.sin(t * 0.37 + i) * 0.01 + i * 1e-6),
  turnover: 0.1,
});

/** A fresh ledger file, opened once (schema, WAL) and closed. */
async function freshLedger(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "fin-bench-lock-")), "ledger.sqlite");
  await (await openSqliteStore(file)).close();
  return file;
}

/**
 * Holds the lock for LOCK_MS while `record` is called back to back (each waits for the lock) and `light`
 * one after another; the light calls' latencies, and the recording calls that answered and warned.
 */
async function duringLock(
  file: string,
  light: () => Promise<string>,
  record: (i: number) => Promise<string>,
): Promise<{ latencies: number[]; recordings: number; warned: number }> {
  const holder = new Database(file);
  holder.exec("BEGIN EXCLUSIVE");
  const until = performance.now() + LOCK_MS;
  let recordings = 0;
  let warned = 0;
  const recorder = (async () => {
    for (let i = 0; performance.now() < until; i++) {
      const reply = await record(i);
      recordings++;
      if (reply.includes("database is locked")) warned++;
    }
  })();
  const latencies: number[] = [];
  try {
    while (performance.now() < until) {
      const t = performance.now();
      const reply = await light();
      latencies.push(performance.now() - t);
      if (!reply.includes("check_trial_ledger")) throw new Error(`list_guards failed: ${reply.slice(0, 300)}`);
    }
  } finally {
    holder.exec("ROLLBACK");
    holder.close();
  }
  await recorder;
  return { latencies, recordings, warned };
}

function row(transport: string, r: Awaited<ReturnType<typeof duringLock>>): Row {
  const s = spread(r.latencies);
  return {
    case: "3 ledger",
    label: `${transport}: list_guards during a ${LOCK_MS / 1000} s exclusive lock on the ledger (p99)`,
    unit: "ms",
    value: s.p99,
    spread: s,
    target: 50,
    note:
      `${r.latencies.length} light calls, median ${s.median.toFixed(2)} ms, max ${s.max.toFixed(1)} ms; ` +
      `${r.recordings} recording call(s) answered meanwhile, ${r.warned} warning that the ledger is locked`,
  };
}

async function overStdio(): Promise<Row> {
  const file = await freshLedger();
  const client = new StdioClient(["--ledger", file]);
  try {
    await client.initialize();
    await client.request("tools/call", { name: "list_trials", arguments: {} });
    const ask = async (name: string, args: Record<string, unknown>) =>
      JSON.stringify(await client.request("tools/call", { name, arguments: args }));
    return row(
      "stdio",
      await duringLock(
        file,
        () => ask("list_guards", {}),
        (i) => ask("check_cost_curve", strategy(i)),
      ),
    );
  } finally {
    await client.close();
  }
}

async function overHttp(): Promise<Row> {
  const file = await freshLedger();
  const server = await startHttpServer(["--ledger", file]);
  try {
    await post(server.url, callText(1, "list_trials", {}));
    return row(
      "HTTP",
      await duringLock(
        file,
        () => post(server.url, callText(2, "list_guards", {})),
        (i) => post(server.url, callText(3, "check_cost_curve", strategy(i))),
      ),
    );
  } finally {
    server.close();
  }
}

export async function ledgerLock(): Promise<Row[]> {
  return [await overStdio(), await overHttp()];
}
