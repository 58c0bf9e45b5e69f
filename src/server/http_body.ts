// A request body read up to the cap into one buffer (sized from Content-Length when declared: the
// body is held once, never as chunks plus their concatenation), its progress told to the BodyWatch.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BodyWatch } from "./http_bodies.js";

export type BodyRead = { kind: "body"; bytes: Buffer } | { kind: "over" } | { kind: "gone" };

/** Drains a refused body without keeping it, cutting the connection past 4 x the cap. */
export function drain(req: IncomingMessage, cap: number, already: number): void {
  let seen = already;
  req.on("data", (c: Buffer) => {
    seen += c.length;
    if (seen > 4 * cap) req.destroy();
  });
  req.resume();
}

/** The body up to the cap; "over" past it (a chunked body as soon as it passes), "gone" if the client left. */
export function readBody(req: IncomingMessage, res: ServerResponse, cap: number, watch: BodyWatch): Promise<BodyRead> {
  return new Promise((resolve) => {
    const declared = Number(req.headers["content-length"] ?? Number.NaN);
    let whole = Number.isSafeInteger(declared) && declared <= cap ? Buffer.allocUnsafe(declared) : null;
    let chunks: Buffer[] = [];
    let size = 0;
    const finish = (read: BodyRead) => {
      watch.done(req);
      resolve(read);
    };
    const onData = (c: Buffer) => {
      if (whole) c.copy(whole, size);
      else chunks.push(c);
      size += c.length;
      watch.add(req, c.length);
      if (size <= cap) return;
      req.off("data", onData);
      whole = null;
      chunks = [];
      drain(req, cap, size);
      finish({ kind: "over" });
    };
    watch.start(req, res);
    req.on("data", onData);
    req.on("end", () => {
      if (size <= cap) finish({ kind: "body", bytes: whole ? whole.subarray(0, size) : Buffer.concat(chunks, size) });
    });
    req.on("close", () => finish({ kind: "gone" }));
    req.on("error", () => finish({ kind: "gone" }));
  });
}
