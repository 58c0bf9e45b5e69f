// A stdio line of OFF_THREAD_BYTES or more is parsed on the parse thread (#49 item 1): requests after it
// are delivered while it parses, notifications after it wait for it, and end of input still cancels it.
// Order of delivery is asserted, never time.
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { OFF_THREAD_BYTES, closeParseThreadIfStarted } from "../../src/server/body_parse.js";
import { LineTransport } from "../../src/server/stdio_transport.js";

afterAll(() => closeParseThreadIfStarted());

type Msg = Record<string, unknown>;
const line = (m: Msg) => `${JSON.stringify(m)}\n`;
/** A tools/call whose line is just over the off-thread size. */
const large = (id: number): Msg => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "check_cost_curve", arguments: { returns: Array(Math.ceil(OFF_THREAD_BYTES / 5)).fill(0.01) } },
});
const light = (id: number): Msg => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "list_guards" } });
const cancel = (requestId: number): Msg => ({
  jsonrpc: "2.0",
  method: "notifications/cancelled",
  params: { requestId },
});

/** A transport over fresh streams, and what it delivers in order: each request with its own id, each cancellation. */
function open() {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new LineTransport(input, output);
  const seen: string[] = [];
  let wake: () => void = () => undefined;
  transport.onmessage = ((m: Msg) => {
    const p = m.params as { name?: string; requestId?: unknown } | undefined;
    seen.push(`${String(m.method)} ${p?.name ? `${p.name} as ${String(m.id)}` : `cancels ${String(p?.requestId)}`}`);
    wake();
  }) as never;
  const until = (n: number) =>
    new Promise<void>((resolve) => {
      wake = () => seen.length >= n && resolve();
      wake();
    });
  return { input, transport, seen, until };
}

describe("a large stdio line", () => {
  it("is parsed off the thread: a request after it is delivered first, a notification after it waits", async () => {
    const { input, transport, seen, until } = open();
    await transport.start();
    expect(line(large(1)).length).toBeGreaterThanOrEqual(OFF_THREAD_BYTES);
    input.write(line(large(1)) + line(light(2)) + line(cancel(1)));
    await until(3);
    // the cancellation names the client's id 1, delivered as the large call's own id (2: it was delivered second)
    expect(seen).toEqual([
      "tools/call list_guards as 1",
      "tools/call check_cost_curve as 2",
      "notifications/cancelled cancels 2",
    ]);
    await transport.close();
  });

  it("that is not JSON is answered -32700 with its id, as a small one is", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const transport = new LineTransport(input, output);
    await transport.start();
    const cells = "1,".repeat(OFF_THREAD_BYTES / 2);
    const bad = `{"jsonrpc":"2.0","id":41,"method":"tools/call","params":{"x":[${cells}}}\n`;
    const reply = new Promise<string>((resolve) => output.once("data", (d: Buffer) => resolve(String(d))));
    input.write(bad);
    expect(JSON.parse(await reply)).toEqual({
      jsonrpc: "2.0",
      id: 41,
      error: { code: -32700, message: "Parse error: the line is not JSON" },
    });
    await transport.close();
  });

  it("still being parsed at end of input is cancelled once delivered, and the transport then closes", async () => {
    const { input, transport, seen, until } = open();
    await transport.start();
    input.end(line(large(7)));
    await until(2);
    expect(seen).toEqual(["tools/call check_cost_curve as 1", "notifications/cancelled cancels 1"]);
    await transport.done;
  });
});
