// Noise strategies and ledger helpers shared by the research-ledger server tests.
import { mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { expect } from "vitest";
import { NormalStream } from "../../src/lib/random.js";
import { openSqliteStore } from "../../src/ledger/sqlite.js";
import { trial } from "../ledger/trials.js";
import { SERVER_JS } from "./fixtures.js";

/** A fresh temporary ledger file (one per call: test files never share a ledger). */
export function tempLedger(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), "fin-ledger-")), "ledger.sqlite");
}

/** `n` daily returns of a zero-mean noise strategy, 1% daily volatility, seeded. */
export function noise(seed: number, n = 756): number[] {
  const g = new NormalStream(seed);
  return Array.from({ length: n }, () => g.next() * 0.01);
}

/** Annualised Sharpe (252 periods, sample sd) of a return list, as the ledger records it. */
export function sharpe252(xs: readonly number[]): number {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const v = xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
  return (m / Math.sqrt(v)) * Math.sqrt(252);
}

/** The arguments of one check_cost_curve call on a return list. */
export const costArgs = (returns: readonly number[]) => ({ returns, turnover: 0.1 });

type CallResult = { isError?: boolean; content?: unknown; structuredContent?: Record<string, any> };

/** Runs `body` with a real MCP SDK client connected over stdio to `command args` (its environment: `env`). */
export async function withStdioClient<T>(
  launch: { command: string; args: string[]; env?: Record<string, string> },
  body: (c: Client) => Promise<T>,
): Promise<T> {
  const client = new Client({ name: "ledger-test", version: "1" });
  const env = launch.env ?? (process.env as Record<string, string>);
  await client.connect(new StdioClientTransport({ command: launch.command, args: launch.args, env }));
  try {
    return await body(client);
  } finally {
    await client.close();
  }
}

/** Runs `body` with a real MCP SDK client connected over stdio to the built server started with `args`. */
export function withServer<T>(args: string[], body: (c: Client) => Promise<T>): Promise<T> {
  return withStdioClient({ command: process.execPath, args: [SERVER_JS, ...args] }, body);
}

/** A SQLite ledger at `file` (its folder made) holding `count` trials of the default ledger, closed. */
export async function seededLedger(file: string, count: number): Promise<string> {
  mkdirSync(path.dirname(file), { recursive: true });
  const store = await openSqliteStore(file);
  await store.record(
    "default",
    Array.from({ length: count }, (_, i) => trial(i)),
  );
  await store.close();
  return file;
}

/** A tool call that must succeed (the failure message carries the reply); its structured content. */
export async function callOk(c: Client, name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const r = (await c.callTool({ name, arguments: args })) as CallResult;
  expect(r.isError, JSON.stringify(r.content ?? r).slice(0, 1500)).toBeFalsy();
  return r.structuredContent!;
}
