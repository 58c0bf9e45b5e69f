// The SDK pieces the stdio server uses, bundled into dist/bundle/mcp-sdk.mjs at build time
// (scripts/bundle-sdk.mjs) so start-up reads one file instead of hundreds of modules.
export { Server } from "@modelcontextprotocol/sdk/server/index.js";
export * as types from "@modelcontextprotocol/sdk/types.js";
export { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
