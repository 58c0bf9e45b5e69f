// The MCP SDK (v2: @modelcontextprotocol/server, its /stdio entry and Skills extension) is an
// optional dependency: detected and imported lazily, never at module load.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SDK_PACKAGE, sdkPresent } from "./sdk_presence.cjs";

export { SDK_PACKAGE, sdkPresent };
export const SDK_RANGE = ">=2.4.0 <3";
export const INSTALL_HINT =
  "the MCP server needs the optional dependency @modelcontextprotocol/server: " +
  "npm install @modelcontextprotocol/server@2.4.0 @modelcontextprotocol/client@2.4.0 zod@4.6.7 " +
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

/** The version in the package.json named `name` found walking up from `entry`, or null. */
function packageVersion(entry: string, name: string): string | null {
  let dir = path.dirname(entry);
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg)) {
      const json = JSON.parse(readFileSync(pkg, "utf8")) as { name?: string; version?: string };
      if (json.name === name) return json.version ?? null;
    }
    const up = path.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/** The installed server SDK version, or null. */
export function sdkVersion(): string | null {
  const entry = resolves(SDK_PACKAGE);
  return entry ? packageVersion(entry, SDK_PACKAGE) : null;
}

/** True when `v` is within >=2.4.0 <3. */
export function sdkSupported(v: string): boolean {
  const [major, minor] = v.split(/[.-]/).map(Number);
  return major === 2 && minor !== undefined && minor >= 4;
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

export type Sdk = typeof import("./sdk_bundle_entry.js");
/** Defined (true) only inside dist/bundle/mcp-server.cjs, by scripts/bundle-server.mjs. */
declare const FIN_SKILLS_ONE_FILE: boolean | undefined;
let loaded: Promise<Sdk> | null = null;

/**
 * The SDK pieces the server uses: from the build's one-file bundle (dist/bundle/mcp-sdk.mjs) when
 * it exists, else from the installed packages. Rejects with the install hint when absent.
 */
export function loadSdk(): Promise<Sdk> {
  const url = new URL("../../bundle/mcp-sdk.mjs", import.meta.url);
  loaded ??= sdkImport(async () => {
    // The one-file server (one_file.ts) has the SDK inlined: the import at the end is already in it.
    if (typeof FIN_SKILLS_ONE_FILE === "undefined" && existsSync(fileURLToPath(url))) {
      const fast = await (import(url.href) as Promise<Sdk>).catch(() => null);
      if (fast) return fast;
    }
    return import("./sdk_bundle_entry.js");
  });
  return loaded;
}

/** The SDK's own check of a JSON-RPC message: a request, a notification or a response it would accept. */
export function sdkAccepts(sdk: Sdk): (m: Record<string, unknown>) => boolean {
  return (m) =>
    sdk.isJSONRPCRequest(m) ||
    sdk.isJSONRPCNotification(m) ||
    sdk.isJSONRPCResultResponse(m) ||
    sdk.isJSONRPCErrorResponse(m);
}

/** The SDK's client and stdio client transport (for the demo), or null when not installed. */
export async function loadClient() {
  if (resolves("@modelcontextprotocol/client") === null) return null;
  try {
    const [client, stdio] = await Promise.all([
      import("@modelcontextprotocol/client"),
      import("@modelcontextprotocol/client/stdio"),
    ]);
    return { Client: client.Client, StdioClientTransport: stdio.StdioClientTransport };
  } catch {
    return null;
  }
}
