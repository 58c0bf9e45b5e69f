// MCP Inspector CLI (a devDependency) against the real stdio server: --strict tools/list reports no
// portability problem, and tools/call of every tool succeeds in each valid call form, with the
// runtime's own verdict.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listTools } from "../../src/runtime/index.js";
import { ensureBuilt, ROOT } from "../server/fixtures.js";
import { callForms, runtimeStatus } from "./forms.js";

const run = promisify(execFile);
const INSPECTOR = path.join(ROOT, "node_modules/@modelcontextprotocol/inspector/package.json");
const version = JSON.parse(readFileSync(INSPECTOR, "utf8")).version as string;
const SERVER = [process.execPath, path.join(ROOT, "bin/fin-skills-mcp.cjs")];
let home = "";
/** Verdicts are compared with the in-process runtime, which keeps no research ledger: neither does the server
 * (the Inspector passes the server only the environment it is given with -e). */
const NO_LEDGER = ["-e", "FIN_SKILLS_LEDGER=off"];

/** One Inspector CLI run; HOME points at a fresh folder so no user catalog is read or written. */
function inspector(args: string[]) {
  const cli = path.join(ROOT, "node_modules/.bin/mcp-inspector");
  return run(process.execPath, [cli, "--cli", ...NO_LEDGER, ...SERVER, ...args], {
    cwd: ROOT,
    env: { ...process.env, HOME: home },
    maxBuffer: 64 * 1024 * 1024,
  });
}

beforeAll(() => {
  ensureBuilt();
  home = mkdtempSync(path.join(os.tmpdir(), "fin-skills-inspector-"));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe(`MCP Inspector CLI ${version}`, () => {
  it("tools/list --strict: every tool, zero portability problems", async () => {
    const { stdout, stderr } = await inspector(["--method", "tools/list", "--strict"]);
    const names = (JSON.parse(stdout).tools as { name: string }[]).map((t) => t.name);
    expect(names).toEqual(listTools().map((t) => t.name));
    const problems = stderr.split("\n").filter((l) => l.trim() && !l.startsWith("fin-skills-mcp: serving"));
    expect(problems).toEqual([]);
  });

  it("tools/call of every tool in each valid call form returns the runtime's verdict", async () => {
    const forms = await callForms();
    expect(forms.filter((f) => f.form === "bare-list series").length).toBeGreaterThan(0);
    const seen: string[] = [];
    for (const f of forms) {
      const pairs = Object.entries(f.args).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
      const args = ["--method", "tools/call", "--tool-name", f.tool, ...(pairs.length ? ["--tool-arg", ...pairs] : [])];
      const { stdout } = await inspector(args);
      const result = JSON.parse(stdout);
      const where = `${f.tool} (${f.form})`;
      expect(result.isError ?? false, `${where}: ${stdout.slice(0, 300)}`).toBe(false);
      const want = await runtimeStatus(f.tool, f.args);
      if (result.structuredContent.status !== undefined) expect(result.structuredContent.status, where).toBe(want);
      seen.push(f.tool);
    }
    expect([...new Set(seen)]).toEqual(listTools().map((t) => t.name));
  }, 900_000);
});
