// Issue #31 item 9: every start path stops cleanly on SIGTERM and SIGINT: the bin wrapper (one-file build),
// the compiled command line, and a start under a shell as npx makes one (npm exec runs `sh -c`, and a
// SIGTERM to npx kills that shell without passing it on: the orphaned server then stops by itself).
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, SERVER_JS } from "./fixtures.js";

const BIN = path.join(ROOT, "bin", "fin-skills-mcp.cjs");

/** Resolves with the port once the server's stderr says where it serves. */
function serving(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let err = "";
    child.stderr!.on("data", (d: Buffer) => {
      err += d.toString();
      const m = /serving .* at http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`exited ${code} before serving:\n${err}`)));
  });
}

/** Resolves with the exit code or signal name. */
const exited = (child: ChildProcess) =>
  new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal!)));

/** True when something accepts a connection on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });

const start = (file: string) =>
  spawn(process.execPath, [file, "--http", "--port", "0"], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });

describe.each([
  ["the bin wrapper", BIN],
  ["the compiled command line", SERVER_JS],
])("%s --http", (_name, file) => {
  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)("stops on %s with exit code %s and stops listening", async (signal, code) => {
    const child = start(file);
    const port = await serving(child);
    expect(await listening(port)).toBe(true);
    const done = exited(child);
    child.kill(signal);
    expect(await done).toBe(code);
    expect(await listening(port)).toBe(false);
  });
});

describe("a server started by npx (npm exec, under sh -c)", () => {
  it("stops when SIGTERM kills the shell that started it, instead of listening on as an orphan", async () => {
    const env = { ...process.env, npm_command: "exec" };
    const command = `"${process.execPath}" "${BIN}" --http --port 0; true`; // `; true`: the shell cannot exec
    const shell = spawn("sh", ["-c", command], { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"] });
    const port = await serving(shell);
    let err = "";
    shell.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    // stderr closes once every process holding it has exited: the shell and the server
    const closed = new Promise<void>((resolve) => shell.stderr!.once("close", () => resolve()));
    shell.kill("SIGTERM");
    await closed;
    expect(err).toContain("fin-skills-mcp: stopping: npx, which started this server, has exited");
    expect(await listening(port)).toBe(false);
  });
});
