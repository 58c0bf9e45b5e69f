// Node's request/response to the SDK's fetch-shaped handler and back. The web Request's signal
// aborts when the client goes away before the answer is complete: that is what cancels the call.
// A reply the client does not read waits for 'drain' (onFull says so) instead of piling up.
import type { IncomingMessage, ServerResponse } from "node:http";

type FetchHandler = { fetch: (request: Request, options?: { parsedBody?: unknown }) => Promise<Response> };

export async function forward(
  handler: FetchHandler,
  req: IncomingMessage,
  res: ServerResponse,
  parsed: unknown,
  extraHeaders: Record<string, string>,
  onFull: () => void = () => undefined,
): Promise<void> {
  const abort = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) abort.abort(new Error("the client closed the connection"));
  });
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === "content-length" || k === "transfer-encoding") continue;
    for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one);
  }
  const request = new Request(`http://${req.headers.host}${req.url}`, {
    method: req.method,
    headers,
    signal: abort.signal,
  });
  // The body is passed parsed (the SDK then never reads the Request's): the bytes are not copied again.
  const response = await handler.fetch(request, { parsedBody: parsed });
  const out: Record<string, string> = { ...extraHeaders };
  response.headers.forEach((v, k) => {
    out[k] = v;
  });
  res.writeHead(response.status, out);
  if (response.body === null) return void res.end();
  const reader = response.body.getReader();
  abort.signal.addEventListener("abort", () => void reader.cancel().catch(() => undefined), { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.write(value)) continue;
      onFull();
      await drained(res);
    }
  } catch {
    // the client went away mid-stream
  }
  res.end();
}

/** Resolves when `res` can take more, or is closed. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    res.once("drain", resolve);
    res.once("close", resolve);
  });
}
