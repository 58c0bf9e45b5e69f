// nginx for the scale test: the configuration is the one in docs/deploy.md (read from there, ports
// changed, one server line per replica), run in the foreground under a temporary prefix.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The ```nginx block of docs/deploy.md with `port` to listen on and the given replica ports. */
export function nginxConfig(root: string, port: number, replicas: readonly number[]): string {
  const doc = readFileSync(path.join(root, "docs", "deploy.md"), "utf8");
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error("docs/deploy.md has no nginx configuration block");
  const servers = replicas.map((p) => `    server 127.0.0.1:${p};`).join("\n");
  return block
    .replace(/listen 127\.0\.0\.1:\d+;/, `listen 127.0.0.1:${port};`)
    .replace(/( {4}server 127\.0\.0\.1:\d+;\n)+/, `${servers}\n`);
}

/**
 * Starts nginx on `port` in front of `replicas`; resolves once it accepts connections (its prefix is removed at exit).
 */
export async function startNginx(root: string, port: number, replicas: readonly number[]): Promise<ChildProcess> {
  const prefix = mkdtempSync(path.join(tmpdir(), "fin-skills-nginx-"));
  mkdirSync(path.join(prefix, "logs"));
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(conf, nginxConfig(root, port, replicas));
  const global = `daemon off; pid ${prefix}/nginx.pid; error_log ${prefix}/logs/error.log warn;`;
  const child = spawn("nginx", ["-p", prefix, "-c", conf, "-g", global], { stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  child.stderr?.on("data", (d) => (err += String(d)));
  child.once("exit", () => {
    const log = path.join(prefix, "logs", "error.log");
    const errors = readFileSync(log, "utf8")
      .split("\n")
      .filter((l) => /\[(error|crit|alert|emerg)\]/.test(l));
    for (const line of errors.slice(0, 5)) process.stdout.write(`  nginx: ${line}\n`);
    rmSync(prefix, { recursive: true, force: true });
  });
  await waitForPort(port, () => (child.exitCode !== null ? `nginx exited: ${err}` : null));
  return child;
}

/** Resolves once something accepts TCP connections on `port` (tries every 50 ms). */
export async function waitForPort(port: number, failed: () => string | null): Promise<void> {
  const { connect } = await import("node:net");
  for (;;) {
    const why = failed();
    if (why) throw new Error(why);
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, "127.0.0.1", () => {
        s.destroy();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
