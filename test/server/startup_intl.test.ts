// The server's start (initialize, then tools/list) uses no locale-aware formatting: the first such use in
// a process loads ICU's data, 20-30 ms of a cold start (numbers are grouped by src/lib/grouped.ts instead).
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_JS, ensureBuilt } from "./fixtures.js";

const WATCH = path.join(import.meta.dirname, "../helpers/intl_watch.cjs");

/** The server's stderr from start to exit, after initialize and tools/list have been answered. */
function startAndList(): Promise<{ stderr: string; listed: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--require", WATCH, SERVER_JS], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('"id":2')) child.stdin.end();
    });
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("exit", () => resolve({ stderr, listed: stdout.includes('"id":2') && stdout.includes('"tools"') }));
    const init = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "0" } };
    for (const m of [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: init },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
    ])
      child.stdin.write(`${JSON.stringify(m)}\n`);
  });
}

describe("start-up without ICU", () => {
  it("answers initialize and tools/list without locale-aware formatting", async () => {
    ensureBuilt();
    const { stderr, listed } = await startAndList();
    expect(listed).toBe(true);
    expect(stderr.split("\n").filter((l) => l.startsWith("intl: "))).toEqual([]);
  });

  it("the watch sees a use (it can fail)", async () => {
    const child = spawn(process.execPath, ["--require", WATCH, "-e", "(1234).toLocaleString('en-US')"]);
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    await new Promise((r) => child.on("exit", r));
    expect(stderr).toBe("intl: Number.prototype.toLocaleString\n");
  });
});
