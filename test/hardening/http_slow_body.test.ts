// Slow-body connections cannot lock clients out: a body still arriving past --body-timeout under
// --min-body-rate is answered 408 and closed, and at --max-connections the slowest body is evicted
// for a new connection. The attack: full headers, Content-Length 1,000,000, then a byte at a time.
import { request } from "node:http";
import { type Socket, connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { rf200 } from "../server/fixtures.js";
import { type HttpChild, startHttp } from "../server/http_child.js";

const servers: HttpChild[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** An attacker: headers for a 1,000,000-byte body, then one byte every `everyMs` (the attack's rate). */
function attacker(port: number, everyMs: number) {
  const socket = connect(port, "127.0.0.1");
  let text = "";
  let drip: NodeJS.Timeout | undefined;
  socket.setEncoding("latin1");
  const closed = new Promise<string>((resolve) =>
    socket.on("close", () => {
      clearInterval(drip);
      resolve(text);
    }),
  );
  socket.on("error", () => undefined);
  // Expect: 100-continue makes the server say when it has the headers (the request is then in progress).
  const started = new Promise<void>((resolve) =>
    socket.on("data", (d: string) => {
      text += d;
      if (text.startsWith("HTTP/1.1 100")) resolve();
    }),
  );
  socket.write(
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      "Accept: application/json, text/event-stream\r\nExpect: 100-continue\r\nContent-Length: 1000000\r\n\r\n",
  );
  void started.then(() => {
    drip = setInterval(() => socket.write(" "), everyMs);
  });
  return { socket: socket as Socket, started, closed };
}

/** A legitimate call on its own connection: its status and the JSON-RPC result, or the error. */
function call(port: number): Promise<{ status: number; passed?: boolean; error?: string }> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "check_rf_convention", arguments: rf200 },
  });
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        const data = text.split("\n").find((l) => l.startsWith("data: "));
        const r = data ? JSON.parse(data.slice(6)) : JSON.parse(text);
        resolve({ status: res.statusCode ?? 0, passed: r.result?.structuredContent?.passed });
      });
    });
    req.on("error", (e) => resolve({ status: 0, error: (e as NodeJS.ErrnoException).code ?? e.message }));
    req.end(body);
  });
}

describe("HTTP: slow bodies", () => {
  it("answers a body under the minimum rate past the grace period with 408 and closes it", async () => {
    const server = await startHttp(["--workers", "0", "--body-timeout", "300", "--min-body-rate", "1000"]);
    servers.push(server);
    const slow = attacker(server.port, 50);
    await slow.started;
    expect(await call(server.port)).toEqual({ status: 200, passed: true });
    const text = await slow.closed;
    expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 408 /);
    expect(text).toContain("the body arrived at under 1000 bytes/s after 300 ms");
  }, 60_000);

  it("evicts the slowest body when --max-connections are all slow bodies: every legit call is answered", async () => {
    const CAP = 8;
    // The grace period is long: only eviction can free a connection here.
    const server = await startHttp(["--workers", "0", "--max-connections", String(CAP), "--body-timeout", "600000"]);
    servers.push(server);
    const attack = Array.from({ length: CAP }, () => attacker(server.port, 100));
    await Promise.all(attack.map((a) => a.started));
    const results = [];
    for (let i = 0; i < CAP; i++) results.push(await call(server.port));
    expect(results).toEqual(Array(CAP).fill({ status: 200, passed: true }));
    // The first call took the place of an attacker (the others found the room it left).
    expect(await Promise.race(attack.map((a) => a.closed))).toBe("HTTP/1.1 100 Continue\r\n\r\n");
    for (const a of attack) a.socket.destroy();
  }, 60_000);
});
