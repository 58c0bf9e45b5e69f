// Whether the optional MCP SDK is installed, in CommonJS: the one-file start asks before Node's ES module
// loader exists (CommonJS resolution; the SDK and zod publish both builds).
export const SDK_PACKAGE = "@modelcontextprotocol/server";

/** True when the SDK's server entry and its peer zod both resolve. */
export function sdkPresent(): boolean {
  try {
    require.resolve(SDK_PACKAGE);
    require.resolve("zod");
    return true;
  } catch {
    return false;
  }
}
