// After the build: every bin target in package.json (and the compiled CLIs they load) is executable,
// so `npx fin-skills-mcp` in the clone runs instead of answering "Permission denied".
import { chmodSync, existsSync, readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync("package.json", "utf8"));
// bin/x.mjs loads dist/src/cli/x.js; bin/x.cjs loads dist/src/cli/x.cjs.
const compiled = (b) =>
  b.replace(/^bin\/(.*)\.mjs$/, "dist/src/cli/$1.js").replace(/^bin\/(.*)\.cjs$/, "dist/src/cli/$1.cjs");
const targets = Object.values(pkg.bin ?? {}).flatMap((b) => [b, compiled(b)]);
for (const file of new Set(targets)) if (existsSync(file)) chmodSync(file, 0o755);
