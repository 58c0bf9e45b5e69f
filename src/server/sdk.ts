// The MCP SDK is an optional dependency: detected and imported lazily, never at module load.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SDK_RANGE = ">=1.32.2 <2";
export const INSTALL_HINT =
  "the MCP server needs the optional dependency @modelcontextprotocol/sdk: npm install @modelcontextprotocol/sdk@1.32.2 zod@4.6.7 " +
  "(or use the tools without a server: fin-skills tools --json --format anthropic)";

const require = createRequire(import.meta.url);

/** Resolves like `import` does (so loader hooks apply), falling back to CommonJS resolution. */
function resolves(id: string): string | null {
  try {
    const resolve = (import.meta as { resolve?: (s: string) => string }).resolve;
    return resolve ? fileURLToPath(resolve(id)) : require.resolve(id);
  } catch {
    return null;
  }
}

/** True when both the SDK's server entry and its peer zod resolve. */
export function sdkPresent(): boolean {
  return resolves("@modelcontextprotocol/sdk/server/index.js") !== null && resolves("zod") !== null;
}

/** The installed SDK version (read from its package.json, found by walking up), or null. */
export function sdkVersion(): string | null {
  const entry = resolves("@modelcontextprotocol/sdk/server/index.js");
  if (!entry) return null;
  let dir = path.dirname(entry);
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg)) {
      const json = JSON.parse(readFileSync(pkg, "utf8")) as { name?: string; version?: string };
      if (json.name === "@modelcontextprotocol/sdk") return json.version ?? null;
    }
    const up = path.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/** True when `v` is within >=1.32.2 <2. */
export function sdkSupported(v: string): boolean {
  const [major, minor, patch] = v.split(/[.-]/).map(Number);
  if (major !== 1 || minor === undefined || patch === undefined) return false;
  return minor > 32 || (minor === 32 && patch >= 2);
}

/** Runs an SDK import, turning any failure into the install hint. */
async function sdkImport<T>(load: () => Promise<T>): Promise<T> {
  if (!sdkPresent()) throw new Error(INSTALL_HINT);
  try {
    return await load();
  } catch {
    throw new Error(INSTALL_HINT);
  }
}

type SdkBundle = typeof import("./sdk_bundle_entry.js");
let bundled: Promise<SdkBundle | null> | null = null;

/**
 * The build's one-file SDK bundle (dist/bundle/mcp-sdk.mjs), or null when running from source
 * or when the build had no SDK. Only used once sdkPresent() has said the SDK is installed.
 */
function sdkBundle(): Promise<SdkBundle | null> {
  const url = new URL("../../bundle/mcp-sdk.mjs", import.meta.url);
  bundled ??= existsSync(fileURLToPath(url))
    ? (import(url.href) as Promise<SdkBundle>).catch(() => null)
    : Promise.resolve(null);
  return bundled;
}

/** The low-level Server and the protocol types; rejects with the install hint when absent. */
export async function loadSdk(): Promise<{ Server: SdkBundle["Server"]; types: SdkBundle["types"] }> {
  const fast = await sdkImport(sdkBundle);
  if (fast) return { Server: fast.Server, types: fast.types };
  const [server, types] = await sdkImport(() =>
    Promise.all([import("@modelcontextprotocol/sdk/server/index.js"), import("@modelcontextprotocol/sdk/types.js")]),
  );
  return { Server: server.Server, types };
}

/** The stdio transport, imported only when serving stdio. */
export async function loadStdioTransport(): Promise<SdkBundle["StdioServerTransport"]> {
  const fast = await sdkImport(sdkBundle);
  if (fast) return fast.StdioServerTransport;
  return (await sdkImport(() => import("@modelcontextprotocol/sdk/server/stdio.js"))).StdioServerTransport;
}

/** The Streamable HTTP transport, imported only when serving HTTP. */
export async function loadHttpTransport() {
  return (await sdkImport(() => import("@modelcontextprotocol/sdk/server/streamableHttp.js")))
    .StreamableHTTPServerTransport;
}
