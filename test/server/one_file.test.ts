// The one-file server (dist/bundle/mcp-server.cjs with its V8 code cache): it serves what the modules
// serve, its cache is keyed by the bundle's bytes and Node.js, and a cache that does not fit is ignored
// and rewritten. Cache tampering runs on a copy of the package, never on the dist/ other tests use.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, SERVER_JS } from "./fixtures.js";

const LINES = `${[
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list" },
]
  .map((l) => JSON.stringify(l))
  .join("\n")}\n`;

/** The tools/list result of `entry` run on LINES (then end of input). */
function toolsList(entry: string): unknown {
  const r = spawnSync(process.execPath, [entry], { input: LINES, encoding: "utf8", timeout: 60_000 });
  expect(r.status).toBe(0);
  const reply = r.stdout
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .find((m) => m.id === 2);
  return reply.result;
}

const key = (bundle: Buffer, file: string) =>
  createHash("sha256").update(bundle).update(`\0${file}\0${process.version}\0${process.arch}`).digest();

describe("the one-file server", () => {
  const copy = mkdtempSync(path.join(tmpdir(), "fin-skills-onefile-"));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it("answers tools/list exactly as the modules do", () => {
    expect(toolsList(SERVER_JS)).toEqual(toolsList(path.join(ROOT, "dist/src/cli/mcp_main.js")));
  });

  it("keeps a code cache keyed by the bundle's bytes, path and Node.js; one that does not fit is rewritten", () => {
    for (const dir of ["dist", "generated", "skills"])
      cpSync(path.join(ROOT, dir), path.join(copy, dir), { recursive: true });
    cpSync(path.join(ROOT, "package.json"), path.join(copy, "package.json"));
    symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
    const rootFile = path.join(ROOT, "dist/bundle/mcp-server.cjs");
    expect(
      readFileSync(`${rootFile}.v8cache`)
        .subarray(0, 32)
        .equals(key(readFileSync(rootFile), rootFile)),
    ).toBe(true);
    const file = path.join(copy, "dist/bundle/mcp-server.cjs");
    const bundle = readFileSync(file);
    const cacheFile = `${file}.v8cache`;
    const entry = path.join(copy, "dist/src/cli/fin-skills-mcp.cjs");
    const want = toolsList(SERVER_JS);
    // The copied cache (written at another path), one for another bundle, then one whose V8 data is garbage.
    for (const stale of [
      readFileSync(cacheFile),
      Buffer.concat([Buffer.alloc(32), Buffer.from("x")]),
      Buffer.concat([key(bundle, file), Buffer.alloc(64)]),
    ]) {
      writeFileSync(cacheFile, stale);
      expect(toolsList(entry)).toEqual(want);
      const rewritten = readFileSync(cacheFile);
      expect(rewritten.subarray(0, 32).equals(key(bundle, file))).toBe(true);
      expect(rewritten.length).toBeGreaterThan(1000);
    }
  });
});
