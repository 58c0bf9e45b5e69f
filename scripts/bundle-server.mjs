// After tsc and bundle-sdk: the MCP server's command line, runtime, server and SDK in one CommonJS file,
// dist/bundle/mcp-server.cjs, which dist/src/cli/fin-skills-mcp.cjs runs with a V8 code cache
// (src/server/one_file.ts). One start is then run to write that cache. Skipped (old files removed)
// when the optional SDK is not installed: the command line then imports its modules as before.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const out = path.resolve("dist/bundle/mcp-server.cjs");
const cache = `${out}.v8cache`;
rmSync(out, { force: true });
rmSync(cache, { force: true });
const require = createRequire(import.meta.url);
try {
  require.resolve("@modelcontextprotocol/server");
  require.resolve("zod");
} catch {
  console.error("bundle-server: @modelcontextprotocol/server is not installed; fin-skills-mcp runs unbundled");
  process.exit(0);
}

// Each module keeps its own import.meta.url (the worker pool and the package root are found from it):
// rewritten to the module's original file, relative to the bundle's own location.
const metaUrl = {
  name: "import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.(m?js|cjs)$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      const rel = path.relative(path.dirname(out), args.path).split(path.sep).join("/");
      return { contents: text.replaceAll("import.meta.url", `new URL(${JSON.stringify(rel)}, __oneFileUrl).href`) };
    });
  },
};

const { build } = await import("esbuild");
const result = await build({
  entryPoints: ["dist/src/cli/mcp_main.js"],
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  outfile: out,
  logLevel: "warning",
  define: { FIN_SKILLS_ONE_FILE: "true" },
  // Smaller text to read, hash and compile; names are kept (stack traces stay readable), ASCII only.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  charset: "ascii",
  // esbuild: the report's source-tree fallback only (dist/ has the report prebuilt); the client: the demo only.
  // tinypool finds its worker entry from its own location, which only an unbundled copy knows in an
  // installed package (node_modules is hoisted there), so it is loaded with require (Node >= 20.19).
  // better-sqlite3 is a native addon, found from its own package (the research ledger opens it on first use).
  external: ["esbuild", "tinypool", "better-sqlite3", "@modelcontextprotocol/client", "@modelcontextprotocol/client/*"],
  metafile: !!process.env.BUNDLE_META,
  banner: { js: 'const __oneFileUrl = require("node:url").pathToFileURL(__filename).href;' },
  plugins: [metaUrl],
});

if (process.env.BUNDLE_META) writeFileSync(process.env.BUNDLE_META, JSON.stringify(result.metafile));

// One start, answered initialize and tools/list, then end of stdin: the exit writes the code cache.
const lines = [
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "build", version: "0" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list" },
];
const r = spawnSync(process.execPath, ["dist/src/cli/fin-skills-mcp.cjs"], {
  input: lines.map((l) => JSON.stringify(l)).join("\n") + "\n",
  encoding: "utf8",
  timeout: 60_000,
});
if (r.status !== 0 || !r.stdout.includes('"id":2')) {
  console.error(`bundle-server: the one-file server did not answer tools/list (exit ${r.status}):\n${r.stderr}`);
  process.exit(1);
}
