// A `fin-skills-mcp --http` server started for a bench case: port 0, its URL read from its start-up line.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { Worker } from "node:worker_threads";
import { ROOT, SERVER_JS } from "./paths.js";

/** Headers of a JSON-RPC POST that takes a JSON or an event-stream answer. */
export const HTTP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

export interface HttpServer {
  readonly url: string;
  readonly child: ChildProcessWithoutNullStreams;
  close(): void;
}

/** Starts the server with `args` after `--http --port 0`; resolves once it says where it serves. */
export async function startHttpServer(args: readonly string[] = []): Promise<HttpServer> {
  const child = spawn(process.execPath, [SERVER_JS, "--http", "--port", "0", ...args], { cwd: ROOT });
  let err = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on("data", (d) => {
      err += String(d);
      const m = / at (http:\S+\/mcp)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
  child.stdout.resume();
  return { url, child, close: () => child.kill() };
}

/** One JSON-RPC POST; the reply's text. */
export async function post(url: string, body: string): Promise<string> {
  return (await fetch(url, { method: "POST", headers: HTTP_HEADERS, body })).text();
}

/** The POST below, run by a worker thread: its own event loop, as another client's would be. */
const WORKER_POST = `
const { parentPort, workerData } = require("node:worker_threads");
const { url, body, headers } = workerData;
fetch(url, { method: "POST", headers, body }).then((r) => r.text()).then(
  (text) => parentPort.postMessage({ text }),
  (e) => parentPort.postMessage({ error: String(e) }),
);`;

/**
 * One JSON-RPC POST sent from a worker thread, so that encoding and sending a large body does not stall
 * the caller's event loop (the caller measures other requests meanwhile); the reply's text.
 */
export async function postFromWorker(url: string, body: string): Promise<string> {
  const worker = new Worker(WORKER_POST, { eval: true, workerData: { url, body, headers: HTTP_HEADERS } });
  try {
    const reply = await new Promise<{ text?: string; error?: string }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    if (reply.error !== undefined) throw new Error(`POST from the worker failed: ${reply.error}`);
    return reply.text!;
  } finally {
    await worker.terminate();
  }
}
