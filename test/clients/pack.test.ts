// Installable from anywhere: the packed tarball, installed in a temporary folder outside the clone,
// answers the README's MCP command (npx fin-skills-mcp) with every tool; the tarball ships only what
// runs (no .tsbuildinfo, no generated .ts sources, no second copy of the validators).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listTools } from "../../src/runtime/index.js";
import { ensureBuilt, ROOT } from "../server/fixtures.js";
import { offerNativePrebuild } from "../helpers/native_prebuilds.js";

const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
let dir = "";
let tarball = "";
let installWarnings: string[] = [];
let entries: string[] = [];

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(path.join(os.tmpdir(), "fin-skills-pack-"));
  // The build already ran (ensureBuilt); --ignore-scripts keeps pack from rebuilding dist/ under other tests.
  const out = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], {
    cwd: ROOT,
    encoding: "utf8",
  });
  const [info] = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(dir, info!.filename);
  entries = info!.files.map((f) => f.path);
  const app = path.join(dir, "app");
  execFileSync("mkdir", ["-p", app]);
  writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "pack-probe", private: true, type: "module" }));
  offerNativePrebuild(app);
  const install = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], {
    cwd: app,
    encoding: "utf8",
  });
  if (install.status !== 0) throw new Error(`npm install of the tarball failed:\n${install.stderr}`);
  installWarnings = install.stderr.split("\n").filter((l) => /Unknown (env|user|project) config/.test(l));
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the packed tarball", () => {
  it("installs without npm warning about a config key the test set (the native prebuild is offered by rc file)", () => {
    expect(installWarnings).toEqual([]);
  });

  it("is outside the clone", () => {
    expect(path.relative(ROOT, dir).startsWith("..")).toBe(true);
  });

  it("ships the license, the bin files, dist/ and the generated JSON, and none of the build leftovers", () => {
    expect(entries).toContain("LICENSE");
    for (const bin of Object.values<string>(pkg.bin)) expect(entries).toContain(bin);
    expect(entries).toContain("dist/src/runtime/index.js");
    expect(entries).toContain("dist/generated/validators.js");
    expect(entries).toContain("generated/tools.json");
    expect(entries.filter((e) => e.endsWith(".tsbuildinfo"))).toEqual([]);
    expect(entries.filter((e) => /^generated\/[^/]+\.ts$/.test(e))).toEqual([]);
    expect(entries.filter((e) => e.endsWith("validators.js"))).toEqual(["dist/generated/validators.js"]);
  });

  it("installs bin files that are executable", () => {
    for (const bin of Object.values<string>(pkg.bin)) {
      const mode = statSync(path.join(dir, "app", "node_modules", pkg.name, bin)).mode;
      expect(mode & 0o111, bin).not.toBe(0);
    }
  });

  it("runs the README's MCP command from that folder and lists every tool", async () => {
    const transport = new StdioClientTransport({
      command: "npx",
      args: ["--no-install", "fin-skills-mcp"],
      cwd: path.join(dir, "app"),
      stderr: "pipe",
    });
    const client = new Client({ name: "pack-test", version: "1" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(listTools().map((t) => t.name));
      const r: any = await client.callTool({ name: "read_skill", arguments: { name: "backtest-validation" } });
      expect(r.isError ?? false).toBe(false);
      // A guard call runs in the worker pool, whose entry file must resolve inside the installed package.
      const returns = [0.01, -0.02, 0.015, 0.003, 0.01, -0.004, 0.002, 0.01, 0, 0.005];
      const g: any = await client.callTool({ name: "check_cost_curve", arguments: { returns, turnover: 0.5 } });
      expect(g.isError ?? false).toBe(false);
      expect(JSON.parse(g.content[0].text).tool).toBe("check_cost_curve");
    } finally {
      await client.close();
    }
  });

  it("imports as a library from that folder (ESM)", () => {
    const out = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", 'import { listTools } from "fin-skills"; console.log(listTools().length);'],
      { cwd: path.join(dir, "app"), encoding: "utf8" },
    );
    expect(Number(out.trim())).toBe(listTools().length);
  });
});
