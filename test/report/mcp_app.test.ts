// The MCP App over a real stdio MCP session with the compiled server (dist/ from the e2e setup):
// a host declaring the Apps extension sees the ui:// resource listed, served and referenced from the
// charted tools and their results; a host without it sees tools/list and tools/call unchanged.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { EXTENSION_ID as EXT_ID, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportTools } from "../../src/runtime/index.js";
import { APP_MIME_TYPE, APP_TOOLS, APP_URI, EXTENSION_ID } from "../../src/server/app_resource.js";
import { ROOT, SERVER_JS } from "../server/fixtures.js";
import { ledgerEnv } from "../helpers/ledger_env.js";

const sample = JSON.parse(readFileSync(path.join(ROOT, "data", "sample-bundle.json"), "utf8"));
type Obj = Record<string, any>;

async function connect(withApps: boolean): Promise<Client> {
  const transport = new StdioClientTransport({
    env: ledgerEnv(),
    command: process.execPath,
    args: [SERVER_JS],
    stderr: "pipe",
  });
  const capabilities = withApps ? { extensions: { [EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } } } : {};
  const client = new Client({ name: withApps ? "apps-host" : "plain-host", version: "1" }, { capabilities });
  await client.connect(transport);
  return client;
}

let apps: Client;
let plain: Client;
beforeAll(async () => {
  [apps, plain] = await Promise.all([connect(true), connect(false)]);
});
afterAll(async () => {
  await Promise.all([apps?.close(), plain?.close()]);
});

it("uses the extension id and MIME type @modelcontextprotocol/ext-apps defines", () => {
  expect(EXTENSION_ID).toBe(EXT_ID);
  expect(APP_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
});

describe("a host with the MCP Apps extension", () => {
  it("lists the report app and reads it as one self-contained page", async () => {
    const { resources } = await apps.listResources();
    expect(resources.map((r) => [r.uri, r.mimeType])).toEqual([[APP_URI, APP_MIME_TYPE]]);
    const read = await apps.readResource({ uri: APP_URI });
    expect(read.contents.length).toBe(1);
    const page = read.contents[0] as Obj;
    expect(page.mimeType).toBe(APP_MIME_TYPE);
    expect(page.text.startsWith("<!doctype html>")).toBe(true);
    expect(page.text).toContain("default-src 'none'");
    expect(page.text).not.toContain('id="report-data"'); // the data comes from the host, not the page
    expect(page.text).not.toMatch(/<script[^>]*\bsrc=|<link\b|<iframe\b|@import/i);
    expect(page._meta.ui.csp).toEqual({ connectDomains: [], resourceDomains: [] });
    await expect(apps.readResource({ uri: "ui://fin-skills/nope.html" })).rejects.toThrow(
      /unknown resource|Resource not found/,
    );
  });

  it("sees the app referenced from exactly the charted tools, and nothing else changed", async () => {
    const { tools } = await apps.listTools();
    const base = exportTools("mcp") as Obj[];
    expect(tools.map((t) => t.name)).toEqual(base.map((t) => t.name));
    for (const [i, t] of tools.entries()) {
      if (APP_TOOLS.includes(t.name)) {
        expect(t._meta?.ui).toEqual({ resourceUri: APP_URI });
        const { _meta, ...rest } = t as Obj;
        const { _meta: baseMeta, ...baseRest } = base[i]!;
        expect(rest).toEqual(baseRest);
        expect({ ..._meta, ui: undefined }).toEqual({ ...baseMeta, ui: undefined });
      } else expect(t).toEqual(base[i]);
    }
    expect(tools.filter((t) => t._meta?.ui).length).toBe(
      APP_TOOLS.filter((n) => base.some((t) => t.name === n)).length,
    );
  });

  it("gets check_backtest's result with the app reference and the same content", async () => {
    const [withApp, without] = await Promise.all([
      apps.callTool({ name: "check_backtest", arguments: { slots: sample } }),
      plain.callTool({ name: "check_backtest", arguments: { slots: sample } }),
    ]);
    expect(withApp._meta?.ui).toEqual({ resourceUri: APP_URI });
    // Both calls send the same strategies to one research ledger: only which of them recorded them first differs.
    const unrecorded = (x: unknown): unknown =>
      Array.isArray(x)
        ? x.map(unrecorded)
        : x && typeof x === "object"
          ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, k === "recorded" ? 0 : unrecorded(v)]))
          : x;
    const strip = (r: Obj) =>
      unrecorded({
        ...r.structuredContent,
        elapsed_s: 0,
        results: r.structuredContent.results.map((g: Obj) => ({ ...g, elapsed_s: 0 })),
      });
    expect(strip(withApp)).toEqual(strip(without));
  });
});

describe("a host without the extension", () => {
  it("gets exactly today's tools/list and no resources", async () => {
    const { tools } = await plain.listTools();
    expect(tools).toEqual(exportTools("mcp"));
    expect((await plain.listResources()).resources).toEqual([]);
  });

  it("gets results with no _meta added, for a charted tool and for check_backtest", async () => {
    const r = await plain.callTool({ name: "check_backtest", arguments: { slots: sample } });
    expect(Object.keys(r).sort()).toEqual(["content", "structuredContent"]);
    const spa = await plain.callTool({
      name: "check_cost_curve",
      arguments: { returns: sample.returns, turnover: sample.turnover },
    });
    expect(Object.keys(spa).sort()).toEqual(["content", "structuredContent"]);
  });
});
