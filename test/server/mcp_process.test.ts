// The compiled server over stdio and Streamable HTTP, and the SDK-absent behaviour (docs/contract.md §7).
import { describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { request } from "node:http";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { exportTools, listTools } from "../../src/runtime/index.js";
import { ROOT, SERVER_JS, conforms, costFail, rf200 } from "./fixtures.js";
import { ledgerEnv } from "../helpers/ledger_env.js";

const HOOK = path.join(ROOT, "test/server/no-sdk-hook.mjs");
const noSdk = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", HOOK, SERVER_JS, ...args], { encoding: "utf8", timeout: 30_000 });

async function exercise(client: Client): Promise<void> {
  const list = await client.listTools();
  expect(list.tools.map((t) => t.name)).toEqual(listTools().map((t) => t.name));
  const fail: any = await client.callTool({ name: "check_cost_curve", arguments: costFail });
  expect(fail.structuredContent.passed).toBe(false);
  const schema = (exportTools("mcp-full").find((t: any) => t.name === "check_cost_curve") as any).outputSchema;
  expect(conforms(schema, fail.structuredContent)).toBe(true);
  const typo: any = await client.callTool({
    name: "check_cost_curve",
    arguments: { returns: { vals: [1] }, turnover: 0.1 },
  });
  expect(typo.isError).toBe(true);
  expect(typo._meta["fin-skills/error"].field).toBe("returns");
}

describe("stdio", () => {
  it("serves the list, a call and an error case; stdout carries only JSON-RPC, logs go to stderr", async () => {
    const transport = new StdioClientTransport({
      env: ledgerEnv(),
      command: process.execPath,
      args: [SERVER_JS, "--verbose"],
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (d) => (stderr += String(d)));
    const errors: Error[] = [];
    const client = new Client({ name: "t", version: "1" });
    client.onerror = (e) => errors.push(e);
    await client.connect(transport);
    await exercise(client);
    await client.close();
    expect(errors).toEqual([]);
    expect(stderr).toContain(`fin-skills-mcp: serving ${listTools().length} tools over stdio`);
    expect(stderr).toMatch(/fin-skills-mcp: check_cost_curve fail \d/);
  }, 60_000);
  it("answers a malformed JSON-RPC line with a protocol error and keeps serving", async () => {
    const child = spawn(process.execPath, [SERVER_JS], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += String(d)));
    child.stdin.write("{not json\n");
    child.stdin.write(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
      }) + "\n",
    );
    // Both replies arrive before stdin closes: the parse error and the answered initialize.
    await new Promise<void>((resolve) => {
      const both = () => out.includes("-32700") && out.includes('"serverInfo"') && resolve();
      child.stdout.on("data", both);
    });
    child.stdin.end();
    await new Promise((r) => child.on("exit", r));
    const lines = out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.some((m) => m.error?.code === -32700)).toBe(true);
    expect(lines.some((m) => m.id === 1 && m.result?.serverInfo?.name === "fin-skills")).toBe(true);
  }, 30_000);
});

function rawPost(
  port: number,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/mcp",
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        agent: false,
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += String(d)));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    // A refused body may still be in flight when the answer has come and the socket closes (or the server
    // stops): that write error belongs to no pending request, so it is not an uncaught exception.
    req.on("socket", (socket) => socket.on("error", () => undefined));
    req.end(body);
  });
}

describe("Streamable HTTP", () => {
  it("binds 127.0.0.1, serves calls, refuses GET, foreign Host/Origin " +
    "and an oversized body, and keeps serving", async () => {
    const child = spawn(process.execPath, [SERVER_JS, "--http", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    const url: string = await new Promise((resolve, reject) => {
      let err = "";
      child.stderr.on("data", (d) => {
        err += String(d);
        const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
        if (m) resolve(m[1]!);
      });
      child.on("exit", () => reject(new Error(err)));
    });
    try {
      const port = Number(new URL(url).port);
      const client = new Client({ name: "t", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      await exercise(client);
      await client.close();
      const get = await new Promise<number>((resolve) =>
        request({ host: "127.0.0.1", port, path: "/mcp", method: "GET" }, (r) => resolve(r.statusCode ?? 0)).end(),
      );
      expect(get).toBe(405);
      const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
      expect((await rawPost(port, init, { host: `evil.example:${port}` })).status).toBe(403);
      expect((await rawPost(port, init, { origin: "http://evil.example" })).status).toBe(403);
      const big = await rawPost(port, Buffer.alloc(16_000_001, 32));
      expect(big.status).toBe(413);
      expect(JSON.parse(big.text).id).toBeNull();
      expect((await rawPost(port, "{nope")).status).toBe(400);
      const again = new Client({ name: "t2", version: "1" });
      await again.connect(new StreamableHTTPClientTransport(new URL(url)));
      const r: any = await again.callTool({ name: "check_rf_convention", arguments: rf200 });
      expect(r.structuredContent.passed).toBe(true);
      await again.close();
    } finally {
      child.kill("SIGTERM");
    }
  }, 60_000);
});

describe("without the SDK", () => {
  it("keeps the non-serving flags working and refuses to serve with the install line", () => {
    const serve = noSdk();
    expect(serve.status).toBe(1);
    expect(serve.stderr).toContain("cannot start");
    expect(serve.stderr).toContain(
      "npm install @modelcontextprotocol/server@2.4.0 @modelcontextprotocol/client@2.4.0 zod@4.6.7",
    );
    const check = noSdk("--check");
    expect(check.status).toBe(1);
    expect(check.stderr).toContain("is NOT installed");
    const help = noSdk("--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("stdio");
    expect(help.stdout).toContain("--http");
    const json = noSdk("--json");
    expect(JSON.parse(json.stdout)).toEqual(exportTools("mcp"));
    const list = noSdk("--list-tools");
    expect(list.stdout.split("\n")[0]).toMatch(new RegExp(`^${listTools().length} MCP tools, \\d+ guards excluded`));
    for (const t of listTools()) expect(list.stdout).toContain(`  ${t.name}\n`);
  }, 60_000);
  it("buildServer() rejects with the install hint", () => {
    const script =
      `import("${path.join(ROOT, "dist/src/server/server.js")}").then(m => m.buildServer()).then(() => ` +
      "process.exit(3), e => { console.log(e.message); process.exit(0); })";
    const r = spawnSync(process.execPath, ["--import", HOOK, "-e", script], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      "npm install @modelcontextprotocol/server@2.4.0 @modelcontextprotocol/client@2.4.0 zod@4.6.7",
    );
    expect(r.stdout).toContain("fin-skills tools --json --format anthropic");
  });
  it("flags: --version, --check with the SDK, and a bad flag", () => {
    const v = spawnSync(process.execPath, [SERVER_JS, "--version"], { encoding: "utf8" });
    expect(v.stdout).toMatch(/^fin-skills \d+\.\d+\.\d+\n$/);
    const c = spawnSync(process.execPath, [SERVER_JS, "--check"], { encoding: "utf8" });
    expect(c.status).toBe(0);
    expect(c.stdout).toMatch(/^@modelcontextprotocol\/server 2\.\d+\.\d+ is installed; \d+ tools ready/);
    const bad = spawnSync(process.execPath, [SERVER_JS, "--nope"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("Try fin-skills-mcp --help");
  });
});
