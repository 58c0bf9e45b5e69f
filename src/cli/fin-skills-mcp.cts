#!/usr/bin/env node
// fin-skills-mcp: the MCP server's command line. Runs the one-file build (dist/bundle/mcp-server.cjs,
// V8 code cache beside it) when it was built and the SDK is installed, else the modules themselves.
// CommonJS, with CommonJS imports only: serving the one-file build never sets up Node's ES module loader.
import "./node_check.cjs";
import { runOneFile } from "../server/one_file.cjs";

if (!runOneFile()) void import("./mcp_main.js");
