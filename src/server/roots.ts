// Which directories a server's file references may read: the client's MCP roots when it declares
// the roots capability (fetched with roots/list on first use, refetched after
// notifications/roots/list_changed), else the --data-dir list (stdio default: the working directory).
import type { DataDirs } from "../runtime/files/index.js";
import type { Sdk } from "./sdk.js";

type LowLevelServer = InstanceType<Sdk["McpServer"]>["server"];

export const HTTP_FILES_OFF =
  "file references are off over HTTP: start fin-skills-mcp with --data-dir DIR (repeatable) to allow reading files " +
  "under DIR";
const NO_ROOTS =
  "file references are refused: the client's MCP roots list no file:// directory; add the data's folder as a root";

export interface FileOptions {
  /** --data-dir values; undefined means the transport's default. */
  readonly dataDirs?: readonly string[];
  /** True for stdio, where the default is the working directory the host started the server in. */
  readonly cwdByDefault?: boolean;
}

/** The dataDirs/filesOff call options for one server connection. */
export function fileAccess(server: LowLevelServer, options: FileOptions) {
  const fallback = options.dataDirs ?? (options.cwdByDefault ? [process.cwd()] : []);
  let roots: Promise<readonly string[]> | null = null;
  server.setNotificationHandler("notifications/roots/list_changed", async () => {
    roots = null;
  });
  const dataDirs: DataDirs = async () => {
    if (!server.getClientCapabilities()?.roots) return fallback;
    roots ??= server.listRoots().then((r) => r.roots.map((x) => x.uri).filter((u) => u.startsWith("file://")));
    const listed = await roots.catch((e: Error) => {
      roots = null;
      return { off: `file references are refused: roots/list failed (${e.message})` };
    });
    return "off" in listed || listed.length > 0 ? listed : { off: NO_ROOTS };
  };
  return { dataDirs, filesOff: HTTP_FILES_OFF };
}
