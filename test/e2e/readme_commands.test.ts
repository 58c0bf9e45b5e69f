// Every command line of the README's shell blocks, other than the quick start, runs as written against this
// built tree (`/path/to/fin-skills` is this checkout; npm installs read the npm cache first,
// npm_config_prefer_offline), each under bash. The quick start itself (`npm ci && npm start`, `npm test`) is
// what .ci/run runs on its clean checkout; this test checks that .ci/run runs those lines verbatim, so the
// suite never clones and installs the project again. readme_commands.ts states how a line is classified.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offerNativePrebuild } from "../helpers/native_prebuilds.js";
import { fencedBlocks } from "../helpers/readme.js";
import { ROOT } from "../helpers/type_check.js";
import {
  type CommandLine,
  classify,
  commandLines,
  mcpCommand,
  resolvePlaceholders,
  servedUrl,
} from "./readme_commands.js";

const INSTALL_MINUTES = 15;
const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
const lines = fencedBlocks(readme)
  .filter((b) => b.lang === "sh")
  .flatMap(commandLines);
const urls = lines.map(servedUrl).filter((u): u is string => u !== null);
const byKind = (k: string) => lines.filter((c) => classify(c, urls) === k);

let work = "";
const clone = ROOT;
let outside = "";
const tarballs = new Map<string, string>();

/** npm's own cache and user config, named explicitly so that a line's HOME (below) changes neither. */
const npmConfig = Object.fromEntries(
  execFileSync("npm", ["config", "get", "cache", "userconfig"], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
);
if (!npmConfig["cache"] || !npmConfig["userconfig"]) throw new Error(`npm config get: ${JSON.stringify(npmConfig)}`);

/** The environment of every line: npm reads the cache first; nothing of this test run leaks in. HOME is the
 * test's folder, where offerNativePrebuild wrote its rc file, so that native addons unpack this clone's build
 * in every install, also `npx -p`'s, which installs under npm's cache, outside the folder (compiling SQLite
 * there took 100 s). npm keeps its real cache and user config (npm_config_cache, npm_config_userconfig). */
function env(): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(VITEST|NODE_OPTIONS$|TEST$)/.test(k)) e[k] = v;
  const npm = {
    npm_config_prefer_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_cache: npmConfig["cache"],
    npm_config_userconfig: npmConfig["userconfig"],
  };
  return { ...e, ...npm, HOME: work };
}

const RM = { recursive: true, force: true } as const;

/** Removes the folders `npx -p` installed this run's tarballs into (npm's cache keeps each one otherwise). */
function removeNpxInstalls(): void {
  const npx = path.join(npmConfig["cache"]!, "_npx");
  if (!existsSync(npx)) return;
  for (const d of readdirSync(npx)) {
    const manifest = path.join(npx, d, "package.json");
    if (existsSync(manifest) && readFileSync(manifest, "utf8").includes(`${work}/`)) rmSync(path.join(npx, d), RM);
  }
}

const cwdOf = (c: CommandLine) => (c.inClone ? clone : outside);
const label = (c: CommandLine) => `README.md:${c.line}: ${c.command}`;

/** Runs one line as written under bash; `output` (the tail of both streams) goes into failure messages. */
function runLine(c: CommandLine): { status: number | null; stdout: string; output: string } {
  const command = resolvePlaceholders(c.command, clone, tarballs);
  const r = spawnSync("bash", ["-c", command], { cwd: cwdOf(c), env: env(), encoding: "utf8", timeout: 600_000 });
  return { status: r.status, stdout: r.stdout, output: `${r.stdout}\n${r.stderr}`.slice(-4000) };
}

/** The JSON-RPC message of an HTTP reply body: plain JSON, or the last `data:` line of an event stream. */
function jsonRpcReply(body: string): { result?: { isError?: boolean }; error?: unknown } {
  const data = body
    .split("\n")
    .filter((l) => l.startsWith("data:"))
    .map((l) => l.slice(5));
  return JSON.parse(data.length > 0 ? data.at(-1)! : body);
}

/** Resolves once the server's stderr names the URL it serves; rejects if it exits first. */
function serving(child: ChildProcess, url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let err = "";
    child.stderr!.on("data", (d: Buffer) => {
      err += d.toString();
      if (err.includes(`serving`) && err.includes(url)) resolve(err);
    });
    child.once("exit", (code) => reject(new Error(`exited ${code} before serving ${url}:\n${err}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : null)));
    process.kill(-child.pid!, "SIGTERM");
  });
}

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), "fin-skills-readme-"));
  outside = path.join(work, "elsewhere");
  mkdirSync(outside);
  offerNativePrebuild(work);
});
afterAll(() => {
  removeNpxInstalls();
  rmSync(work, RM);
});

/** The lines of .ci/run, each without its trailing `|| fail ...`. */
const ciLines = readFileSync(path.join(ROOT, ".ci", "run"), "utf8")
  .split("\n")
  .map((l) => l.replace(/\s+\|\|\s+fail\b.*$/, "").trim());

describe("README command lines", () => {
  it("the README's shell blocks have a quick start, a server and an MCP line (the rules have work to do)", () => {
    expect(lines.filter((c) => c.inClone).map((c) => c.command)).toContain("npm ci && npm start");
    expect(byKind("server").length).toBeGreaterThan(0);
    expect(byKind("uses-server").length).toBeGreaterThan(0);
    expect(byKind("mcp-add").length).toBeGreaterThan(0);
  });

  for (const c of lines.filter((x) => x.inClone))
    it(`${label(c)}: .ci/run runs it verbatim on its clean checkout`, () => {
      expect(ciLines).toContain(c.command);
    });

  for (const c of byKind("suite"))
    it(`${label(c)} names a script of package.json (the suite itself; CI runs it)`, () => {
      const scripts = JSON.parse(readFileSync(path.join(clone, "package.json"), "utf8")).scripts;
      const name = /^npm (?:run(?:-script)? (?:-s )?)?(\S+)/.exec(c.command)![1]!;
      expect(Object.keys(scripts)).toContain(name);
    });

  it("npm pack in the built tree writes the tarball the README names", () => {
    const out = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], {
      cwd: clone,
      env: env(),
      encoding: "utf8",
    });
    for (const p of JSON.parse(out) as { filename: string }[]) tarballs.set(p.filename, path.join(work, p.filename));
    const named = [...readme.matchAll(/\/path\/to\/(\S+\.tgz)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    for (const n of named) expect([...tarballs.keys()]).toContain(n);
  });

  for (const c of lines.filter((x) => !x.inClone && classify(x, urls) === "run"))
    it(
      `runs ${label(c)} outside the checkout`,
      () => {
        const r = runLine(c);
        expect(r.status, r.output).toBe(0);
      },
      INSTALL_MINUTES * 60_000,
    );

  for (const c of byKind("mcp-add"))
    it(`${label(c)}: its server command answers over stdio with every tool`, async () => {
      const transport = new StdioClientTransport({
        command: "bash",
        args: ["-c", resolvePlaceholders(mcpCommand(c), clone, tarballs)],
        cwd: cwdOf(c),
        env: env() as Record<string, string>,
        stderr: "pipe",
      });
      const client = new Client({ name: "readme-commands", version: "1" });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        const table = JSON.parse(readFileSync(path.join(clone, "generated", "tools.json"), "utf8"));
        expect(tools.map((t) => t.name)).toEqual(table.tools.map((t: { name: string }) => t.name));
      } finally {
        await client.close();
      }
    }, 120_000);

  for (const s of byKind("server"))
    it(`${label(s)}: starts, answers every README line that uses it, stops`, async () => {
      const url = servedUrl(s)!;
      const child = spawn("bash", ["-c", resolvePlaceholders(s.command, clone, tarballs)], {
        cwd: cwdOf(s),
        env: env(),
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      try {
        await serving(child, url);
        const users = byKind("uses-server").filter((c) => c.command.includes(url));
        expect(users.length).toBeGreaterThan(0);
        for (const c of users) {
          const r = runLine(c);
          expect(r.status, `${label(c)}\n${r.output}`).toBe(0);
          const reply = jsonRpcReply(r.stdout);
          expect(reply.error, label(c)).toBeUndefined();
          expect(reply.result?.isError ?? false, label(c)).toBe(false);
          expect(reply.result, label(c)).toBeDefined();
        }
      } finally {
        expect(await stop(child)).not.toBeNull();
      }
    }, 120_000);
});
