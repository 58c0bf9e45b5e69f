// Bundles the browser side of the report (src/report/client + uPlot) into one script and one
// stylesheet with esbuild. Used by the build (dist/bundle/report-*) and when running from source.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export interface ClientAssets {
  readonly js: string;
  readonly css: string;
}

/** The uPlot stylesheet plus the report's own. */
function styles(root: string): string {
  const require = createRequire(path.join(root, "package.json"));
  const uplotCss = readFileSync(require.resolve("uplot/dist/uPlot.min.css"), "utf8");
  return `${uplotCss}\n${readFileSync(path.join(root, "src", "report", "client", "report.css"), "utf8")}`;
}

/** Bundles `entry` (a file under src/report/client) in memory; needs esbuild (a devDependency). */
export async function bundleClient(root: string, entry: string): Promise<ClientAssets> {
  const { build } = await import("esbuild");
  const out = await build({
    entryPoints: [path.join(root, "src", "report", "client", entry)],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    write: false,
    legalComments: "inline",
    logLevel: "warning",
  });
  return { js: out.outputFiles[0]!.text, css: styles(root) };
}
