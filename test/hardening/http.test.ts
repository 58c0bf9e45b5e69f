// Streamable HTTP hardening (tool-layer.md §7.4): the body cap (413 before parsing, declared and
// chunked), Host and Origin checks (403), 50 concurrent calls from 5 SDK clients, and the server keeps
// serving after each of these.
import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BadInputError, callToolUntyped, listTools } from "../../src/runtime/index.js";
import { SERVER_JS } from "../server/fixtures.js";
import { applyAll } from "./mutations.js";
import { KNOWN, validArgs } from "./valid_args.js";

const CAP = 16_000_000;
let child: ChildProcess;
let url: string;
let port: number;
let stderr = "";

interface Raw {
  status: number;
  text: string;
  headers: Record<string, unknown>;
  error?: string;
}

/** A raw POST /mcp. `chunks` are written one by one without a content-length (chunked encoding). */
function rawPost(body: Buffer | Buffer[], headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve) => {
    const chunked = Array.isArray(body);
    const h: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      host: `127.0.0.1:${port}`,
      ...headers,
    };
    if (!chunked) h["content-length"] = String(body.length);
    let got: Raw | null = null;
    const req = request({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers: h }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      const finish = () => resolve((got = { status: res.statusCode ?? 0, text, headers: res.headers }));
      res.on("end", finish);
      res.on("error", finish);
      res.on("aborted", finish);
    });
    // After the server answers early it may close the socket while we are still writing: that is fine.
    req.on("error", (e) => {
      if (!got)
        setTimeout(
          () =>
            !got &&
            resolve({ status: 0, text: "", headers: {}, error: (e as NodeJS.ErrnoException).code ?? e.message }),
          200,
        );
    });
    if (!chunked) {
      req.end(body);
      return;
    }
    let i = 0;
    const writeNext = () => {
      while (i < body.length) {
        if (req.destroyed) return;
        const ok = req.write(body[i++]!);
        if (!ok) return void req.once("drain", writeNext);
      }
      req.end();
    };
    writeNext();
  });
}

/** The JSON-RPC message carried by an SSE (or JSON) response. */
function rpcBody(text: string): any {
  const data = text
    .split("\n")
    .filter((l) => l.startsWith("data:"))
    .map((l) => l.slice(5).trim());
  return JSON.parse(data.length ? data[data.length - 1]! : text);
}

const rpc = (id: number | string, method: string, params: object) => ({ jsonrpc: "2.0", id, method, params });

async function newClient(name: string): Promise<Client> {
  const client = new Client({ name, version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** The server still serves: a fresh SDK client gets a correct result. */
async function stillServing(): Promise<void> {
  expect(child.exitCode).toBeNull();
  const client = await newClient("alive");
  try {
    const r: any = await client.callTool({ name: "check_rf_convention", arguments: KNOWN.check_rf_convention! });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.tool).toBe("check_rf_convention");
    expect(r.structuredContent.passed).toBe(true);
  } finally {
    await client.close();
  }
}

const untimed = (r: any): any =>
  Array.isArray(r)
    ? r.map(untimed)
    : r && typeof r === "object"
      ? Object.fromEntries(
          Object.entries(r)
            .filter(([k]) => k !== "elapsed_s" && k !== "provenance")
            .map(([k, v]) => [k, untimed(v)]),
        )
      : r;

beforeAll(async () => {
  child = spawn(process.execPath, [SERVER_JS, "--http", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL on stderr: ${stderr}`)), 30_000);
    child.stderr!.on("data", (d) => {
      stderr += String(d);
      const m = / at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
  });
  port = Number(new URL(url).port);
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
});

describe("HTTP: body cap (16,000,000 bytes)", () => {
  it("accepts a body of exactly the cap (whitespace-padded JSON-RPC) and answers it", { timeout: 30_000 }, async () => {
    const msg = Buffer.from(JSON.stringify(rpc(7, "tools/list", {})));
    const body = Buffer.concat([msg, Buffer.alloc(CAP - msg.length, 32)]);
    expect(body.length).toBe(CAP);
    const r = await rawPost(body);
    expect(r.status).toBe(200);
    const m = rpcBody(r.text);
    expect(m.id).toBe(7);
    expect(m.result.tools.length).toBe(listTools().length);
    await stillServing();
  });

  it("refuses a declared body one byte over the cap with 413 before parsing it (it is not JSON)", {
    timeout: 30_000,
  }, async () => {
    const r = await rawPost(Buffer.alloc(CAP + 1, "x".charCodeAt(0)));
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(413);
    const m = JSON.parse(r.text);
    expect(m.jsonrpc).toBe("2.0");
    expect(m.id).toBeNull();
    expect(typeof m.error?.code).toBe("number");
    await stillServing();
  });

  it("refuses a declared 64 MB body with 413", { timeout: 30_000 }, async () => {
    const r = await rawPost(Buffer.alloc(64_000_000, 32));
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text).id).toBeNull();
    await stillServing();
  });

  const overCap = () => Array.from({ length: 17 }, () => Buffer.alloc(1_000_000, "x".charCodeAt(0)));

  it("survives a chunked body without content-length that grows past the cap (no parse, keeps serving)", {
    timeout: 30_000,
  }, async () => {
    const r = await rawPost(overCap());
    expect(r.status === 413 || r.error === "ECONNRESET" || r.error === "EPIPE", `got ${r.status} ${r.error}`).toBe(
      true,
    );
    await stillServing();
  });

  // Was a BUG (a TCP reset with 0 bytes, not 413), fixed in 6092c28; re-enabled.
  it("refuses a chunked body without content-length that grows past the cap with 413", {
    timeout: 30_000,
  }, async () => {
    const r = await rawPost(overCap());
    expect(r.error, `chunked overflow got ${r.error} instead of an HTTP answer`).toBeUndefined();
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text).id).toBeNull();
    await stillServing();
  });

  it("answers a chunked body under the cap normally", { timeout: 30_000 }, async () => {
    const text = JSON.stringify(rpc(8, "tools/call", { name: "check_cost_curve", arguments: KNOWN.check_cost_curve }));
    const buf = Buffer.from(text);
    const chunks = Array.from({ length: Math.ceil(buf.length / 100) }, (_, i) => buf.subarray(i * 100, (i + 1) * 100));
    const r = await rawPost(chunks);
    expect(r.status).toBe(200);
    const m = rpcBody(r.text);
    expect(m.id).toBe(8);
    expect(m.result.structuredContent.tool).toBe("check_cost_curve");
  });
});

describe("HTTP: Host and Origin checks", () => {
  const body = () => Buffer.from(JSON.stringify(rpc(1, "tools/list", {})));

  it("refuses foreign or malformed Host headers with 403", async () => {
    for (const host of [
      "evil.example",
      `evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      `127.0.0.1`,
      `localhost.evil.example:${port}`,
      `127.0.0.1:${port}.evil.example`,
      `0.0.0.0:${port}`,
    ]) {
      const r = await rawPost(body(), { host });
      expect(r.status, `Host ${host}`).toBe(403);
    }
    await stillServing();
  });

  it("accepts the loopback Host spellings", async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const r = await rawPost(body(), { host });
      expect(r.status, `Host ${host}`).toBe(200);
      expect(rpcBody(r.text).result.tools.length).toBe(listTools().length);
    }
  });

  it("refuses foreign Origin headers with 403 and accepts the loopback ones", async () => {
    for (const origin of [
      "http://evil.example",
      `http://evil.example:${port}`,
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${port + 1}`,
      "null",
      `http://127.0.0.1:${port}.evil.example`,
    ]) {
      const r = await rawPost(body(), { origin });
      expect(r.status, `Origin ${origin}`).toBe(403);
    }
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const r = await rawPost(body(), { origin });
      expect(r.status, `Origin ${origin}`).toBe(200);
    }
    await stillServing();
  });
});

describe("HTTP: concurrency", () => {
  it("answers 50 concurrent tools/call from 5 SDK clients correctly (valid and invalid, mixed tools)", {
    timeout: 60_000,
  }, async () => {
    const tools = listTools().filter((t) => KNOWN[t.name]);
    const cases = Array.from({ length: 50 }, (_, i) => {
      const t = tools[(i * 7) % tools.length]!;
      // Every fifth call is invalid: a near-miss key or a dropped key on the valid set.
      const args =
        i % 5 === 4
          ? applyAll(validArgs(t), [{ kind: i % 10 === 4 ? "nearMiss" : "drop", at: i, how: i }] as any)
          : validArgs(t);
      return { name: t.name, args };
    });
    const expected = await Promise.all(
      cases.map(async (c) => {
        try {
          return { ok: true as const, r: untimed(await callToolUntyped(c.name, c.args)) };
        } catch (e) {
          if (!(e instanceof BadInputError)) throw e;
          return { ok: false as const, message: e.message, code: e.code, field: e.field };
        }
      }),
    );
    expect(expected.filter((e) => !e.ok).length).toBeGreaterThan(0);
    const clients = await Promise.all(Array.from({ length: 5 }, (_, i) => newClient(`c${i}`)));
    try {
      // listTools caches each tool's output validator in the client, so every structuredContent is checked against its outputSchema.
      for (const c of clients) expect((await c.listTools()).tools.length).toBe(listTools().length);
      const t0 = performance.now();
      const answers = await Promise.all(
        cases.map((c, i) => clients[i % 5]!.callTool({ name: c.name, arguments: c.args })),
      );
      console.log(`http: 50 concurrent calls over 5 clients in ${(performance.now() - t0).toFixed(0)} ms`);
      answers.forEach((a: any, i) => {
        const e = expected[i]!;
        const label = `${i} ${cases[i]!.name}`;
        if (e.ok) {
          expect(a.isError, label).toBeFalsy();
          expect(untimed(a.structuredContent), label).toEqual(e.r);
          expect(a.content[0].text, label).toBe(JSON.stringify(a.structuredContent));
        } else {
          expect(a.isError, label).toBe(true);
          expect(a.content[0].text, label).toBe(e.message);
          expect(a._meta["fin-skills/error"].code, label).toBe(e.code);
          expect(a._meta["fin-skills/error"].field, label).toBe(e.field);
          expect(a.structuredContent, label).toBeUndefined();
        }
      });
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
    await stillServing();
  });

  it("keeps serving after clients vanish mid-request", { timeout: 30_000 }, async () => {
    // Start slow-ish calls and abort the sockets immediately.
    const body = Buffer.from(
      JSON.stringify(
        rpc(9, "tools/call", { name: "check_spa_test", arguments: { ...KNOWN.check_spa_test, reps: 2000 } }),
      ),
    );
    await Promise.all(
      Array.from(
        { length: 10 },
        () =>
          new Promise<void>((resolve) => {
            const req = request({
              host: "127.0.0.1",
              port,
              path: "/mcp",
              method: "POST",
              headers: {
                "content-type": "application/json",
                accept: "application/json, text/event-stream",
                "content-length": String(body.length),
              },
            });
            req.on("error", () => resolve());
            req.on("close", () => resolve());
            req.write(body);
            setTimeout(() => req.destroy(), 5);
          }),
      ),
    );
    await stillServing();
    expect(stderr).not.toMatch(/Unhandled|TypeError|RangeError/);
  });
});
