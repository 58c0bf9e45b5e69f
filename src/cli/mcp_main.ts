// fin-skills-mcp's command line (its entry, fin-skills-mcp.ts, runs this from the one-file build when
// there is one).
import "./node_check.cjs";
import { parseArgs } from "node:util";
import { exportTools, listTools, tableInfo, warmPool } from "../runtime/index.js";
import { buildNote } from "../runtime/table.js";
import { INSTALL_HINT, SDK_PACKAGE, SDK_RANGE, sdkPresent, sdkSupported, sdkVersion } from "../server/sdk.js";
import { exitWhenFlushed, quietOnClosedPipe } from "./exit.js";
import { stopWhenOrphaned } from "./orphan_watch.js";
import { LIMIT_OPTIONS, LIMIT_USAGE, applyLimitFlags } from "./limit_flags.js";
import { LEDGER_OPTIONS, LEDGER_USAGE, applyLedgerFlags } from "./ledger_flags.js";

const USAGE = `Usage: fin-skills-mcp [options]

Serves the fin-skills tools over MCP. The transport is stdio by default.

Options:
  --http                 serve Streamable HTTP (stateless) instead of stdio, at POST /mcp
  --host HOST            HTTP bind address (default 127.0.0.1)
  --port PORT            HTTP port (default 8765; 0 picks a free port)
  --allow-origin ORIGIN  also accept this Origin over HTTP, answering its CORS preflight (repeatable)
  --allow-host HOST:PORT also accept this Host header over HTTP, e.g. a load balancer's (repeatable)
  --max-connections N    HTTP: open connections at most; at the cap the oldest idle one is closed (1024)
  --headers-timeout MS   HTTP: time to receive a request's headers (10000)
  --request-timeout MS   HTTP: time to receive a whole request, body included (60000)
  --body-timeout MS      HTTP: time any body may take; past it, a body averaging under --min-body-rate
                         is answered 408 and its connection closed (10000)
  --min-body-rate B      HTTP: bytes a second a body must average after --body-timeout (65536)
  --max-body-bytes-in-flight B
                         HTTP: bytes of request bodies held at once, from headers to reply; past it a
                         request is answered 503 with Retry-After before its body is read (268435456)
  --idle-timeout MS      HTTP: time a kept-alive connection waits for its next request (65000)
  --data-dir DIR         allow file references to read under DIR (repeatable; stdio default: the working
                         directory; HTTP: none). An MCP client that declares roots sets them instead.
  --verbose              log one line per call on stderr
${LIMIT_USAGE}${LEDGER_USAGE}  --json                 print the MCP tool definitions as one JSON array and exit
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
        "allow-host": { type: "string", multiple: true },
        "max-connections": { type: "string" },
        "headers-timeout": { type: "string" },
        "request-timeout": { type: "string" },
        "body-timeout": { type: "string" },
        "max-body-bytes-in-flight": { type: "string" },
        "min-body-rate": { type: "string" },
        "idle-timeout": { type: "string" },
        verbose: { type: "boolean" },
        "data-dir": { type: "string", multiple: true },
        ...LIMIT_OPTIONS,
        ...LEDGER_OPTIONS,
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
    process.stderr.write(`${SDK_PACKAGE} is NOT installed; ${INSTALL_HINT}\n`);
    return 1;
  }
  if (!sdkSupported(v)) {
    process.stderr.write(`${SDK_PACKAGE} ${v} is not supported; need ${SDK_RANGE}\n`);
    return 1;
  }
  try {
    const stale = buildNote();
    process.stdout.write(`${SDK_PACKAGE} ${v} is installed; ${listTools().length} tools ready\n`);
    if (stale) process.stderr.write(`fin-skills-mcp: ${stale}\n`);
    return stale ? 1 : 0;
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 1;
  }
}

/** An integer flag within [min, max] (undefined when absent); a usage error (exit 2) otherwise. */
function intFlag(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (/^\d+$/.test(raw) && n >= min && n <= max) return n;
  process.stderr.write(
    `fin-skills-mcp: --${name} must be an integer ${min}-${max}, got '${raw}'\nTry fin-skills-mcp --help\n`,
  );
  process.exit(2);
}

function httpLimits(values: ReturnType<typeof parse>) {
  const limits = {
    maxConnections: intFlag("max-connections", values["max-connections"], 1, 1_000_000),
    headersTimeoutMs: intFlag("headers-timeout", values["headers-timeout"], 1, 86_400_000),
    requestTimeoutMs: intFlag("request-timeout", values["request-timeout"], 1, 86_400_000),
    bodyTimeoutMs: intFlag("body-timeout", values["body-timeout"], 1, 86_400_000),
    minBodyRate: intFlag("min-body-rate", values["min-body-rate"], 0, 1_000_000_000),
    maxBodyBytesInFlight: intFlag("max-body-bytes-in-flight", values["max-body-bytes-in-flight"], 16_000_000, 2 ** 40),
    idleTimeoutMs: intFlag("idle-timeout", values["idle-timeout"], 1, 86_400_000),
  };
  return Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
}

const lower = (xs: string[] | undefined) => xs?.map((x) => x.toLowerCase());

async function serve(values: ReturnType<typeof parse>): Promise<void> {
  const port = intFlag("port", values.port, 0, 65535) ?? 8765;
  const limits = httpLimits(values);
  const bad = applyLimitFlags(values);
  if (bad) {
    process.stderr.write(`fin-skills-mcp: ${bad}\nTry fin-skills-mcp --help\n`);
    process.exit(2);
  }
  const badLedger = await applyLedgerFlags(values, values["data-dir"]);
  if (badLedger) {
    process.stderr.write(`fin-skills-mcp: ${badLedger}\nTry fin-skills-mcp --help\n`);
    process.exit(2);
  }
  if (!sdkPresent()) {
    process.stderr.write(`fin-skills-mcp: cannot start - ${INSTALL_HINT}\n`);
    process.exit(1);
  }
  const stale = buildNote();
  if (stale) process.stderr.write(`fin-skills-mcp: ${stale}\n`);
  process.on("SIGINT", () => process.exit(130));
  process.on("SIGTERM", () => process.exit(143));
  stopWhenOrphaned(() => {
    process.stderr.write("fin-skills-mcp: stopping: npx, which started this server, has exited\n");
    process.exit(143);
  });
  const log = values.verbose ? (line: string) => process.stderr.write(`${line}\n`) : undefined;
  // Worker threads (they load the runtime on another core) start once the first tools/list is answered,
  // or after a second: not while the first requests are being answered.
  let warming = false;
  const onListed = () => {
    if (warming) return;
    warming = true;
    void warmPool().catch(() => undefined);
  };
  setTimeout(onListed, 1000).unref();
  const dataDirs = values["data-dir"];
  if (values.http) {
    const { serveHttp } = await import("../server/http.js");
    await serveHttp({
      host: values.host,
      port,
      allowOrigins: values["allow-origin"],
      allowHosts: lower(values["allow-host"]),
      limits,
      log,
      dataDirs,
      onListed,
    });
  } else {
    const { serveStdio } = await import("../server/serve.js");
    await serveStdio({ log, dataDirs, onListed });
    await exitWhenFlushed(0);
  }
}

quietOnClosedPipe();

async function main(): Promise<void> {
  const values = parse();
  if (values.help) return void process.stdout.write(USAGE);
  if (values.version) return void process.stdout.write(`fin-skills ${tableInfo().version}\n`);
  if (values.json) return void process.stdout.write(`${JSON.stringify(exportTools("mcp"))}\n`);
  if (values["list-tools"]) {
    const tools = listTools();
    process.stdout.write(
      `${tools.length} MCP tools, ${tableInfo().counts.excluded} guards excluded (fin-skills tools --excluded ` +
        "says why)\n",
    );
    for (const t of tools) process.stdout.write(`  ${t.name}\n`);
    return;
  }
  if (values.check) await exitWhenFlushed(check());
  await serve(values);
}

main().catch((e) => {
  process.stderr.write(`fin-skills-mcp: cannot start - ${(e as Error).message}\n`);
  process.exit(1);
});
