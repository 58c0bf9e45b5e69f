// Transports: stdio (default) and stateless Streamable HTTP with a body cap and Host/Origin checks.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { listTools } from "../runtime/index.js";
import { buildServer, whenIdle, type ServerOptions } from "./server.js";
import { loadHttpTransport, loadStdioTransport } from "./sdk.js";
import { rejectMalformedLines } from "./stdio_lines.js";

export const MAX_BODY_BYTES = 16_000_000;

export interface HttpOptions extends ServerOptions {
  readonly host?: string;
  readonly port?: number;
  readonly allowOrigins?: readonly string[];
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** Serves over stdio until stdin closes. */
export async function serveStdio(options: ServerOptions = {}): Promise<void> {
  const StdioServerTransport = await loadStdioTransport();
  const server = await buildServer({ cwdByDefault: true, ...options });
  const input = process.stdin.pipe(rejectMalformedLines((line) => process.stdout.write(line)));
  const transport = new StdioServerTransport(input as unknown as typeof process.stdin, process.stdout);
  await server.connect(transport);
  process.stderr.write(`fin-skills-mcp: serving ${listTools().length} tools over stdio\n`);
  await new Promise<void>((resolve) => input.on("end", resolve));
  // Requests read before the end of input still get their answers.
  await new Promise((resolve) => setImmediate(resolve));
  await whenIdle();
  await new Promise<void>((resolve) => process.stdout.write("", () => resolve()));
  await server.close();
}

function jsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/** The Host values accepted for a bind. */
export function allowedHosts(host: string, port: number): string[] {
  if (LOOPBACK.has(host)) return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  return [`${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`];
}

/**
 * Drains the rest of a refused body without buffering it, so the client can finish sending
 * and read the early 413; past 4 x the cap the connection is cut instead.
 */
function drain(req: IncomingMessage, cap: number, already: number): void {
  let seen = already;
  req.on("data", (c: Buffer) => {
    seen += c.length;
    if (seen > 4 * cap) req.destroy();
  });
  req.resume();
}

/**
 * Reads the body up to the cap; null when it is over (a declared length is refused before
 * reading; a chunked body as soon as it passes the cap).
 */
function readBody(req: IncomingMessage, cap: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > cap) {
      drain(req, cap, 0);
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size <= cap) return void chunks.push(c);
      req.off("data", onData);
      chunks.length = 0;
      drain(req, cap, size);
      resolve(null);
    };
    req.on("data", onData);
    req.on("end", () => resolve(size > cap ? null : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Starts the HTTP server; resolves to the bound URL and a close function. */
export async function serveHttp(options: HttpOptions = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const StreamableHTTPServerTransport = await loadHttpTransport();
  const host = options.host ?? "127.0.0.1";
  if (!LOOPBACK.has(host))
    process.stderr.write(`fin-skills-mcp: warning: binding ${host} exposes the server beyond this machine\n`);
  const http = createServer(async (req, res) => {
    try {
      const port = (http.address() as AddressInfo).port;
      const url = new URL(req.url ?? "/", "http://localhost");
      if (url.pathname !== "/mcp") return jsonRpcError(res, 404, -32000, "not found: the endpoint is POST /mcp");
      if (req.method !== "POST")
        return jsonRpcError(res, 405, -32000, "method not allowed: use POST /mcp", { allow: "POST" });
      const hosts = allowedHosts(host, port);
      if (!hosts.includes(req.headers.host ?? ""))
        return jsonRpcError(res, 403, -32000, "forbidden: Host header not allowed");
      const origin = req.headers.origin;
      if (
        origin !== undefined &&
        !hosts.map((h) => `http://${h}`).includes(origin) &&
        !(options.allowOrigins ?? []).includes(origin)
      ) {
        return jsonRpcError(res, 403, -32000, "forbidden: Origin not allowed");
      }
      const body = await readBody(req, MAX_BODY_BYTES);
      if (body === null) return jsonRpcError(res, 413, -32600, `request body is over ${MAX_BODY_BYTES} bytes`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString("utf8"));
      } catch {
        return jsonRpcError(res, 400, -32700, "parse error: the body is not JSON");
      }
      const server = await buildServer(options);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: false });
      res.on("close", () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, parsed);
    } catch (e) {
      process.stderr.write(`fin-skills-mcp: http error: ${(e as Error).message}\n`);
      if (!res.headersSent) jsonRpcError(res, 500, -32603, "internal error");
    }
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 8765, host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const shown = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  const url = `http://${shown}:${port}/mcp`;
  process.stderr.write(`fin-skills-mcp: serving ${listTools().length} tools over Streamable HTTP at ${url}\n`);
  return { url, close: () => new Promise<void>((resolve) => http.close(() => resolve())) };
}
