// The self-contained HTML report: one file, script and styles inlined, a Content-Security-Policy
// that forbids every network fetch, the ReportData embedded as JSON.
import { clientAssets } from "./assets.js";
import { reportData } from "./data.js";
import type { ReportData } from "./types.js";

/** No fetches of any kind; inline script and style only; images only from data: URLs. */
export const CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";

/** JSON safe inside a <script> element (no "</script", no "<!--"). */
export function scriptJson(x: unknown): string {
  return JSON.stringify(x)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** An inlined script body safe from an early "</script" in minified code. */
const inlineScript = (js: string) => js.replace(/<\/script/gi, "<\\/script");

/** The page around `data` (null: an empty page the MCP App fills from the host's tool result). */
export async function pageHtml(data: ReportData | null, entry = "main.ts"): Promise<string> {
  const { js, css } = await clientAssets(entry);
  const title = data ? `${data.title}: ${data.status}` : "fin-skills report";
  const json = data ? `<script type="application/json" id="report-data">${scriptJson(data)}</script>\n` : "";
  return (
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n` +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<title>${escapeText(title)}</title>\n<style>\n${css}\n</style>\n</head>\n<body>\n` +
    `<main id="report"><noscript>This report draws its tables and charts with JavaScript.</noscript></main>\n` +
    `${json}<script>\n${inlineScript(js)}\n</script>\n</body>\n</html>\n`
  );
}

/** The HTML report of a tool result; `bundle` (its inputs) lets the report draw the equity curve. */
export async function reportHtml(result: Record<string, unknown>, bundle?: Record<string, unknown>): Promise<string> {
  return pageHtml(reportData(result, bundle));
}
