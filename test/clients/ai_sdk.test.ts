// The AI SDK's MCP client (@ai-sdk/mcp, a devDependency) against the real stdio server: every tool
// becomes an AI SDK tool with the served schema unchanged, and executing each valid call form gives
// the runtime's verdict.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportTools, listTools } from "../../src/runtime/index.js";
import { ensureBuilt, ROOT } from "../server/fixtures.js";
import { callForms, runtimeStatus } from "./forms.js";
import { ledgerEnv } from "../helpers/ledger_env.js";

const version = JSON.parse(readFileSync(path.join(ROOT, "node_modules/@ai-sdk/mcp/package.json"), "utf8")).version;
let client: Awaited<ReturnType<typeof createMCPClient>>;

beforeAll(async () => {
  ensureBuilt();
  client = await createMCPClient({
    transport: new Experimental_StdioMCPTransport({
      env: ledgerEnv(),
      command: process.execPath,
      // Verdicts are compared with the in-process runtime, which keeps no research ledger: neither does this server.
      args: [path.join(ROOT, "bin/fin-skills-mcp.cjs"), "--no-ledger"],
      cwd: ROOT,
    }),
  });
});
afterAll(async () => client?.close());

describe(`AI SDK MCP client (@ai-sdk/mcp ${version})`, () => {
  it("turns every tool into an AI SDK tool whose schema is the served one", async () => {
    const tools = await client.tools();
    expect(Object.keys(tools)).toEqual(listTools().map((t) => t.name));
    // The AI SDK closes the top-level object (additionalProperties: false); nothing else changes.
    const served = exportTools("mcp") as { name: string; inputSchema: object }[];
    for (const t of served) {
      const schema = await (tools[t.name]!.inputSchema as any).jsonSchema;
      expect(schema, t.name).toEqual({ ...t.inputSchema, additionalProperties: false });
    }
  });

  it("executes every tool in each valid call form with the runtime's verdict", async () => {
    const tools = await client.tools();
    for (const f of await callForms()) {
      const where = `${f.tool} (${f.form})`;
      const result: any = await tools[f.tool]!.execute!(f.args, { toolCallId: where, messages: [], context: {} });
      expect(result.isError ?? false, where).toBe(false);
      const status = result.structuredContent?.status;
      if (status !== undefined) expect(status, where).toBe(await runtimeStatus(f.tool, f.args));
    }
  }, 600_000);
});
