// HTTP bounds the bytes of request bodies held at once: with two large bodies still arriving, a third
// that would pass --max-body-bytes-in-flight is answered 503 with Retry-After before its body is read;
// once the held bodies are answered, the same request is served.
import { type Socket, connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { type HttpChild, startHttp } from "../server/http_child.js";

const servers: HttpChild[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

const TOTAL = 40_000_000;
const BODY = 15_000_000;

/** Headers for a BODY-byte JSON body; resolves once the server has them (its 100 Continue). */
function largeBody(port: number) {
  const socket = connect(port, "127.0.0.1");
  let text = "";
  socket.setEncoding("latin1");
  socket.on("error", () => undefined);
  const reply = new Promise<string>((resolve) => socket.on("close", () => resolve(text)));
  const started = new Promise<void>((resolve) =>
    socket.on("data", (d: string) => {
      text += d;
      if (text.startsWith("HTTP/1.1 100")) resolve();
      if (/\r\n\r\n[\s\S]*\}/.test(text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ""))) socket.end();
    }),
  );
  socket.write(
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nExpect: 100-continue\r\nContent-Length: ${BODY}\r\n\r\n`,
  );
  /** Sends the rest: a JSON-RPC ping padded with spaces to BODY bytes. */
  const finish = () => {
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" });
    socket.write(" ".repeat(BODY - ping.length) + ping);
  };
  return { socket: socket as Socket, started, reply, finish };
}

describe("HTTP: bytes of bodies in flight", () => {
  it("answers 503 with Retry-After past the total, then serves once the held bodies are answered", async () => {
    const server = await startHttp(["--workers", "0", "--max-body-bytes-in-flight", String(TOTAL)]);
    servers.push(server);
    const held = [largeBody(server.port), largeBody(server.port)];
    await Promise.all(held.map((b) => b.started));
    const third = largeBody(server.port);
    const refused = await third.reply;
    expect(refused).toMatch(/HTTP\/1\.1 503 /);
    expect(refused.toLowerCase()).toContain("retry-after: 1\r\n");
    expect(refused).toContain(
      `server busy: ${2 * BODY} bytes of request bodies are held and this body's ${BODY} would pass the ${TOTAL}-byte`,
    );
    for (const b of held) b.finish();
    const answers = await Promise.all(held.map((b) => b.reply));
    for (const a of answers) expect(a).toMatch(/HTTP\/1\.1 200 [\s\S]*"id":7/);
    const after = largeBody(server.port);
    await after.started;
    after.finish();
    expect(await after.reply).toMatch(/HTTP\/1\.1 200 [\s\S]*"id":7/);
  }, 120_000);
});
