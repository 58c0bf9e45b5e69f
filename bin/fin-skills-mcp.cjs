#!/usr/bin/env node
// The fin-skills-mcp command: the Node check first, then the compiled command line (dist/, built by
// npm run build). CommonJS, as is the command line it loads: a start never sets up Node's ES module
// loader when the one-file build serves (10-15 ms of every cold start).
const { requireSupportedNode } = require("./check-node.cjs");

requireSupportedNode();
let entry;
try {
  entry = require.resolve("../dist/src/cli/fin-skills-mcp.cjs");
} catch (e) {
  const why = e.message.split("\n")[0];
  process.stderr.write(`fin-skills-mcp: cannot load dist/ (${why}); run npm run build in the package folder\n`);
  process.exit(1);
}
require(entry); // only a missing build is worded above; any other failure keeps its own error
