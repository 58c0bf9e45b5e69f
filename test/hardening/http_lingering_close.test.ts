// A refusal sent before the body is read reaches a client that asked to close the connection
// (`Connection: close`, as HTTP/1.0 clients and many scripts do): the server closes lingering
// (src/server/http_linger.ts) instead of resetting the socket while the body still arrives, which
// let the kernel discard the reply before the client read it.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HttpChild, startHttp } from "../server/http_child.js";

const CAP = 16_000_000;
const BUDGET = 16_000_000; // the smallest --max-body-bytes-in-flight: one held body fills most of it
let server: HttpChild;
beforeAll(async () => {
  server = await startHttp(["--workers", "0", "--max-body-bytes-in-flight", String(BUDGET)]);
});
afterAll(() => server.close());

interface Sent {
  /** Request head lines after the request line and Host. */
  head: string[];
  /** Body bytes, written right after the head without waiting for an answer. */
  body: Buffer;
}

/** Writes the whole request at once and resolves to everything read until the reply is complete. */
function send({ head, body }: Sent): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    let text = "";
    let error: string | undefined;
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => {
      text += d;
      if (/\r\n\r\n[\s\S]*\}/.test(text)) socket.end();
    });
    socket.on("error", (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on("close", () => resolve({ text, error }));
    const lines = [`POST /mcp HTTP/1.1`, `Host: 127.0.0.1:${server.port}`, ...head, "Connection: close", "", ""];
    socket.write(lines.join("\r\n"));
    socket.write(body);
  });
}

/** Holds a body of `bytes` (headers only, waiting for 100 Continue) so the budget is nearly spent. */
function holdBody(bytes: number): Promise<() => void> {
  return new Promise((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    socket.on("error", () => undefined);
    socket.once("data", () => resolve(() => socket.destroy()));
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\n` +
        `Accept: application/json, text/event-stream\r\nExpect: 100-continue\r\nContent-Length: ${bytes}\r\n\r\n`,
    );
  });
}

const json = ["Content-Type: application/json", "Accept: application/json, text/event-stream"];
const spaces = (n: number) => Buffer.alloc(n, 32);
/** `body` sent as one chunk of chunked encoding. */
const chunked = (body: Buffer) =>
  Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from("\r\n0\r\n\r\n")]);

const cases: { name: string; given: Sent; want: { status: number; message: string }; holding?: number }[] = [
  {
    name: "a declared body over the cap",
    given: { head: [...json, `Content-Length: ${CAP + 1}`], body: spaces(CAP + 1) },
    want: { status: 413, message: `request body is over ${CAP} bytes` },
  },
  {
    name: "a chunked body that grows past the cap",
    given: { head: [...json, "Transfer-Encoding: chunked"], body: chunked(spaces(CAP + 1_000_000)) },
    want: { status: 413, message: `request body is over ${CAP} bytes` },
  },
  {
    name: "a foreign Origin with a 4 MB body",
    given: { head: [...json, "Origin: http://evil.example", "Content-Length: 4000000"], body: spaces(4_000_000) },
    want: { status: 403, message: "forbidden" },
  },
  {
    name: "a text/plain body of 4 MB",
    given: { head: ["Content-Type: text/plain", "Content-Length: 4000000"], body: spaces(4_000_000) },
    want: { status: 415, message: "Content-Type must be application/json" },
  },
  {
    name: "a body past the bytes in flight",
    holding: 10_000_000,
    given: { head: [...json, "Content-Length: 8000000"], body: spaces(8_000_000) },
    want: { status: 503, message: "server busy" },
  },
];

describe("HTTP: a refusal before the body is read reaches a Connection: close client", () => {
  it.each(cases)(
    "$name: $want.status",
    async ({ given, want, holding }) => {
      const release = holding === undefined ? () => undefined : await holdBody(holding);
      try {
        const { text, error } = await send(given);
        expect(text, `no reply (socket error ${error})`).toMatch(new RegExp(`^HTTP/1\\.1 ${want.status} `));
        expect(text.toLowerCase()).toContain("connection: close");
        const reply = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
        expect(reply.id).toBeNull();
        expect(reply.error.message).toContain(want.message);
      } finally {
        release();
      }
    },
    60_000,
  );
});
