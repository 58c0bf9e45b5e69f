// Project paths, the sample bundle, and the build step the stdio cases need.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
/** The installed command, as an MCP host starts it. */
export const SERVER_JS = path.join(ROOT, "bin/fin-skills-mcp.cjs");
/** Rewritten by every `npm run build` (its one-file bundle), so its time says when dist/ was built. */
const BUILT = path.join(ROOT, "dist/bundle/mcp-server.cjs");
export const RESULTS_JSON = path.join(ROOT, "bench/results.json");

function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.(ts|js|json)$/.test(d.name))
    .reduce((m, d) => Math.max(m, statSync(path.join(d.parentPath, d.name)).mtimeMs), 0);
}

/** Compiles dist/ when it is missing or older than src/, guards/ or generated/. Returns what it did. */
export function ensureBuilt(): "fresh" | "built" {
  const sources = Math.max(
    newest(path.join(ROOT, "src")),
    newest(path.join(ROOT, "guards")),
    newest(path.join(ROOT, "generated")),
  );
  if (existsSync(BUILT) && statSync(BUILT).mtimeMs >= sources) return "fresh";
  execFileSync("npm", ["run", "-s", "build"], { cwd: ROOT, stdio: "inherit" });
  return "built";
}

export interface SeriesPayload {
  index: string[];
  values: (number | null)[];
  name?: string;
  freq?: string;
}

let bundle: Record<string, unknown> | null = null;

/** data/sample-bundle.json (504 business days), parsed once. */
export function sampleBundle(): Record<string, unknown> {
  bundle ??= JSON.parse(readFileSync(path.join(ROOT, "data/sample-bundle.json"), "utf8")) as Record<string, unknown>;
  return bundle;
}
