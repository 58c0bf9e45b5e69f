// The report's inlined script and stylesheet: the build's dist/bundle/report-<entry>.{js,css} when
// running from dist, else bundled from source on first use (esbuild, a devDependency).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { packageRoot } from "../runtime/table.js";
import { bundleClient, type ClientAssets } from "./bundle.js";

const cache = new Map<string, Promise<ClientAssets>>();
/** True when this module runs compiled from <package>/dist (not from source). */
const fromDist = (root: string) => path.relative(root, fileURLToPath(import.meta.url)).split(path.sep)[0] === "dist";

/** Prebuilt file names for a client entry (e.g. "main.ts" -> dist/bundle/report-main.js). */
export function bundledPaths(root: string, entry: string): { js: string; css: string } {
  const base = path.join(root, "dist", "bundle", `report-${entry.replace(/\.ts$/, "")}`);
  return { js: `${base}.js`, css: `${base}.css` };
}

/** The script and stylesheet for `entry`, cached per process. */
export function clientAssets(entry = "main.ts"): Promise<ClientAssets> {
  let hit = cache.get(entry);
  if (!hit) {
    const root = packageRoot();
    const built = bundledPaths(root, entry);
    hit =
      fromDist(root) && existsSync(built.js) && existsSync(built.css)
        ? Promise.resolve({ js: readFileSync(built.js, "utf8"), css: readFileSync(built.css, "utf8") })
        : bundleClient(root, entry);
    cache.set(entry, hit);
  }
  return hit;
}
