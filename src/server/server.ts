// The MCP server over the frozen tool table: an McpServer whose tools/list and tools/call are
// answered by hand (one page, a call that never throws), plus the skills/ folder served through
// the SDK's Skills extension. One instance per connection (stdio) or per request (HTTP).
import path from "node:path";
import {
  ALWAYS_LOADED,
  ToolError,
  type ToolErrorWire,
  callToolUntyped,
  internalError,
  exportTools,
  tableInfo,
  type CallOptions,
} from "../runtime/index.js";
import { deepFreeze, packageRoot } from "../runtime/table.js";
import { appResources, APP_MIME_TYPE, APP_URI, readAppResource, resultFor, toolsFor } from "./app_resource.js";
import { capMessage, limitsSentence } from "./limits.js";
import { CAPABILITIES_KEY, fileAccess, type FileOptions } from "./roots.js";
import { loadSdk, type Sdk } from "./sdk.js";
import { lazySkillSource } from "./skill_source.js";
import { restoreProtoArgument } from "./proto_argument.js";

export const SERVER_NAME = "fin-skills";
export const INSTRUCTIONS =
  "Start with bundle_coverage() for the slot vocabulary, then check_backtest(slots) or a check_<guard> tool; " +
  "read_skill(name) explains each guard and describe_guard(name) gives its full description and limits. " +
  `A host with tool search should load ${ALWAYS_LOADED.join(", ")} first and defer the rest. ${limitsSentence()}`;

export interface ServerOptions extends FileOptions {
  /** One stderr line per call: tool, status or error code, elapsed. */
  readonly log?: (line: string) => void;
  /** Runs once a tools/list has been answered (the command line starts the worker pool then). */
  readonly onListed?: () => void;
}

type ToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
};
type Progress = { progress: number; total?: number; message?: string };

/** An isError result from a tool error's one wire form, capped in length. */
function errorResult({ message, code, field, hint }: ToolErrorWire): ToolResult {
  return {
    content: [{ type: "text", text: capMessage(message) }],
    isError: true,
    _meta: { "fin-skills/error": { code, field: capMessage(field, 200), hint: hint && capMessage(hint) } },
  };
}

/** The tools/call result for one call: a result, or an isError result naming the field (capped). */
export async function toolResult(
  name: string,
  args: unknown,
  signal: AbortSignal | undefined,
  onProgress: ((p: Progress) => void) | undefined,
  files: Pick<CallOptions, "dataDirs" | "filesOff"> = {},
): Promise<ToolResult> {
  try {
    const result = await callToolUntyped(name, restoreProtoArgument(args) ?? {}, { signal, onProgress, ...files });
    return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
  } catch (e) {
    if (e instanceof ToolError) return errorResult(e.wire());
    if (signal?.aborted) throw e;
    return errorResult(internalError(name, e).wire());
  }
}

let skills: InstanceType<Sdk["SkillsExtension"]> | null = null;

/** The skills/ folder as one Skills extension per process, its catalog built at the first skills request. */
function skillsExtension(sdk: Sdk) {
  skills ??= new sdk.SkillsExtension({
    source: lazySkillSource(sdk, path.join(packageRoot(), "skills")),
    onWarning: () => undefined,
  });
  return skills;
}

function progressSender(
  token: string | number | undefined,
  notify: (n: { method: "notifications/progress"; params: Record<string, unknown> }) => Promise<void>,
) {
  if (token === undefined) return undefined;
  return (p: Progress) => {
    void notify({ method: "notifications/progress", params: { progressToken: token, ...p } }).catch(() => undefined);
  };
}

let exported: readonly object[] | null = null;

/** The MCP tool definitions, exported once per process and shared (frozen) by every server built: a
 * stateless HTTP server builds one per request, and a copy each time cost 0.5 ms and 50 KB of garbage. */
function mcpTools(): readonly object[] {
  exported ??= deepFreeze(exportTools("mcp"));
  return exported;
}

/** Builds one McpServer serving every tool and skill; rejects with the install hint without the SDK. */
export async function buildServer(options: ServerOptions = {}) {
  const sdk = await loadSdk();
  const mcp = new sdk.McpServer(
    { name: SERVER_NAME, version: tableInfo().version },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );
  skillsExtension(sdk).attach(mcp);
  const tools = mcpTools();
  const files = fileAccess(mcp.server, options);
  // Client capabilities: per request on 2026-07-28 (the _meta envelope), from initialize before.
  type Caps = Parameters<typeof toolsFor>[1];
  const caps = (ctx: { mcpReq: { envelope?: { [CAPABILITIES_KEY]?: unknown } } }) =>
    (ctx.mcpReq.envelope?.[CAPABILITIES_KEY] ?? mcp.server.getClientCapabilities()) as Caps;
  // The MCP App (report page): readable by URI; listed and referenced only for hosts declaring the
  // Apps extension (resources/list is answered here; skills are listed through skills/list).
  mcp.registerResource("fin-skills report", APP_URI, { mimeType: APP_MIME_TYPE }, async () => {
    return (await readAppResource(APP_URI)) as never;
  });
  mcp.server.setRequestHandler("resources/list", async (_request, ctx) => appResources(caps(ctx)) as never);
  mcp.server.setRequestHandler("tools/list", async (request, ctx) => {
    if (request.params?.cursor !== undefined)
      throw new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, "invalid cursor");
    if (options.onListed) setImmediate(options.onListed);
    return { tools: toolsFor(tools, caps(ctx)) } as never;
  });
  mcp.server.setRequestHandler("tools/call", async (request, ctx) => {
    const t0 = performance.now();
    const onProgress = progressSender(request.params._meta?.progressToken, ctx.mcpReq.notify as never);
    const elapsed = () => ((performance.now() - t0) / 1000).toFixed(3);
    const signal = ctx.mcpReq.signal;
    const access = files(ctx.mcpReq);
    const call = toolResult(request.params.name, request.params.arguments, signal, onProgress, access.options);
    const result = await call.catch((e) => {
      if (signal.aborted) options.log?.(`fin-skills-mcp: ${request.params.name} cancelled ${elapsed()}s`);
      throw e;
    });
    const askRoots = access.rootsRequest(); // 2026-07-28: the call needs the client's roots first
    if (askRoots !== null) return askRoots as never;
    const meta = result._meta?.["fin-skills/error"] as { code?: string } | undefined;
    const status = result.isError ? meta?.code : (result.structuredContent?.status as string | undefined);
    options.log?.(`fin-skills-mcp: ${request.params.name} ${status ?? "ok"} ${elapsed()}s`);
    return resultFor(request.params.name, result, caps(ctx)) as never;
  });
  return mcp;
}
