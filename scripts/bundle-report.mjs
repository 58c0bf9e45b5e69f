// After tsc: bundle the report's browser side (src/report/client + uPlot) into dist/bundle/report-*.
import { mkdirSync, writeFileSync } from "node:fs";
import { bundledPaths } from "../dist/src/report/assets.js";
import { bundleClient } from "../dist/src/report/bundle.js";

const root = process.cwd();
mkdirSync("dist/bundle", { recursive: true });
// report-app (the MCP App page) needs @modelcontextprotocol/ext-apps, a devDependency.
for (const entry of ["main.ts", "app.ts"]) {
  const { js, css } = await bundleClient(root, entry);
  const out = bundledPaths(root, entry);
  writeFileSync(out.js, js);
  writeFileSync(out.css, css);
}
