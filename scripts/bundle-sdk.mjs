// After tsc: bundle the MCP SDK pieces the stdio server uses into dist/bundle/mcp-sdk.mjs.
// Skipped (and any old bundle removed) when the optional SDK is not installed.
import { rmSync } from "node:fs";
import { createRequire } from "node:module";

const out = "dist/bundle/mcp-sdk.mjs";
const require = createRequire(import.meta.url);
try {
  require.resolve("@modelcontextprotocol/server");
  require.resolve("zod");
} catch {
  rmSync(out, { force: true });
  console.error(
    "bundle-sdk: @modelcontextprotocol/server is not installed; the server will import it unbundled if it appears",
  );
  process.exit(0);
}
const { build } = await import("esbuild");
await build({
  entryPoints: ["src/server/sdk_bundle_entry.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile: out,
  logLevel: "warning",
  banner: { js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);' },
});
