// Stateless Streamable HTTP at POST /mcp through the SDK's createMcpHandler (2026-07-28 per
// request, 2025-era revisions statelessly), behind checks made before any body byte is read,
// a connection cap and time-outs.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { listTools } from "../runtime/index.js";
import { forward } from "./http_adapter.js";
import { drain, readBody } from "./http_body.js";
import { BodyBudget, RETRY_AFTER_S } from "./http_body_budget.js";
import { BodyWatch } from "./http_bodies.js";
import { limitConnections } from "./http_connections.js";
import { lingerAfterReply } from "./http_linger.js";
import { type Refusal, allowedHosts, checkBodyHead, checkHost, checkOrigin, isLoopback } from "./http_guards.js";
import { checkMessage } from "./jsonrpc_line.js";
import { capMessage } from "./limits.js";
import { pipelined } from "./http_pipeline.js";
import { closeParseThreadIfStarted, parseRequestBody } from "./body_parse.js";
import { Turns, requestStarted } from "../runtime/turns.js";
import { loadSdk, sdkAccepts } from "./sdk.js";
import { buildServer, type ServerOptions } from "./server.js";

export const MAX_BODY_BYTES = 16_000_000;

/** Connection and time-out limits; each has a command-line flag. */
export interface HttpLimits {
  /** Open connections at most; at the cap the oldest idle one is closed (default 1024). */
  readonly maxConnections: number;
  /** ms to receive a request's headers (default 10 s). */
  readonly headersTimeoutMs: number;
  /** ms to receive a whole request, body included (default 60 s). */
  readonly requestTimeoutMs: number;
  /** ms any body may take; past it, one averaging under minBodyRate is answered 408 (default 10 s). */
  readonly bodyTimeoutMs: number;
  /** Bytes a second a body must average once bodyTimeoutMs has passed (default 65,536). */
  readonly minBodyRate: number;
  /** Bytes of request bodies held at once in total, counted from the headers until the reply (default 256 MiB);
   * past it a request is answered 503 with Retry-After before its body is read. */
  readonly maxBodyBytesInFlight: number;
  /** ms a kept-alive connection may wait for its next request (default 65 s: longer than clients keep idle
   * connections, so a client never reuses one the server is closing; idle ones are evicted at the cap). */
  readonly idleTimeoutMs: number;
}

export const DEFAULT_LIMITS: HttpLimits = {
  maxConnections: 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  bodyTimeoutMs: 10_000,
  minBodyRate: 65_536,
  maxBodyBytesInFlight: 268_435_456,
  idleTimeoutMs: 65_000,
};

export interface HttpOptions extends ServerOptions {
  readonly host?: string;
  readonly port?: number;
  readonly allowOrigins?: readonly string[];
  /** Further Host values to accept (host:port), e.g. a load balancer's public name. */
  readonly allowHosts?: readonly string[];
  readonly limits?: Partial<HttpLimits>;
}

const CORS_HEADERS =
  "content-type, accept, authorization, mcp-protocol-version, mcp-session-id, mcp-method, mcp-name, last-event-id";

function refuse(res: ServerResponse, r: Refusal, headers: Record<string, string> = {}): void {
  if (!res.req.complete) lingerAfterReply(res.req.socket); // a body still coming: its client must see the refusal
  res.writeHead(r.status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: r.code, message: capMessage(r.message) }, id: null }));
}

/** A JSON-RPC reply with `status`. */
function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** Answers an allowed CORS preflight (204) or refuses it (403). */
function preflight(res: ServerResponse, origin: string | null): void {
  if (origin === null) {
    refuse(res, { status: 403, code: -32000, message: "forbidden: preflight without Origin" });
    return;
  }
  res.writeHead(204, {
    "access-control-allow-origin": origin,
    "access-control-allow-methods": "POST, OPTIONS",
    "access-control-allow-headers": CORS_HEADERS,
    "access-control-expose-headers": "mcp-session-id, mcp-protocol-version",
    "access-control-max-age": "600",
    vary: "Origin",
  });
  res.end();
}

/** Starts the HTTP server; resolves to the bound URL and a close function. */
export async function serveHttp(options: HttpOptions = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const sdk = await loadSdk();
  const handler = sdk.createMcpHandler(() => buildServer(options), { maxRequestBodySize: MAX_BODY_BYTES });
  const accepts = sdkAccepts(sdk);
  const host = options.host ?? "127.0.0.1";
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  if (!isLoopback(host))
    process.stderr.write(`fin-skills-mcp: warning: binding ${host} exposes the server beyond this machine\n`);
  const http = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.idleTimeoutMs,
  });
  const watch = new BodyWatch(limits.bodyTimeoutMs, limits.minBodyRate);
  const budget = new BodyBudget(limits.maxBodyBytesInFlight);
  limitConnections(http, limits.maxConnections, () => watch.slowest());
  const told = new WeakSet<object>();
  const full = (socket: object) => {
    if (told.has(socket)) return;
    told.add(socket);
    options.log?.(
      "fin-skills-mcp: a client is not reading its replies; its connection waits (logged once per connection)",
    );
  };
  const serveOne = async (req: IncomingMessage, res: ServerResponse) => {
    const hosts = [...allowedHosts(host, (http.address() as AddressInfo).port), ...(options.allowHosts ?? [])];
    const badHost = checkHost(req, hosts);
    if (badHost) return refuse(res, badHost);
    const origin = checkOrigin(req, hosts, options.allowOrigins ?? []);
    if ("status" in origin) return refuse(res, origin);
    const cors: Record<string, string> = origin.origin
      ? { "access-control-allow-origin": origin.origin, vary: "Origin" }
      : {};
    if (!req.url?.startsWith("/"))
      return refuse(res, {
        status: 400,
        code: -32600,
        message: "bad request: the request target must be a path: /mcp",
      });
    const url = new URL(req.url, "http://localhost");
    if (url.pathname !== "/mcp")
      return refuse(res, { status: 404, code: -32000, message: "not found: POST /mcp" }, cors);
    if (req.method === "OPTIONS") return preflight(res, origin.origin);
    if (req.method !== "POST")
      return refuse(
        res,
        { status: 405, code: -32000, message: "method not allowed: use POST /mcp" },
        { allow: "POST", ...cors },
      );
    const badHead = checkBodyHead(req, MAX_BODY_BYTES);
    if (badHead) {
      drain(req, MAX_BODY_BYTES, 0);
      return refuse(res, badHead, cors);
    }
    const declared = req.headers["content-length"];
    const expected = declared === undefined ? MAX_BODY_BYTES : Number(declared);
    if (!budget.admit(expected, res)) {
      drain(req, MAX_BODY_BYTES, 0);
      return refuse(
        res,
        { status: 503, code: -32000, message: budget.busyMessage(expected) },
        { "retry-after": String(RETRY_AFTER_S), ...cors },
      );
    }
    const body = await readBody(req, res, MAX_BODY_BYTES, watch);
    if (body.kind === "gone" || res.headersSent) return; // the client left, or the body was too slow (408)
    if (body.kind === "over")
      return refuse(res, { status: 413, code: -32600, message: `request body is over ${MAX_BODY_BYTES} bytes` }, cors);
    // The parse's wait counts as held time: its value was read (deserialised) on this thread, so a call
    // whose body came from the parse thread gives others a turn before its next phase.
    const turns = new Turns();
    const parsed = await parseRequestBody(body.bytes);
    if (parsed.kind === "too_deep") return answer(res, 400, parsed.reply, cors);
    if (parsed.kind === "not_json")
      return refuse(res, { status: 400, code: -32700, message: "parse error: the body is not JSON" }, cors);
    await turns.boundary();
    const checked = Array.isArray(parsed.value) ? null : checkMessage(parsed.value, accepts);
    if (checked && "reply" in checked) return answer(res, 400, checked.reply, cors);
    await turns.boundary();
    await forward(handler, req, res, parsed.value, cors, () => full(req.socket));
  };
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    // In flight until answered: a long call parks between its phases while this one runs (runtime/turns.ts).
    const done = requestStarted();
    res.once("finish", done);
    res.once("close", done);
    serveOne(req, res).catch((e: Error) => {
      process.stderr.write(`fin-skills-mcp: http error: ${capMessage(e.message, 200)}\n`);
      if (!res.headersSent) refuse(res, { status: 500, code: -32603, message: "internal error" });
      else res.end();
    });
  };
  http.on("request", pipelined(serve, options.log));
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 8765, host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const shown = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  const url = `http://${shown}:${port}/mcp`;
  process.stderr.write(`fin-skills-mcp: serving ${listTools().length} tools over Streamable HTTP at ${url}\n`);
  const close = () =>
    new Promise<void>((resolve) => {
      watch.close();
      http.closeAllConnections();
      http.close(() => void closeParseThreadIfStarted().then(resolve, resolve));
    });
  return { url, close };
}
