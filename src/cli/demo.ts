// The worked example over a real stdio MCP connection: spawn the compiled server, list the
// tools, ask bundle_coverage, run check_backtest on the embedded sample, print the verdicts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { packageRoot } from "../runtime/table.js";
import { INSTALL_HINT, loadClient } from "../server/sdk.js";
import { backtestReport } from "./report.js";

const SLOTS = ["returns", "turnover", "rf"] as const;

export function sampleBundle(): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(packageRoot(), "data", "sample-bundle.json"), "utf8")) as Record<
    string,
    unknown
  >;
}

type Out = (s: string) => void;

export async function demo(out: Out = (s) => process.stdout.write(s)): Promise<number> {
  const sdk = await loadClient();
  if (sdk === null) {
    process.stderr.write(`fin-skills demo: ${INSTALL_HINT}\n`);
    return 1;
  }
  const { Client, StdioClientTransport } = sdk;
  const server = path.join(path.dirname(fileURLToPath(import.meta.url)), "fin-skills-mcp.js");
  const transport = new StdioClientTransport({ command: process.execPath, args: [server], stderr: "pipe" });
  const client = new Client({ name: "fin-skills-demo", version: "1" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    out(
      `Connected to fin-skills-mcp over stdio: ${tools.length} tools (${tools.filter((t) => t.name.startsWith("check_") && t.name !== "check_backtest").length} guards).\n\n`,
    );
    const bundle = sampleBundle();
    const cov = (await client.callTool({ name: "bundle_coverage", arguments: { slots: [...SLOTS] } }))
      .structuredContent as Record<string, any>;
    out(
      `bundle_coverage(${JSON.stringify(SLOTS)}):\n  ${cov.summary}\n  ready over JSON: ${cov.ready_over_json.join(", ")}\n\n`,
    );
    const slots = Object.fromEntries(SLOTS.map((s) => [s, bundle[s]]));
    const res = await client.callTool({ name: "check_backtest", arguments: { slots } });
    const r = res.structuredContent as Record<string, any>;
    out(backtestReport(r));
    return 0;
  } finally {
    await client.close();
  }
}
