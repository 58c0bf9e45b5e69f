// Serving over stdio (stateless Streamable HTTP is http.ts, loaded only with --http).
import { listTools } from "../runtime/index.js";
import { loadSdk, sdkAccepts } from "./sdk.js";
import { buildServer, type ServerOptions } from "./server.js";
import { LineTransport } from "./stdio_transport.js";

/**
 * Serves over stdio (2026-07-28 or a 2025-era revision, chosen by the client's opening) until
 * stdin ends; then calls in flight are cancelled, other requests answered, and this resolves.
 */
export async function serveStdio(options: ServerOptions = {}): Promise<void> {
  const sdk = await loadSdk();
  const transport = new LineTransport(process.stdin, process.stdout, { accepts: sdkAccepts(sdk), log: options.log });
  const handle = sdk.serveStdio(() => buildServer({ cwdByDefault: true, ...options }), {
    transport: transport as never,
    onerror: (e) => options.log?.(`fin-skills-mcp: ${e.message}`),
  });
  process.stderr.write(`fin-skills-mcp: serving ${listTools().length} tools over stdio\n`);
  await transport.done;
  await handle.close().catch(() => undefined);
}
