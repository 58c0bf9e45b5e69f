// Adversarial calls over real stdio: each gets an answer and the server keeps serving.
import { describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { SERVER_JS } from "../server/fixtures.js";
import { ledgerEnv } from "../helpers/ledger_env.js";

type ToolReply = { isError?: boolean; _meta?: Record<string, { code: string; field: string }> };

describe("bounded calls over stdio", () => {
  it("3 x 30,000 weights and a 100,000-entry bps list are refused with the field named; " +
    "list_guards still answers", async () => {
    const client = new Client({ name: "t", version: "1" });
    await client.connect(
      new StdioClientTransport({ env: ledgerEnv(), command: process.execPath, args: [SERVER_JS], stderr: "pipe" }),
    );
    const columns = Array.from({ length: 30_000 }, (_, j) => `a${j}`);
    const data = [0, 1, 2].map((i) => columns.map((_, j) => Math.sin(i * 7 + j) * 0.01));
    const weights = (await client.callTool({
      name: "check_weight_traps",
      arguments: { asset_returns: { columns, data } },
    })) as unknown as ToolReply;
    const returns = Array.from({ length: 5000 }, (_, i) => Math.sin(i) * 0.01 + 0.0005);
    const bps = Array.from({ length: 100_000 }, (_, i) => i / 10);
    const curve = (await client.callTool({
      name: "check_cost_curve",
      arguments: { returns, turnover: 0.1, bps },
    })) as unknown as ToolReply;
    const guards = (await client.callTool({ name: "list_guards", arguments: {} })) as unknown as ToolReply & {
      structuredContent: { guards: unknown[] };
    };
    await client.close();
    expect([weights.isError, weights._meta?.["fin-skills/error"]?.field]).toEqual([true, "asset_returns"]);
    expect([curve.isError, curve._meta?.["fin-skills/error"]?.field]).toEqual([true, "bps"]);
    expect(weights._meta?.["fin-skills/error"]?.code).toBe("too_large");
    expect(guards.isError).toBeFalsy();
    expect(guards.structuredContent.guards.length).toBeGreaterThan(0);
  }, 120_000);
});
