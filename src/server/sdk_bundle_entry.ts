// The SDK pieces the server uses, bundled into dist/bundle/mcp-sdk.mjs at build time
// (scripts/bundle-sdk.mjs) so start-up reads one file instead of hundreds of modules.
export {
  createMcpHandler,
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
} from "@modelcontextprotocol/server";
export { serveStdio } from "@modelcontextprotocol/server/stdio";
export { DIRECTORY_MIME_TYPE, SkillsExtension } from "@modelcontextprotocol/server/ext/skills";
