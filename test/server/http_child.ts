// The compiled server started with --http on a free port, for tests that need their own flags.
import { type ChildProcess, spawn } from "node:child_process";
import { SERVER_JS } from "./fixtures.js";

export interface HttpChild {
  readonly child: ChildProcess;
  readonly url: string;
  readonly port: number;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** How many times stderr holds `text` so far. */
  count(text: string): number;
  /** Resolves once `test` holds (checked at each stderr write). */
  until(test: () => boolean): Promise<void>;
  close(): Promise<void>;
}

/** Starts `fin-skills-mcp --http --port 0 ...args` and resolves once it prints its URL. */
export async function startHttp(args: string[] = []): Promise<HttpChild> {
  const child = spawn(process.execPath, [SERVER_JS, "--http", "--port", "0", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  const waiters: (() => void)[] = [];
  child.stderr!.on("data", (d) => {
    err += String(d);
    for (const w of waiters.splice(0)) w();
  });
  const count = (text: string) => err.split(text).length - 1;
  const until = (test: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (test() ? resolve() : waiters.push(check));
      check();
    });
  const url = await new Promise<string>((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${err}`)));
    void until(() => count("/mcp\n") > 0).then(() => resolve(/ at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err)![1]!));
  });
  const close = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };
  return { child, url, port: Number(new URL(url).port), stderr: () => err, count, until, close };
}
