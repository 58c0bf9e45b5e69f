// The worked example over a real stdio MCP connection: spawn the compiled server, list the
// tools, ask bundle_coverage, run check_backtest on the embedded sample, print the verdicts in
// 80 columns, write the HTML report, and say what to do next.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reportHtml } from "../report/html.js";
import { strategyStory } from "../report/sample_story.js";
import { wrap } from "../report/wrap.js";
import { packageRoot } from "../runtime/table.js";
import { INSTALL_HINT, loadClient } from "../server/sdk.js";
import { backtestReport, progressBar } from "./report.js";

/** The sample bundle shipped with the package. */
const SAMPLE = () => path.join(packageRoot(), "data", "sample-bundle.json");

export function sampleBundle(): Record<string, unknown> {
  return JSON.parse(readFileSync(SAMPLE(), "utf8")) as Record<string, unknown>;
}

type Out = (s: string) => void;
const para = (text: string, first = "", rest = first) => `${wrap(text, first, rest).join("\n")}\n`;

/** The one place the demo writes: `fin-skills-demo-<user>` in the temporary folder (docs/report.md names it). */
export function demoHome(): string {
  const home = path.join(tmpdir(), `fin-skills-demo-${userInfo().username}`);
  mkdirSync(home, { recursive: true, mode: 0o700 });
  return home;
}

/** A folder of this run's own under demoHome() (a second run never overwrites it) with a copy of the sample. */
function runFolder(): { report: string; bundle: string } {
  const dir = mkdtempSync(path.join(demoHome(), "run-"));
  const bundle = path.join(dir, "sample-bundle.json");
  copyFileSync(SAMPLE(), bundle);
  return { report: path.join(dir, "sample-report.html"), bundle };
}

/** What to do next; each path on a line of its own, never cut by the 80-column wrap (a path can be longer). */
function nextSteps(files: { report: string; bundle: string }): string {
  return [
    "",
    "Next:",
    "  - open the charts of this run:",
    `      ${files.report}`,
    "  - check your own bundle of slots, a JSON object like",
    `      ${files.bundle}`,
    "    with:",
    "      npx fin-skills check my-bundle.json --html report.html",
    "  - list the slots each skipped guard needs:",
    "      npx fin-skills check my-bundle.json --verbose",
    "",
  ].join("\n");
}

export async function demo(out: Out = (s) => process.stdout.write(s)): Promise<number> {
  const sdk = await loadClient();
  if (sdk === null) {
    process.stderr.write(`fin-skills demo: ${INSTALL_HINT}\n`);
    return 1;
  }
  const { Client, StdioClientTransport } = sdk;
  const server = path.join(path.dirname(fileURLToPath(import.meta.url)), "fin-skills-mcp.cjs");
  // A fresh research ledger per run, removed when the run ends: the demo never writes one where it is run.
  const ledgerDir = mkdtempSync(path.join(demoHome(), "ledger-"));
  const ledger = path.join(ledgerDir, "ledger.sqlite");
  const args = [server, "--ledger", ledger];
  const transport = new StdioClientTransport({ command: process.execPath, args, stderr: "pipe" });
  const client = new Client({ name: "fin-skills-demo", version: "1" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const guards = tools.filter((t) => t.name.startsWith("check_") && t.name !== "check_backtest").length;
    const bundle = sampleBundle();
    out(para(strategyStory(bundle)));
    out(para(`Connected to fin-skills-mcp over stdio: ${tools.length} tools (${guards} guards).`));
    out("\n");
    const names = Object.keys(bundle);
    const cov = (await client.callTool({ name: "bundle_coverage", arguments: { slots: names } }))
      .structuredContent as Record<string, any>;
    out(para(`bundle_coverage(${names.join(", ")}):`, "", "  "));
    out(para(String(cov.summary), "  "));
    out(para(`ready over JSON: ${cov.ready_over_json.join(", ")}`, "  ", "    "));
    out("\n");
    const slots = bundle;
    const tty = process.stderr.isTTY === true;
    const onprogress = tty
      ? (p: { progress: number; total?: number; message?: string }) =>
          process.stderr.write(progressBar(p.progress, p.total ?? 0, p.message))
      : undefined;
    const res = await client.callTool({ name: "check_backtest", arguments: { slots } }, { onprogress });
    if (tty) process.stderr.write(`\r${" ".repeat(79)}\r`);
    const r = res.structuredContent as Record<string, any>;
    out(backtestReport(r));
    const files = runFolder();
    writeFileSync(files.report, await reportHtml(r, slots));
    out(nextSteps(files));
    return 0;
  } finally {
    await client.close();
    rmSync(ledgerDir, { recursive: true, force: true });
  }
}
