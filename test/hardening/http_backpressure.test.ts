// Replies a client does not read are not buffered without limit: 20 connections each pipelining
// 500 tools/list without reading cost the server less than its warm idle RSS again, and once read,
// every request is answered. Idle is measured warm, after WARM requests served and read; the peak
// while unread is taken once every connection waits for its client.
import { type Socket, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HttpChild, startHttp } from "../server/http_child.js";
import { statusKb } from "../server/proc_status.js";

const CONNECTIONS = 20;
const EACH = 500;
const WARM = 500;
const BLOCKED = "is not reading its replies";
const CALLED = "list_guards ok";

let server: HttpChild;
beforeAll(async () => {
  // Paused connections still count against the headers timeout: generous here, where the point is memory.
  server = await startHttp([
    "--workers",
    "0",
    "--verbose",
    "--headers-timeout",
    "600000",
    "--request-timeout",
    "600000",
  ]);
}, 60_000);
afterAll(() => server.close());

function post(body: object): string {
  const text = JSON.stringify({ jsonrpc: "2.0", ...body });
  return (
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\n` +
    `Accept: application/json, text/event-stream\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`
  );
}

/** A raw connection that counts the 200 responses it reads; `until` waits for a count (or the close). */
function pipe(): { socket: Socket; ok: () => number; until: (n: number) => Promise<void> } {
  const socket = connect(server.port, "127.0.0.1");
  let ok = 0;
  let tail = "";
  let closed = false;
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  socket.on("close", () => {
    closed = true;
    wake();
  });
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    const text = tail + chunk;
    ok += text.split("HTTP/1.1 200 ").length - 1;
    tail = text.slice(-11);
    wake();
  });
  const until = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => (ok >= n || closed ? resolve() : waiters.push(check));
      check();
    });
  return { socket, ok: () => ok, until };
}

describe("HTTP: pipelined replies nobody reads do not grow the server's memory", () => {
  it(`answers ${CONNECTIONS} x ${EACH} pipelined tools/list, within 2x warm idle RSS`, {
    timeout: 300_000,
  }, async () => {
    const warm = pipe();
    warm.socket.write(Array.from({ length: WARM }, (_, i) => post({ id: i, method: "tools/list" })).join(""));
    await warm.until(WARM);
    warm.socket.destroy();
    const pid = server.child.pid!;
    const idleKb = statusKb(pid, "VmRSS");
    const calls = server.count(CALLED);
    const flood = Array.from({ length: CONNECTIONS }, () => pipe());
    for (const [c, conn] of flood.entries()) {
      conn.socket.pause();
      const requests = Array.from({ length: EACH - 1 }, (_, i) => post({ id: i, method: "tools/list" }));
      const last = post({ id: `last-${c}`, method: "tools/call", params: { name: "list_guards", arguments: {} } });
      conn.socket.write(requests.join("") + last);
    }
    // Each connection either waits for its client to read, or has been served to its last request (today).
    await server.until(() => server.count(BLOCKED) + server.count(CALLED) - calls >= CONNECTIONS);
    const stoppedKb = statusKb(pid, "VmHWM");
    for (const conn of flood) conn.socket.resume();
    await Promise.all(flood.map((conn) => conn.until(EACH)));
    const peakKb = statusKb(pid, "VmHWM");
    for (const conn of flood) conn.socket.destroy();
    expect(flood.map((conn) => conn.ok())).toEqual(Array(CONNECTIONS).fill(EACH));
    // While nobody reads: the peak so far. (Reading 10,000 replies at full speed afterwards is ordinary load.)
    expect(stoppedKb / idleKb, `idle ${idleKb} kB, peak unread ${stoppedKb} kB, peak ${peakKb} kB`).toBeLessThan(2);
  });
});
