// A raw stdio peer for the compiled server: writes lines as given, collects every reply line,
// and waits for replies by predicate (no timers: each wait ends when its line arrives).
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { SERVER_JS } from "./fixtures.js";

export type Reply = Record<string, any>;

export class RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly replies: Reply[] = [];
  stderr = "";
  private buffer = "";
  private waiters: { test: (r: Reply) => boolean; resolve: (r: Reply) => void }[] = [];
  readonly exited: Promise<number | null>;

  constructor(args: string[] = []) {
    this.child = spawn(process.execPath, [SERVER_JS, ...args], { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stderr.on("data", (d) => (this.stderr += String(d)));
    this.child.stdout.on("data", (d) => this.onData(String(d)));
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
  }

  private onData(text: string): void {
    this.buffer += text;
    for (let nl = this.buffer.indexOf("\n"); nl >= 0; nl = this.buffer.indexOf("\n")) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      const reply = JSON.parse(line) as Reply;
      this.replies.push(reply);
      const matched = this.waiters.filter((w) => w.test(reply));
      this.waiters = this.waiters.filter((w) => !matched.includes(w));
      for (const w of matched) w.resolve(reply);
    }
  }

  send(message: unknown): void {
    this.child.stdin.write(`${typeof message === "string" ? message : JSON.stringify(message)}\n`);
  }

  /** The first reply (already received or still to come) that passes `test`. */
  next(test: (r: Reply) => boolean): Promise<Reply> {
    const seen = this.replies.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  /** Sends a request and waits for the reply with its id. */
  async request(id: string | number, method: string, params: unknown = {}): Promise<Reply> {
    const seen = this.replies.length;
    this.send({ jsonrpc: "2.0", id, method, params });
    return this.next((r) => r.id === id && this.replies.indexOf(r) >= seen);
  }

  async initialize(version = "2025-06-18"): Promise<Reply> {
    const r = await this.request(0, "initialize", {
      protocolVersion: version,
      capabilities: {},
      clientInfo: { name: "raw", version: "1" },
    });
    this.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    return r;
  }

  /** Closes stdin and resolves to the exit code. */
  end(): Promise<number | null> {
    this.child.stdin.end();
    return this.exited;
  }
}
