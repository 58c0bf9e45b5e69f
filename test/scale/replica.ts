// One stateless HTTP replica of the compiled server, on a free loopback port.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

/** Starts a replica answering for `publicHost`, with `extra` command-line arguments (e.g. its ledger). */
export async function startReplica(
  root: string,
  publicHost: string,
  extra: readonly string[] = [],
): Promise<{ child: ChildProcess; port: number }> {
  const server = path.join(root, "dist", "src", "cli", "fin-skills-mcp.cjs");
  const args = [server, "--http", "--port", "0", "--allow-host", publicHost, ...extra];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
  const port = await new Promise<number>((resolve, reject) => {
    let err = "";
    child.stderr?.on("data", (d) => {
      err += String(d);
      const m = / at http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.on("exit", (code) => reject(new Error(`replica exited ${code}: ${err}`)));
  });
  return { child, port };
}

/** A free loopback port (bound, read, released). */
export async function freePort(): Promise<number> {
  const { createServer } = await import("node:net");
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
