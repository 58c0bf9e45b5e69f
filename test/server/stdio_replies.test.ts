// Every stdio reply reaches its caller, and only its caller: the compiled server over a raw pipe.
import { describe, expect, it } from "vitest";
import { MAX_ERROR_CHARS, MAX_LINE_BYTES } from "../../src/server/limits.js";
import { spaArgs } from "./fixtures.js";
import { KNOWN } from "../hardening/valid_args.js";
import { RawServer } from "./raw_stdio.js";

const call = (name: string, args: unknown, meta?: object) => ({
  name,
  arguments: args,
  ...(meta ? { _meta: meta } : {}),
});

describe("stdio lines the parser rejects are answered with their id", () => {
  it("reads Python's bare NaN as a missing value and -Infinity as the string convention", async () => {
    const s = new RawServer();
    await s.initialize();
    // check_backtest with one return NaN: read as a missing value, exactly as null is.
    const args = KNOWN.check_backtest as { slots: { returns: { values: number[] } } };
    const text = JSON.stringify(args).replace(/"values":\[([^,\]]+),([^,\]]+),/, '"values":[$1,NaN,');
    expect(text).toContain("NaN");
    s.send(
      `{"jsonrpc":"2.0","id":"nan-1","method":"tools/call","params":{"name":"check_backtest","arguments":${text}}}`,
    );
    const r = await s.next((m) => m.id === "nan-1");
    const nulled = JSON.parse(text.replace("NaN", "null"));
    const withNull = await s.request("null-1", "tools/call", call("check_backtest", nulled));
    const unchanged = await s.request("plain-1", "tools/call", call("check_backtest", args));
    expect(r.result.isError).toBeUndefined();
    const { elapsed_s: _a, ...nan } = r.result.structuredContent;
    const { elapsed_s: _b, ...nul } = withNull.result.structuredContent;
    const { elapsed_s: _c, ...plain } = unchanged.result.structuredContent;
    expect(nan).toEqual(nul);
    expect(nan).not.toEqual(plain);
    s.send(
      '{"jsonrpc":"2.0","id":"inf","method":"tools/call",' +
        '"params":{"name":"check_rf_convention","arguments":{"returns":[0.01,-Infinity],"rf":0.05}}}',
    );
    const inf = await s.next((m) => m.id === "inf");
    expect(inf.result.isError).toBe(true);
    expect(inf.result.content[0].text).toContain("returns");
    await s.end();
  }, 60_000);

  it("answers a line over the line limit with its id, then keeps serving", async () => {
    const s = new RawServer();
    await s.initialize();
    const pad = "x".repeat(MAX_LINE_BYTES + 1024 * 1024);
    s.send(
      '{"jsonrpc":"2.0","id":"big-1","method":"tools/call","params":{"name":"list_skills","arguments":{"pad":"' +
        `${pad}"}}}`,
    );
    const r = await s.next((m) => m.id === "big-1");
    expect(r.error.code).toBe(-32600);
    expect(r.error.message).toContain(String(MAX_LINE_BYTES));
    expect((await s.request(5, "tools/list")).result.tools.length).toBeGreaterThan(0);
    await s.end();
  }, 60_000);

  it("answers a line that is not JSON with the id found in it", async () => {
    const s = new RawServer();
    s.send('{"jsonrpc":"2.0","id":42,"method":"tools/list",');
    expect((await s.next((m) => m.id === 42)).error.code).toBe(-32700);
    await s.end();
  });

  it("answers valid JSON that is not JSON-RPC, and a batch, with Invalid Request", async () => {
    const s = new RawServer();
    await s.initialize();
    s.send({ jsonrpc: "1.0", id: "v1", method: "tools/list" });
    s.send({ id: "no-method" });
    s.send({ jsonrpc: "2.0", id: "p", method: "tools/list", params: [1] });
    s.send("17");
    s.send([
      { jsonrpc: "2.0", id: "b1", method: "tools/list" },
      { jsonrpc: "2.0", id: "b2", method: "ping" },
    ]);
    s.send([]);
    for (const id of ["v1", "no-method", "p"]) expect((await s.next((m) => m.id === id)).error.code).toBe(-32600);
    const batch = await s.next((m) => Array.isArray(m));
    expect(batch.map((e: any) => [e.id, e.error.code])).toEqual([
      ["b1", -32600],
      ["b2", -32600],
    ]);
    const nulls = await s.next(
      (m) => !Array.isArray(m) && m.id === null && s.replies.filter((x) => x.id === null).length >= 2,
    );
    expect(nulls.error.code).toBe(-32600);
    await s.end();
  });

  it("caps error messages that would echo a long input", async () => {
    const s = new RawServer();
    await s.initialize();
    const junk = "k".repeat(200_000);
    const r = await s.request("long", "tools/call", call("read_skill", { name: junk }));
    const text: string = r.result?.content?.[0]?.text ?? r.error.message;
    expect(text.length).toBeLessThanOrEqual(MAX_ERROR_CHARS + 100);
    await s.end();
  });
});

describe("cancellation over stdio", () => {
  it("a cancelled id that is reused gets the new call's answer, never the old one", async () => {
    const s = new RawServer();
    await s.initialize();
    s.send({
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: call("check_spa_test", spaArgs(), { progressToken: "p7" }),
    });
    await s.next((m) => m.method === "notifications/progress" && m.params.progressToken === "p7");
    s.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7, reason: "test" } });
    const r = await s.request(7, "tools/call", call("list_guards", {}));
    expect(r.result.structuredContent.tool ?? r.result.structuredContent.guards).toBeDefined();
    expect(JSON.stringify(r.result)).not.toContain('spa_test","status');
    expect(await s.end()).toBe(0);
    expect(s.replies.filter((m) => m.id === 7)).toHaveLength(1);
  }, 120_000);

  it("end of input cancels a call in flight and the process exits", async () => {
    const s = new RawServer(["--verbose"]);
    await s.initialize();
    s.send({
      jsonrpc: "2.0",
      id: 9,
      method: "tools/call",
      params: call("check_spa_test", spaArgs(), { progressToken: "p9" }),
    });
    await s.next((m) => m.method === "notifications/progress" && m.params.progressToken === "p9");
    expect(await s.end()).toBe(0);
    expect(s.replies.filter((m) => m.id === 9)).toEqual([]);
  }, 120_000);
});
