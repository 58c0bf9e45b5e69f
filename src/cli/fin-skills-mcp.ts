#!/usr/bin/env node
// fin-skills-mcp: the MCP server's command line (tool-layer.md §7.5).
import { parseArgs } from "node:util";
import { exportTools, listTools, tableInfo, warmPool } from "../runtime/index.js";
import { INSTALL_HINT, SDK_RANGE, sdkPresent, sdkSupported, sdkVersion } from "../server/sdk.js";
import { LIMIT_OPTIONS, LIMIT_USAGE, applyLimitFlags } from "./limit_flags.js";

const USAGE = `Usage: fin-skills-mcp [options]

Serves the fin-skills tools over MCP. The transport is stdio by default.

Options:
  --http                 serve Streamable HTTP (stateless) instead of stdio, at POST /mcp
  --host HOST            HTTP bind address (default 127.0.0.1)
  --port PORT            HTTP port (default 8765; 0 picks a free port)
  --allow-origin ORIGIN  also accept this Origin header over HTTP (repeatable)
  --verbose              log one line per call on stderr
${LIMIT_USAGE}  --json                 print the MCP tool definitions as one JSON array and exit
  --list-tools           print the tool names and exit
  --check                check that the MCP SDK is installed and generated/ is consistent
  --version              print the version and exit
  -h, --help             print this help and exit
`;

function parse() {
  try {
    return parseArgs({
      options: {
        help: { type: "boolean", short: "h" },
        version: { type: "boolean" },
        json: { type: "boolean" },
        "list-tools": { type: "boolean" },
        check: { type: "boolean" },
        http: { type: "boolean" },
        host: { type: "string" },
        port: { type: "string" },
        "allow-origin": { type: "string", multiple: true },
        verbose: { type: "boolean" },
        ...LIMIT_OPTIONS,
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    process.stderr.write(`fin-skills-mcp: ${(e as Error).message}\nTry fin-skills-mcp --help\n`);
    process.exit(2);
  }
}

function check(): number {
  const v = sdkVersion();
  if (!sdkPresent() || v === null) {
    process.stderr.write(`@modelcontextprotocol/sdk is NOT installed; ${INSTALL_HINT}\n`);
    return 1;
  }
  if (!sdkSupported(v)) {
    process.stderr.write(`@modelcontextprotocol/sdk ${v} is not supported; need ${SDK_RANGE}\n`);
    return 1;
  }
  try {
    process.stdout.write(`@modelcontextprotocol/sdk ${v} is installed; ${listTools().length} tools ready\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 1;
  }
}

async function serve(values: ReturnType<typeof parse>): Promise<void> {
  const port = values.port === undefined ? 8765 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(
      `fin-skills-mcp: --port must be an integer 0-65535, got '${values.port}'\nTry fin-skills-mcp --help\n`,
    );
    process.exit(2);
  }
  const bad = applyLimitFlags(values);
  if (bad) {
    process.stderr.write(`fin-skills-mcp: ${bad}\nTry fin-skills-mcp --help\n`);
    process.exit(2);
  }
  if (!sdkPresent()) {
    process.stderr.write(`fin-skills-mcp: cannot start - ${INSTALL_HINT}\n`);
    process.exit(1);
  }
  process.on("SIGINT", () => process.exit(130));
  process.on("SIGTERM", () => process.exit(143));
  const log = values.verbose ? (line: string) => process.stderr.write(`${line}\n`) : undefined;
  // Worker threads start once the first request has had its turn (they load the runtime on another core).
  setTimeout(() => void warmPool().catch(() => undefined), 100).unref();
  const { serveHttp, serveStdio } = await import("../server/serve.js");
  if (values.http) await serveHttp({ host: values.host, port, allowOrigins: values["allow-origin"], log });
  else {
    await serveStdio({ log });
    process.exit(0);
  }
}

// A closed pipe (e.g. `| head`) ends the command quietly.
process.stdout.on("error", (e: NodeJS.ErrnoException) => process.exit(e.code === "EPIPE" ? 0 : 1));

async function main(): Promise<void> {
  const values = parse();
  if (values.help) return void process.stdout.write(USAGE);
  if (values.version) return void process.stdout.write(`fin-skills ${tableInfo().version}\n`);
  if (values.json) return void process.stdout.write(`${JSON.stringify(exportTools("mcp"))}\n`);
  if (values["list-tools"]) {
    const tools = listTools();
    process.stdout.write(
      `${tools.length} MCP tools, ${tableInfo().counts.excluded} guards excluded (fin-skills tools --excluded says why)\n`,
    );
    for (const t of tools) process.stdout.write(`  ${t.name}\n`);
    return;
  }
  if (values.check) process.exit(check());
  await serve(values);
}

main().catch((e) => {
  process.stderr.write(`fin-skills-mcp: cannot start - ${(e as Error).message}\n`);
  process.exit(1);
});
