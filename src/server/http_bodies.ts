// Request bodies in progress, so that a slow body cannot hold a connection: a body still arriving
// after the grace period below the minimum average rate is answered 408 and its connection closed,
// and at the connection cap the slowest body is the one evicted.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { lingeringEnd } from "./http_linger.js";

type Body = { res: ServerResponse; started: number; bytes: number };

/** Writes a 408 and closes lingering (http_linger.ts): the client reads it before the close. */
function timeOut(socket: Socket, message: string): void {
  const json = JSON.stringify({ jsonrpc: "2.0", error: { code: -32600, message }, id: null });
  lingeringEnd(
    socket,
    "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json\r\nConnection: close\r\n" +
      `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
  );
}

export class BodyWatch {
  private readonly bodies = new Map<IncomingMessage, Body>();
  private readonly timer: NodeJS.Timeout;

  /** `graceMs`: time any body may take; `minRate`: bytes a second a body must average after it. */
  constructor(
    private readonly graceMs: number,
    private readonly minRate: number,
  ) {
    this.timer = setInterval(() => this.sweep(), Math.min(1000, Math.max(10, graceMs / 4)));
    this.timer.unref();
  }

  start(req: IncomingMessage, res: ServerResponse): void {
    this.bodies.set(req, { res, started: performance.now(), bytes: 0 });
  }

  add(req: IncomingMessage, bytes: number): void {
    const body = this.bodies.get(req);
    if (body) body.bytes += bytes;
  }

  done(req: IncomingMessage): void {
    this.bodies.delete(req);
  }

  /** Bytes a second the body has averaged so far. */
  private rate(body: Body, now: number): number {
    return body.bytes / Math.max((now - body.started) / 1000, 1e-3);
  }

  /** The socket of the slowest body in progress (for eviction at the cap), or undefined. */
  slowest(): Socket | undefined {
    const now = performance.now();
    let worst: [IncomingMessage, number] | undefined;
    for (const [req, body] of this.bodies) {
      const r = this.rate(body, now);
      if (worst === undefined || r < worst[1]) worst = [req, r];
    }
    if (worst === undefined) return undefined;
    this.bodies.delete(worst[0]);
    return worst[0].socket;
  }

  /** Answers 408 (and closes) every body past the grace period that averages under the minimum rate. */
  private sweep(): void {
    const now = performance.now();
    for (const [req, body] of this.bodies) {
      if (now - body.started < this.graceMs || this.rate(body, now) >= this.minRate) continue;
      this.bodies.delete(req);
      const message = `request timeout: the body arrived at under ${this.minRate} bytes/s after ${this.graceMs} ms`;
      if (body.res.headersSent) req.socket.destroy();
      else timeOut(req.socket, message);
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
