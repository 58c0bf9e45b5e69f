// A minimal newline-delimited JSON-RPC client over a spawned stdio MCP server.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { ROOT, SERVER_JS } from "./paths.js";

export const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "fin-skills-bench", version: "0" } },
};
export const INITIALIZED = { jsonrpc: "2.0", method: "notifications/initialized" };

export interface RpcMessage {
  id?: number | string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  method?: string;
}

export class StdioClient {
  readonly child: ChildProcessWithoutNullStreams;
  private buffer = "";
  private waiting = new Map<number | string, (m: RpcMessage) => void>();
  private nextId = 100;
  stderr = "";

  constructor(args: readonly string[] = []) {
    this.child = spawn(process.execPath, [SERVER_JS, ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk: string) => this.onData(chunk));
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (chunk: string) => {
      this.stderr += chunk;
    });
    this.child.on("exit", (code) => {
      for (const [, resolve] of this.waiting)
        resolve({ error: { code: -1, message: `server exited with ${String(code)}: ${this.stderr.slice(-500)}` } });
      this.waiting.clear();
    });
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let nl: number;
    while ((nl = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      if (!line.trim()) continue;
      const msg = JSON.parse(line) as RpcMessage;
      if (msg.id !== undefined && this.waiting.has(msg.id)) {
        const resolve = this.waiting.get(msg.id)!;
        this.waiting.delete(msg.id);
        resolve(msg);
      }
    }
  }

  /** Resolves with the response carrying `id` (registered before anything is written). */
  expect(id: number | string): Promise<RpcMessage> {
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  send(msg: object): void {
    this.child.stdin.write(`${JSON.stringify(msg)}\n`);
  }

  /** Writes pre-serialised text (one JSON-RPC message, no newline). */
  sendText(text: string): void {
    this.child.stdin.write(`${text}\n`);
  }

  async request(method: string, params: object): Promise<RpcMessage> {
    const id = this.nextId++;
    const done = this.expect(id);
    this.send({ jsonrpc: "2.0", id, method, params });
    return done;
  }

  async initialize(): Promise<void> {
    const done = this.expect(1);
    this.send(INITIALIZE);
    const r = await done;
    if (r.error) throw new Error(`initialize failed: ${r.error.message}`);
    this.send(INITIALIZED);
  }

  /** Closes stdin and waits for the process to exit. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      const timer = setTimeout(() => this.child.kill(), 2000);
      this.child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      this.child.stdin.end();
    });
  }
}
