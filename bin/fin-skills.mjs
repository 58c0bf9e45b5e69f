#!/usr/bin/env node
// The fin-skills command: the Node check first, then the compiled CLI (dist/, built by npm run build).
import { requireSupportedNode } from "./check-node.cjs";

requireSupportedNode();
import("../dist/src/cli/fin-skills.js").catch((e) => {
  process.stderr.write(`fin-skills: cannot load dist/ (${e.message}); run npm run build in the package folder\n`);
  process.exit(1);
});
