// The MCP App (MCP Apps extension): a ui:// resource holding the report page, referenced from
// check_backtest and the charted guards' tools and results. Only a host that declares the
// extension sees any of it; every other host gets tools/list and tools/call exactly as before.
// SDK-neutral: plain functions over capabilities, tool lists and results; server.ts wires them.
import { CHARTED_GUARDS } from "../report/charts.js";
import { pageHtml } from "../report/html.js";

export const APP_URI = "ui://fin-skills/report.html";
/** The extension's id and the MIME type of an app resource (as @modelcontextprotocol/ext-apps names them). */
export const EXTENSION_ID = "io.modelcontextprotocol/ui";
export const APP_MIME_TYPE = "text/html;profile=mcp-app";
/** The tools whose results the report draws. */
export const APP_TOOLS: readonly string[] = ["check_backtest", ...CHARTED_GUARDS.map((g) => `check_${g}`)];

type Caps = { extensions?: Record<string, unknown> } | undefined;
type Tool = { name?: unknown; _meta?: unknown };
type Result = { isError?: boolean; _meta?: Record<string, unknown> };

/** True when the client declared the MCP Apps extension with the HTML app MIME type. */
export function supportsApps(caps: Caps): boolean {
  const ui = caps?.extensions?.[EXTENSION_ID] as { mimeTypes?: unknown } | undefined;
  return Array.isArray(ui?.mimeTypes) && ui.mimeTypes.includes(APP_MIME_TYPE);
}

const uiMeta = (meta: unknown) => ({ ...(meta as Record<string, unknown> | undefined), ui: { resourceUri: APP_URI } });

/** tools/list for this client: charted tools reference the app for an Apps host; others unchanged. */
export function toolsFor<T extends object>(tools: readonly T[], caps: Caps): readonly T[] {
  if (!supportsApps(caps)) return tools;
  return tools.map((t) => {
    const tool = t as Tool;
    return typeof tool.name === "string" && APP_TOOLS.includes(tool.name) ? { ...t, _meta: uiMeta(tool._meta) } : t;
  });
}

/** A tools/call result for this client: a charted tool's result references the app for an Apps host. */
export function resultFor<T extends Result>(name: string, result: T, caps: Caps): T {
  if (!supportsApps(caps) || result.isError || !APP_TOOLS.includes(name)) return result;
  return { ...result, _meta: uiMeta(result._meta) };
}

/** resources/list for this client: the app for an Apps host, nothing otherwise. */
export function appResources(caps: Caps) {
  if (!supportsApps(caps)) return { resources: [] };
  const description = "The fin-skills report (verdicts, charts, provenance) of a check_backtest or guard result.";
  return { resources: [{ uri: APP_URI, name: "fin-skills report", description, mimeType: APP_MIME_TYPE }] };
}

let page: Promise<string> | null = null;

/** resources/read: the app page for APP_URI (self-contained, no network), null for any other URI. */
export async function readAppResource(uri: string) {
  if (uri !== APP_URI) return null;
  page ??= pageHtml(null, "app.ts");
  const meta = { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } };
  return { contents: [{ uri: APP_URI, mimeType: APP_MIME_TYPE, text: await page, _meta: meta }] };
}
