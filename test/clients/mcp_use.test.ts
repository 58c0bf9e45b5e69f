// mcp-use (a devDependency; its client and LangChain adapter entry points) against the real stdio
// server, with its telemetry off (MCP_USE_ANONYMIZED_TELEMETRY=false, set before it loads). No served
// property becomes `{}`. Its JSON Schema to zod conversion reads an object schema as closed, so a call
// that sends a key an open object schema does not list (a series' `index`, a slot name) is refused
// client-side, and `integer` becomes `number`; the test derives exactly which calls it refuses.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { exportTools, listTools } from "../../src/runtime/index.js";
import { ensureBuilt, ROOT } from "../server/fixtures.js";
import { callForms, runtimeStatus } from "./forms.js";
import { ledgerEnv } from "../helpers/ledger_env.js";

const version = JSON.parse(readFileSync(path.join(ROOT, "node_modules/mcp-use/package.json"), "utf8")).version;
const served = exportTools("mcp") as { name: string; inputSchema: any }[];
let client: any;
let tools: any[] = [];

beforeAll(async () => {
  ensureBuilt();
  process.env.MCP_USE_ANONYMIZED_TELEMETRY = "false";
  const { MCPClient } = await import("mcp-use/client");
  const { LangChainAdapter } = await import("mcp-use/adapters");
  client = MCPClient.fromDict({
    mcpServers: {
      "fin-skills": {
        env: ledgerEnv(),
        command: process.execPath,
        args: [path.join(ROOT, "bin/fin-skills-mcp.cjs"), "--no-ledger"],
      },
    },
  });
  await client.createAllSessions();
  tools = await LangChainAdapter.createTools(client);
}, 120_000);
afterAll(async () => client?.closeAllSessions());

/** The object branch of a property schema (itself, or its anyOf's object member), or null. */
function objectBranch(schema: any): any {
  if (schema?.type === "object") return schema;
  return schema?.anyOf?.find((b: any) => b.type === "object") ?? null;
}

/** True when `value` carries an object key its schema does not list (the keys this client refuses). */
function unlistedKey(schema: any, value: unknown): boolean {
  if (Array.isArray(value)) return value.some((v) => unlistedKey(schema?.items, v));
  if (value === null || typeof value !== "object") return false;
  const obj = objectBranch(schema);
  if (!obj) return false;
  const props = obj.properties ?? {};
  return Object.entries(value).some(([k, v]) => !(k in props) || unlistedKey(props[k], v));
}

/** The sorted JSON types a property schema allows, from `type` or its anyOf branches. */
const typesOf = (p: any): string =>
  [...new Set<string>(p.anyOf ? p.anyOf.map((b: any) => typesOf(b)) : [p.type ?? "any"].flat())].sort().join(",");

const convertedProps = (name: string) =>
  (z.toJSONSchema(tools.find((t) => t.name === name)!.schema, { unrepresentable: "any" }) as any).properties ?? {};

describe(`mcp-use ${version}`, () => {
  it("loads every tool, and no served property becomes {}", () => {
    expect(tools.map((t) => t.name).sort()).toEqual(
      listTools()
        .map((t) => t.name)
        .sort(),
    );
    for (const s of served) {
      const converted = convertedProps(s.name);
      expect(Object.keys(converted), s.name).toEqual(Object.keys(s.inputSchema.properties ?? {}));
      for (const [k, p] of Object.entries<any>(converted)) {
        const { description: _d, default: _f, ...rest } = p;
        expect(Object.keys(rest).length, `${s.name}.${k} became {}`).toBeGreaterThan(0);
      }
    }
  });

  it("keeps every property's types (a type, a type list or anyOf branches); integer becomes number", () => {
    const changed = new Set<string>();
    for (const s of served)
      for (const [k, p] of Object.entries<any>(s.inputSchema.properties ?? {})) {
        const [want, got] = [typesOf(p), typesOf(convertedProps(s.name)[k])];
        if (want !== got) changed.add(`${want} -> ${got}`);
      }
    expect([...changed]).toEqual(["integer -> number"]);
  });

  it("runs each call form with the runtime's verdict, refusing exactly calls with an unlisted object key", async () => {
    const refused: string[] = [];
    const expected: string[] = [];
    for (const f of await callForms()) {
      const id = `${f.tool} (${f.form})`;
      const schema = served.find((t) => t.name === f.tool)!.inputSchema;
      if (unlistedKey(schema, f.args)) expected.push(id);
      const tool = tools.find((t) => t.name === f.tool)!;
      const out = await tool.invoke(f.args).catch((e: Error) => new Error(e.message));
      if (out instanceof Error) {
        expect(out.message, id).toContain("did not match expected schema");
        refused.push(id);
        continue;
      }
      const text = (typeof out === "string" ? out : JSON.stringify(out)).replace(/\\"/g, '"');
      const status = await runtimeStatus(f.tool, f.args);
      if (status === "pass" || status === "fail") expect(text, id).toContain(`"status":"${status}"`);
    }
    expect(refused).toEqual(expected);
    expect(refused.length).toBeLessThan((await callForms()).length);
  }, 600_000);
});
