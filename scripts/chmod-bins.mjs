// After the build: every bin target in package.json (and the compiled CLIs they load) is executable,
// so `npx fin-skills-mcp` in the clone runs instead of answering "Permission denied".
import { chmodSync, existsSync, readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const targets = Object.values(pkg.bin ?? {}).flatMap((b) => [b, b.replace(/^bin\/(.*)\.mjs$/, "dist/src/cli/$1.js")]);
for (const file of new Set(targets)) if (existsSync(file)) chmodSync(file, 0o755);
