// Which directories a server's file references may read: the client's MCP roots when it declares
// the roots capability, else the --data-dir list (stdio default: the working directory).
// - 2025-era sessions: roots/list is sent on first use and again after notifications/roots/list_changed.
// - 2026-07-28 requests carry their client capabilities in the _meta envelope and a server may not send
//   requests of its own: a call that needs the roots answers input_required with an embedded
//   roots/list, and the client retries the call with the list in inputResponses (asked on every call,
//   so a changed list applies to the next call; nothing is kept between requests).
import type { DataDirs } from "../runtime/files/index.js";
import type { Sdk } from "./sdk.js";

type LowLevelServer = InstanceType<Sdk["McpServer"]>["server"];

export const HTTP_FILES_OFF =
  "file references are off over HTTP: start fin-skills-mcp with --data-dir DIR (repeatable) to allow reading files " +
  "under DIR";
const NO_ROOTS =
  "file references are refused: the client's MCP roots list no file:// directory; add the data's folder as a root";
/** The refusal a 2026-07-28 call gets while its roots are being asked for (the client never sees it). */
const ASKING_ROOTS = "file references wait for the client's MCP roots (input_required roots/list)";
/** The inputRequests key of the embedded roots/list (the client echoes it in inputResponses). */
export const ROOTS_INPUT_KEY = "fin-skills/roots";

export interface FileOptions {
  /** --data-dir values; undefined means the transport's default. */
  readonly dataDirs?: readonly string[];
  /** True for stdio, where the default is the working directory the host started the server in. */
  readonly cwdByDefault?: boolean;
}

/** The reserved _meta key of a 2026-07-28 request's client capabilities (kept as sent in ctx.mcpReq.envelope). */
export const CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";

/** What a tools/call handler sees of its request (the SDK's ctx.mcpReq). */
export interface RequestView {
  readonly envelope?: { readonly [CAPABILITIES_KEY]?: { readonly roots?: unknown } };
  readonly inputResponses?: Record<string, unknown>;
}

/** The call options for one tools/call, and the input_required answer when the call needs the roots. */
export interface RequestFiles {
  readonly options: { readonly dataDirs: DataDirs; readonly filesOff: string };
  /** After the call: the input_required result asking for roots/list, or null when it did not need them. */
  readonly rootsRequest: () => { resultType: "input_required"; inputRequests: Record<string, unknown> } | null;
}

const fileRoots = (roots: readonly { uri?: unknown }[]) =>
  roots.flatMap((r) => (typeof r.uri === "string" && r.uri.startsWith("file://") ? [r.uri] : []));

/** The roots a retried 2026-07-28 call carries, or null when it carries none. */
function answeredRoots(req: RequestView): readonly string[] | null {
  const answer = req.inputResponses?.[ROOTS_INPUT_KEY] as { roots?: unknown } | undefined;
  return Array.isArray(answer?.roots) ? fileRoots(answer.roots as { uri?: unknown }[]) : null;
}

/** The per-request file options for one server connection (2025-era roots are fetched once and cached). */
export function fileAccess(server: LowLevelServer, options: FileOptions) {
  const fallback = options.dataDirs ?? (options.cwdByDefault ? [process.cwd()] : []);
  let roots: Promise<readonly string[]> | null = null;
  server.setNotificationHandler("notifications/roots/list_changed", async () => {
    roots = null;
  });
  const sessionDirs: DataDirs = async () => {
    if (!server.getClientCapabilities()?.roots) return fallback;
    roots ??= server.listRoots().then((r) => fileRoots(r.roots));
    const listed = await roots.catch((e: Error) => {
      roots = null;
      return { off: `file references are refused: roots/list failed (${e.message})` };
    });
    return "off" in listed || listed.length > 0 ? listed : { off: NO_ROOTS };
  };
  return (req: RequestView): RequestFiles => {
    if (req.envelope === undefined)
      return { options: { dataDirs: sessionDirs, filesOff: HTTP_FILES_OFF }, rootsRequest: () => null };
    let asked = false;
    const requestDirs: DataDirs = async () => {
      if (!req.envelope?.[CAPABILITIES_KEY]?.roots) return fallback;
      const listed = answeredRoots(req);
      if (listed === null) {
        asked = true;
        return { off: ASKING_ROOTS };
      }
      return listed.length > 0 ? listed : { off: NO_ROOTS };
    };
    const rootsRequest = () =>
      asked
        ? { resultType: "input_required" as const, inputRequests: { [ROOTS_INPUT_KEY]: { method: "roots/list" } } }
        : null;
    return { options: { dataDirs: requestDirs, filesOff: HTTP_FILES_OFF }, rootsRequest };
  };
}
