// The official SDK Client against buildServer() over InMemoryTransport (docs/contract.md §7).
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { buildServer, SERVER_NAME } from "../../src/server/server.js";
import { sdkVersion } from "../../src/server/sdk.js";
import { MAX_ARGUMENT_BYTES, MAX_ERROR_CHARS, MAX_LINE_BYTES } from "../../src/server/limits.js";
import { exportTools, listTools, tableInfo } from "../../src/runtime/index.js";
import { searchMeta } from "../../src/runtime/search_hints.js";
import { conforms, costFail, rf200, spaArgs } from "./fixtures.js";

let client: Client;

beforeAll(async () => {
  const server = await buildServer();
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  client = new Client({ name: "test", version: "1" });
  await client.connect(b);
});
afterAll(async () => client.close());

const schemaOf = (name: string) => (exportTools("mcp-full").find((t: any) => t.name === name) as any).outputSchema;

describe("MCP over InMemoryTransport", () => {
  it("identifies as fin-skills at the package version", () => {
    expect(client.getServerVersion()).toEqual({ name: SERVER_NAME, version: tableInfo().version });
    expect(typeof sdkVersion()).toBe("string");
  });
  it("states the 32 MiB line limit, the 26 MB argument cap and the error cap in its instructions", () => {
    const text = client.getInstructions() ?? "";
    expect(text).toContain(`${MAX_LINE_BYTES} bytes (32 MiB)`);
    expect(text).toContain(`${MAX_ARGUMENT_BYTES} bytes as JSON (26 MB)`);
    expect(text).toContain(`capped at ${MAX_ERROR_CHARS} characters`);
    expect(MAX_LINE_BYTES).toBe(32 * 1024 * 1024);
    expect(MAX_ARGUMENT_BYTES).toBe(26_000_000);
  });
  it("lists every tool in one page, as the mcp export", async () => {
    const r = await client.listTools();
    expect(r.tools.map((t) => t.name)).toEqual(listTools().map((t) => t.name));
    expect(r.nextCursor).toBeUndefined();
    for (const t of r.tools) {
      // _meta only where the export has it (the always-loaded catalogue tools' search keys).
      const meta = searchMeta(t.name, false);
      const keys = ["annotations", "description", "inputSchema", "name", "title"];
      expect(Object.keys(t).sort()).toEqual(meta ? ["_meta", ...keys] : keys);
      expect(t._meta).toEqual(meta ?? undefined);
      expect(t.inputSchema.type).toBe("object");
      expect(JSON.stringify(t)).not.toContain("$schema");
      expect(t.name).toMatch(/^[a-z][a-z0-9_]{0,47}$/);
      expect(JSON.stringify(t)).toMatch(/^[\x20-\x7e]*$/);
    }
    await expect(client.listTools({ cursor: "x" })).rejects.toThrow(/invalid cursor/);
  });
  it("answers bundle_coverage, a passing and a failing check, with conforming structuredContent", async () => {
    const cov: any = await client.callTool({ name: "bundle_coverage", arguments: { slots: ["returns", "turnover"] } });
    expect(cov.structuredContent.ready_over_json).toContain("cost_curve");
    expect(conforms(schemaOf("bundle_coverage"), cov.structuredContent)).toBe(true);
    const pass: any = await client.callTool({ name: "check_rf_convention", arguments: rf200 });
    expect(pass.isError).toBeFalsy();
    expect(pass.structuredContent.passed).toBe(true);
    expect(conforms(schemaOf("check_rf_convention"), pass.structuredContent)).toBe(true);
    const fail: any = await client.callTool({ name: "check_cost_curve", arguments: costFail });
    expect(fail.isError).toBeFalsy();
    expect(fail.structuredContent.passed).toBe(false);
    expect(fail.structuredContent.findings.length).toBeGreaterThan(0);
    expect(JSON.parse(fail.content[0].text)).toEqual(fail.structuredContent);
  });
  it("returns bad input and unknown tools as isError results naming the field", async () => {
    const typo: any = await client.callTool({
      name: "check_cost_curve",
      arguments: { returns: { vals: [0.01] }, turnover: 0.1 },
    });
    expect(typo.isError).toBe(true);
    expect(typo.content[0].text).toContain("vals");
    expect(typo._meta["fin-skills/error"].field).toBe("returns");
    expect(typo.structuredContent).toBeUndefined();
    const none: any = await client.callTool({ name: "no_such_tool", arguments: {} });
    expect(none.isError).toBe(true);
    expect(none.content[0].text).toContain("no tool named");
  });
  it("sends increasing progress notifications from a long guard", async () => {
    const seen: number[] = [];
    const r: any = await client.callTool(
      { name: "check_spa_test", arguments: spaArgs() },
      {
        onprogress: (p) => seen.push(p.progress),
        timeout: 120_000,
      },
    );
    expect(r.isError).toBeFalsy();
    expect(seen.length).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
  }, 120_000);
  it("stops a cancelled call and keeps serving", async () => {
    const ac = new AbortController();
    // Cancelled at its first progress notification: the call is running by then.
    const pending = client.callTool(
      { name: "check_spa_test", arguments: spaArgs(2520, 100, 15_000) },
      {
        signal: ac.signal,
        timeout: 120_000,
        onprogress: () => ac.abort("stop"),
      },
    );
    await expect(pending).rejects.toBeTruthy();
    const next: any = await client.callTool({ name: "check_rf_convention", arguments: rf200 });
    expect(next.structuredContent.passed).toBe(true);
  }, 120_000);
});
