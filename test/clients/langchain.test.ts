// @langchain/mcp-adapters (a devDependency) against the real stdio server. Its schema simplifier
// keeps only the object branches of an anyOf, so a series given as a bare list (or a number where
// a series or a number is allowed) is refused client-side; the test pins that limitation and checks
// everything else: every tool loads, the documented forms run with the runtime's verdict, and every
// property that is not such a union keeps its schema exactly.
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadMcpTools } from "@langchain/mcp-adapters";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportTools, listTools } from "../../src/runtime/index.js";
import { ensureBuilt, ROOT } from "../server/fixtures.js";
import { callForms, runtimeStatus } from "./forms.js";
import { ledgerEnv } from "../helpers/ledger_env.js";

const version = JSON.parse(
  readFileSync(path.join(ROOT, "node_modules/@langchain/mcp-adapters/package.json"), "utf8"),
).version;
let client: Client;
let tools: Awaited<ReturnType<typeof loadMcpTools>>;

beforeAll(async () => {
  ensureBuilt();
  client = new Client({ name: "langchain-test", version: "1" });
  await client.connect(
    new StdioClientTransport({
      env: ledgerEnv(),
      command: process.execPath,
      // Verdicts are compared with the in-process runtime, which keeps no research ledger: neither does this server.
      args: [path.join(ROOT, "bin/fin-skills-mcp.cjs"), "--no-ledger"],
    }),
  );
  tools = await loadMcpTools("fin-skills", client as never);
});
afterAll(async () => client?.close());

const CONSTRAINTS = [
  "type",
  "enum",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "description",
];

/** A property whose alternatives mix an object with other types: the simplifier's blind spot. */
const mixedUnion = (p: any) =>
  Array.isArray(p.anyOf) &&
  p.anyOf.some((b: any) => b.type === "object") &&
  p.anyOf.some((b: any) => b.type !== "object");

describe(`@langchain/mcp-adapters ${version}`, () => {
  it("loads every tool; each property that is not an object-or-other union keeps its schema", () => {
    expect(tools.map((t) => t.name)).toEqual(listTools().map((t) => t.name));
    const served = exportTools("mcp") as { name: string; inputSchema: any }[];
    for (const s of served) {
      const converted = tools.find((t) => t.name === s.name)!.schema as any;
      for (const [k, p] of Object.entries<any>(s.inputSchema.properties ?? {})) {
        if (mixedUnion(p)) continue;
        const kept = Object.fromEntries(CONSTRAINTS.filter((c) => c in p).map((c) => [c, converted.properties[k][c]]));
        expect(kept, `${s.name}.${k}`).toEqual(
          Object.fromEntries(CONSTRAINTS.filter((c) => c in p).map((c) => [c, p[c]])),
        );
      }
    }
  });

  it("runs every tool in its documented form with the runtime's verdict, except series-or-number inputs", async () => {
    const refused: string[] = [];
    for (const f of (await callForms()).filter((x) => x.form === "as documented")) {
      const tool = tools.find((t) => t.name === f.tool)!;
      const out = await tool.invoke(f.args).catch((e: Error) => `refused: ${e.message}`);
      if (String(out).startsWith("refused")) refused.push(f.tool);
      if (String(out).startsWith("refused")) continue;
      const text = typeof out === "string" ? out : JSON.stringify(out);
      const status = await runtimeStatus(f.tool, f.args);
      if (status === "pass" || status === "fail") expect(text, f.tool).toContain(`"status":"${status}"`);
    }
    // Refused exactly where an object-or-other union input is given as a non-object value.
    const served = exportTools("mcp") as { name: string; inputSchema: any }[];
    const expected = (await callForms())
      .filter((x) => x.form === "as documented")
      .filter((x) => {
        const props = served.find((t) => t.name === x.tool)!.inputSchema.properties;
        return Object.entries(x.args).some(
          ([k, v]) => mixedUnion(props[k]) && (v === null || typeof v !== "object" || Array.isArray(v)),
        );
      })
      .map((x) => x.tool);
    expect(refused).toEqual(expected);
  }, 600_000);

  it("refuses a bare-list series client-side (known limitation of its anyOf simplifier)", async () => {
    const bare = (await callForms()).filter((x) => x.form === "bare-list series");
    expect(bare.length).toBeGreaterThan(0);
    for (const f of bare) {
      const tool = tools.find((t) => t.name === f.tool)!;
      await expect(tool.invoke(f.args), f.tool).rejects.toThrow(/did not match expected schema/);
    }
  });
});
