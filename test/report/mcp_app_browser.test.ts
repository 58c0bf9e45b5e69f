// The MCP App drawn in chromium inside a real ext-apps host (AppBridge over postMessage): fed the
// tool input and the result an Apps host received over a real MCP session, it draws the same charts
// with the same numbers as the HTML report, with no console error and no request.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { build } from "esbuild";
import { afterAll, beforeAll, expect } from "vitest";
import { reportData } from "../../src/report/data.js";
import { APP_MIME_TYPE, APP_URI, EXTENSION_ID } from "../../src/server/app_resource.js";
import { ROOT, SERVER_JS } from "../server/fixtures.js";
import { hasChromium, openBrowser, type Browser } from "./chromium.js";
import { CHROMIUM, itWithTool } from "../helpers/system_tool.js";
import { ledgerEnv } from "../helpers/ledger_env.js";

type Obj = Record<string, any>;
const ARTEFACTS = path.join(ROOT, "test-artifacts", "report");
const sample = JSON.parse(readFileSync(path.join(ROOT, "data", "sample-bundle.json"), "utf8"));
let browser: Browser;
let client: Client;

beforeAll(async () => {
  const transport = new StdioClientTransport({
    env: ledgerEnv(),
    command: process.execPath,
    args: [SERVER_JS],
    stderr: "pipe",
  });
  const capabilities = { extensions: { [EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } } };
  client = new Client({ name: "apps-host", version: "1" }, { capabilities });
  await client.connect(transport);
  if (hasChromium()) browser = await openBrowser();
});
afterAll(async () => {
  await Promise.all([client?.close(), browser?.close()]);
});

async function hostPage(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(ROOT, "test", "report", "host", "host.ts")],
    bundle: true,
    format: "iife",
    platform: "browser",
    write: false,
    logLevel: "warning",
  });
  const dir = mkdtempSync(path.join(tmpdir(), "fin-skills-host-"));
  const file = path.join(dir, "host.html");
  const js = out.outputFiles[0]!.text.replace(/<\/script/gi, "<\\/script");
  writeFileSync(
    file,
    `<!doctype html><html><head><meta charset="utf-8"></head><body><script>${js}</script></body></html>`,
  );
  return pathToFileURL(file).href;
}

itWithTool(CHROMIUM)(
  "draws check_backtest's result in the app with the report's charts and numbers",
  async () => {
    const args = { slots: sample };
    const result = (await client.callTool({ name: "check_backtest", arguments: args })) as Obj;
    expect(result._meta?.ui?.resourceUri).toBe(APP_URI);
    const page = (await client.readResource({ uri: APP_URI })).contents[0] as Obj;
    const url = await hostPage();
    const { page: tab } = browser;
    await tab.goto(url);
    await tab.evaluate(([html, a, r]) => (window as any).startHost(html, a, r), [page.text, args, result] as const);
    const frame = tab.frameLocator("iframe");
    const expected = reportData(result.structuredContent, sample).charts.map((c) => c.kind);
    await expect
      .poll(async () => frame.locator('figure[data-drawn="true"]').count(), { timeout: 30_000 })
      .toBe(expected.length);
    const kinds = await frame.locator("figure").evaluateAll((fs) => fs.map((f) => (f as HTMLElement).dataset.chart));
    expect(kinds).toEqual(expected);
    const ev = result.structuredContent.results.find((g: Obj) => g.guard === "cost_curve").evidence;
    const breakeven = frame.locator('[data-marker="breakeven"]');
    expect(Number(await breakeven.getAttribute("data-value"))).toBe(ev.breakeven_bps);
    expect(await breakeven.textContent()).toBe(`breakeven ${ev.breakeven_bps.toFixed(2)} bps`);
    const spa = result.structuredContent.results.find((g: Obj) => g.guard === "spa_test").evidence;
    expect(Number(await frame.locator('[data-bar="consistent"]').getAttribute("data-value"))).toBe(
      spa.pvalues.consistent,
    );
    expect(await frame.locator("#status").textContent()).toBe(
      `check_backtest: ${result.structuredContent.status.toUpperCase()}`,
    );
    expect(await frame.locator("#coverage").textContent()).toBe(result.structuredContent.summary.split("\n")[0]);
    await tab.screenshot({ path: path.join(ARTEFACTS, "mcp-app.png"), fullPage: true });
    expect(browser.errors).toEqual([]);
    expect(browser.requests).toEqual([url]);
  },
  120_000,
);
