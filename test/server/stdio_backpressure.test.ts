// Replies the client does not read are not buffered without limit: with stdout unread, the server
// stops reading requests, so 8,000 tools/list cost it less than its idle RSS again; once read,
// every request is answered exactly once. Idle is measured warm: after WARM requests served and read
// (V8 sizes its heap to the request rate; a cold server's RSS is not its working size).
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { SERVER_JS } from "./fixtures.js";
import { statusKb } from "./proc_status.js";

const N = 8_000;
const WARM = 500;
const PAUSED = "reading paused";
const CALLED = "list_guards ok";

/** The compiled server over raw pipes, keeping only reply ids (the replies are 8,000 x ~100 KB). */
function start() {
  const child = spawn(process.execPath, [SERVER_JS, "--workers", "0", "--verbose"], { stdio: "pipe" });
  const ids = new Map<string, number>();
  const waiters: (() => void)[] = [];
  let stderr = "";
  let tail = "";
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (text: string) => {
    const lines = (tail + text).split("\n");
    tail = lines.pop()!;
    for (const line of lines) {
      const id = /"id":("[^"]*"|\d+)}$/.exec(line)?.[1] ?? "none";
      ids.set(id, (ids.get(id) ?? 0) + 1);
    }
    wake();
  });
  child.stderr.on("data", (d) => {
    stderr += String(d);
    wake();
  });
  const until = (test: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (test() ? resolve() : waiters.push(check));
      check();
    });
  const send = (m: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...m })}\n`);
  const seen = (text: string) => stderr.split(text).length - 1;
  return { child, ids, until, send, seen };
}

describe("stdio: replies nobody reads do not grow the server's memory", () => {
  it(`answers ${N} tools/list sent with stdout unread, staying within 2x idle RSS`, { timeout: 240_000 }, async () => {
    const s = start();
    s.send({ id: "init", method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {} } });
    s.send({ method: "notifications/initialized" });
    for (let i = 0; i < WARM; i++) s.send({ id: `warm-${i}`, method: "tools/list" });
    s.send({ id: "warm-call", method: "tools/call", params: { name: "list_guards", arguments: {} } });
    await s.until(() => s.ids.has('"warm-call"'));
    const idleKb = statusKb(s.child.pid!, "VmRSS");
    s.child.stdout.pause();
    const flood = Array.from({ length: N }, (_, i) => `{"jsonrpc":"2.0","id":${i},"method":"tools/list"}\n`);
    s.child.stdin.write(flood.join(""));
    s.send({ id: "last", method: "tools/call", params: { name: "list_guards", arguments: {} } });
    // Either the server says it stopped reading, or it has handled everything (today's behaviour).
    await s.until(() => s.seen(PAUSED) > 0 || s.seen(CALLED) > 1);
    const stoppedKb = statusKb(s.child.pid!, "VmRSS");
    s.child.stdout.resume();
    await s.until(() => s.ids.has('"last"'));
    const peakKb = statusKb(s.child.pid!, "VmHWM");
    s.child.stdin.end();
    await new Promise((r) => s.child.once("exit", r));
    const counts = Array.from({ length: N }, (_, i) => s.ids.get(String(i)) ?? 0);
    expect(counts.filter((c) => c !== 1)).toEqual([]);
    expect(peakKb / idleKb, `idle ${idleKb} kB, at the stop ${stoppedKb} kB, peak ${peakKb} kB`).toBeLessThan(2);
  });
});
