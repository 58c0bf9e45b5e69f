// Checks on an HTTP request's head, all made before any body byte is read: Host (one, well
// formed, allowed), Origin, Content-Type and Content-Length. Each failure is a status + message.
import type { IncomingMessage } from "node:http";

export type Refusal = { status: number; code: number; message: string };

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);
const HOST_FORM = /^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}))(?::\d{1,5})?$/;

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host);
}

/** The Host values accepted for a bind. */
export function allowedHosts(host: string, port: number): string[] {
  if (LOOPBACK.has(host)) return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  return [`${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`];
}

/** Every value of one header in the raw header list (Node keeps only the first Host). */
function rawValues(req: IncomingMessage, name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
    if (req.rawHeaders[i]!.toLowerCase() === name) out.push(req.rawHeaders[i + 1]!);
  return out;
}

/** 400 for a missing, repeated or malformed Host; 403 for a well-formed one not allowed. */
export function checkHost(req: IncomingMessage, allowed: readonly string[]): Refusal | null {
  const hosts = rawValues(req, "host");
  if (hosts.length !== 1) return { status: 400, code: -32600, message: "bad request: exactly one Host header needed" };
  const host = hosts[0]!;
  if (!HOST_FORM.test(host)) return { status: 400, code: -32600, message: "bad request: malformed Host header" };
  if (!allowed.includes(host.toLowerCase()))
    return { status: 403, code: -32000, message: "forbidden: Host not allowed" };
  return null;
}

/** The request's Origin when it is allowed (same-origin or listed), null when absent, or a refusal. */
export function checkOrigin(
  req: IncomingMessage,
  hosts: readonly string[],
  extra: readonly string[],
): { origin: string | null } | Refusal {
  const origins = rawValues(req, "origin");
  if (origins.length === 0) return { origin: null };
  const origin = origins[0]!;
  const ok = origins.length === 1 && (hosts.some((h) => `http://${h}` === origin) || extra.includes(origin));
  return ok ? { origin } : { status: 403, code: -32000, message: "forbidden: Origin not allowed" };
}

/** 415 unless the body is declared application/json; 400/413 for a bad or over-cap Content-Length. */
export function checkBodyHead(req: IncomingMessage, cap: number): Refusal | null {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    return { status: 415, code: -32600, message: "unsupported media type: Content-Type must be application/json" };
  const length = req.headers["content-length"];
  if (length === undefined) return null;
  if (!/^\d{1,15}$/.test(length)) return { status: 400, code: -32600, message: "bad request: invalid Content-Length" };
  if (Number(length) > cap) return { status: 413, code: -32600, message: `request body is over ${cap} bytes` };
  return null;
}
