// Every line or body that carries an id gets exactly one reply: messages the SDK's schema would drop
// (an unknown member, an envelope-level __proto__, a bad progressToken, method with result) are
// answered -32600 with their id, over stdio and over HTTP alike; so is a message nested 100,000 deep
// (never "Maximum call stack size exceeded"). An absolute-form HTTP request target is a 400.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callToolUntyped, type ToolError } from "../../src/runtime/index.js";
import { MAX_NESTING } from "../../src/server/limits.js";
import { type HttpChild, startHttp } from "./http_child.js";
import { RawServer } from "./raw_stdio.js";

const DEEP =
  '{"jsonrpc":"2.0","id":"deep","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},' +
  `"clientInfo":{"name":"a","version":"1"},"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}}`;

const ODD: readonly [id: string, line: string][] = [
  ["X1", '{"jsonrpc":"2.0","id":"X1","method":"ping","extra":1}'],
  ["X2", '{"jsonrpc":"2.0","id":"X2","method":"ping","__proto__":{"a":1}}'],
  ["X3", '{"jsonrpc":"2.0","id":"X3","method":"tools/list","params":{"_meta":{"progressToken":{"a":1}}}}'],
  ["X4", '{"jsonrpc":"2.0","id":"X4","method":"ping","result":{}}'],
  ["X5", '{"jsonrpc":"2.0","id":"X5","method":"ping","params":{"_meta":null}}'],
  ["X6", '{"jsonrpc":"2.0","id":"X6","result":{},"extra":1}'],
];

describe("stdio: a message the SDK would drop is answered once, with its id", () => {
  it("answers each odd line -32600 with its id, exactly once, and keeps serving", async () => {
    const s = new RawServer();
    await s.initialize();
    for (const [, line] of ODD) s.send(line);
    await s.request("after", "ping");
    for (const [id] of ODD) {
      const replies = s.replies.filter((r) => r.id === id);
      expect(
        replies.map((r) => r.error?.code),
        id,
      ).toEqual([-32600]);
      expect(replies[0]!.error.message).toMatch(/^Invalid Request: /);
    }
    expect(s.replies.find((r) => r.id === "X1")!.error.message).toContain('unknown member "extra"');
    expect(s.replies.find((r) => r.id === "X3")!.error.message).toContain("progressToken");
    s.send(DEEP);
    const deep = await s.next((r) => r.id === "deep");
    expect(deep.error).toEqual({
      code: -32600,
      message: `Invalid Request: the message nests deeper than ${MAX_NESTING} levels`,
    });
    expect(await s.end()).toBe(0);
  }, 60_000);
});

describe("HTTP: the same bodies are answered -32600 with their id", () => {
  let server: HttpChild;
  beforeAll(async () => {
    server = await startHttp(["--workers", "0"]);
  }, 60_000);
  afterAll(() => server.close());

  it("answers each odd body with one -32600 reply naming its id", async () => {
    for (const [id, line] of ODD) {
      const res = await fetch(server.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: line,
      });
      const body = (await res.json()) as { id: unknown; error?: { code: number } };
      expect([res.status, body.id, body.error?.code], id).toEqual([400, id, -32600]);
    }
  }, 60_000);
});

/** A tools/call whose arguments carry "__proto__" (an own key, as JSON.parse makes it). */
const PROTO_ARGUMENT =
  '{"jsonrpc":"2.0","id":"P1","method":"tools/call","params":{"name":"check_rf_convention",' +
  '"arguments":{"returns":[0.01,0.02,0.03],"rf":0.05,"__proto__":{"x":1}}}}';

/** The in-process runtime's refusal of the same arguments: what every transport must answer. */
async function inProcessRefusal(): Promise<{ text: string; code: string; field: string }> {
  const { name, arguments: args } = JSON.parse(PROTO_ARGUMENT).params;
  const e = (await callToolUntyped(name, args).catch((x: unknown) => x)) as ToolError;
  const { message, code, field } = e.wire();
  return { text: message, code, field };
}

/** The text, code and field of a tools/call result that is an error. */
const refusalOf = (result: any) => ({
  text: result.content[0].text,
  code: result._meta["fin-skills/error"].code,
  field: result._meta["fin-skills/error"].field,
});

describe('a tools/call argument named "__proto__" is refused by name, as in process', () => {
  it("is refused in process as an unexpected argument named __proto__", async () => {
    const r = await inProcessRefusal();
    expect([r.code, r.field]).toEqual(["unexpected_argument", "__proto__"]);
    expect(r.text).toMatch(/^check_rf_convention got unexpected argument\(s\) \["__proto__"\]/);
  });

  it("over stdio, with its id", async () => {
    const s = new RawServer(["--no-ledger"]);
    await s.initialize();
    s.send(PROTO_ARGUMENT);
    const reply = await s.next((r) => r.id === "P1");
    expect(reply.result.isError).toBe(true);
    expect(refusalOf(reply.result)).toEqual(await inProcessRefusal());
    expect(await s.end()).toBe(0);
  }, 60_000);

  it("over HTTP, with its id", async () => {
    const server = await startHttp(["--workers", "0", "--no-ledger"]);
    try {
      const res = await fetch(server.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: PROTO_ARGUMENT,
      });
      const text = await res.text();
      const data = text.split("\n").filter((l) => l.startsWith("data:"));
      const reply = JSON.parse(data.length ? data.at(-1)!.slice(5) : text);
      expect(reply.id).toBe("P1");
      expect(refusalOf(reply.result)).toEqual(await inProcessRefusal());
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe("HTTP: a deep body and an absolute-form target get clear 4xx answers", () => {
  let server: HttpChild;
  beforeAll(async () => {
    server = await startHttp(["--workers", "0"]);
  }, 60_000);
  afterAll(() => server.close());

  it("answers an initialize nested 100,000 deep with 400 and -32600 naming its id", async () => {
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const res = await fetch(server.url, { method: "POST", headers, body: DEEP });
    expect([res.status, await res.json()]).toEqual([
      400,
      {
        jsonrpc: "2.0",
        id: "deep",
        error: { code: -32600, message: `Invalid Request: the message nests deeper than ${MAX_NESTING} levels` },
      },
    ]);
  });

  it("answers POST http://evil.example/mcp with 400, not 500", async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const socket = connect(server.port, "127.0.0.1");
    socket.end(
      `POST http://evil.example/mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\n` +
        "Accept: application/json, text/event-stream\r\nConnection: close\r\n" +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    );
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (d: string) => (text += d));
    await new Promise((r) => socket.on("close", r));
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toContain("the request target must be a path: /mcp");
  });
});
