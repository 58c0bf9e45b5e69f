#!/usr/bin/env node
// fin-skills-mcp: the MCP server's command line. Runs the one-file build (dist/bundle/mcp-server.cjs,
// V8 code cache beside it) when it was built and the SDK is installed, else the modules themselves.
import "./node_check.js";
import { runOneFile } from "../server/one_file.js";

if (!runOneFile()) await import("./mcp_main.js");
