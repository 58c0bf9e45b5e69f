// The MCP server over the frozen tool table (tool-layer.md §7): the SDK's low-level Server,
// one-page tools/list, a tools/call handler that never throws.
import {
  BadInputError,
  InternalToolError,
  callToolUntyped,
  exportTools,
  tableInfo,
  type CallOptions,
} from "../runtime/index.js";
import { appResources, readAppResource, resultFor, toolsFor } from "./app_resource.js";
import { fileAccess, type FileOptions } from "./roots.js";
import { loadSdk } from "./sdk.js";

export const SERVER_NAME = "fin-skills";
export const INSTRUCTIONS =
  "Start with bundle_coverage() for the slot vocabulary, then check_backtest(slots) or a check_<guard> tool; read_skill(name) explains each guard.";

export interface ServerOptions extends FileOptions {
  /** One stderr line per call: tool, status or error code, elapsed. */
  readonly log?: (line: string) => void;
}

type ToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
};

/** The tools/call result for one call: a result, or an isError result naming the field. */
export async function toolResult(
  name: string,
  args: unknown,
  signal: AbortSignal | undefined,
  onProgress: ((p: { progress: number; total?: number; message?: string }) => void) | undefined,
  files: Pick<CallOptions, "dataDirs" | "filesOff"> = {},
): Promise<ToolResult> {
  try {
    const result = await callToolUntyped(name, args ?? {}, { signal, onProgress, ...files });
    return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
  } catch (e) {
    if (e instanceof BadInputError || e instanceof InternalToolError) {
      return {
        content: [{ type: "text", text: e.message }],
        isError: true,
        _meta: { "fin-skills/error": { code: e.code, field: e.field, hint: e.hint ?? null } },
      };
    }
    if (signal?.aborted) throw e;
    const message = `internal error in ${name}: ${e instanceof Error ? `${e.name}: ${e.message.split("\n")[0]}` : String(e)}`;
    return {
      content: [{ type: "text", text: message }],
      isError: true,
      _meta: { "fin-skills/error": { code: "internal_error", field: "", hint: null } },
    };
  }
}

let inFlight = 0;
let idleWaiters: (() => void)[] = [];

/** Resolves once no tools/call is running (stdio waits for it before exiting on end of input). */
export function whenIdle(): Promise<void> {
  return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve));
}

async function tracked<T>(work: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await work();
  } finally {
    inFlight -= 1;
    if (inFlight === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  }
}

/** Builds a low-level MCP Server serving every tool; rejects with the install hint without the SDK. */
export async function buildServer(options: ServerOptions = {}) {
  const sdk = await loadSdk();
  const { ListToolsRequestSchema, CallToolRequestSchema, McpError, ErrorCode } = sdk.types;
  const server = new sdk.Server(
    { name: SERVER_NAME, version: tableInfo().version },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );
  const tools = exportTools("mcp");
  const files = fileAccess(server, sdk, options);
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    if (request.params?.cursor !== undefined) throw new McpError(ErrorCode.InvalidParams, "invalid cursor");
    return { tools: toolsFor(tools, server.getClientCapabilities()) } as never;
  });
  // The MCP App (report page): listed and referenced only for hosts declaring the Apps extension.
  server.setRequestHandler(sdk.types.ListResourcesRequestSchema, async () =>
    appResources(server.getClientCapabilities()),
  );
  server.setRequestHandler(sdk.types.ReadResourceRequestSchema, async (request) => {
    const read = await readAppResource(request.params.uri);
    if (!read) throw new McpError(ErrorCode.InvalidParams, `unknown resource ${request.params.uri}`);
    return read as never;
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const t0 = performance.now();
    const token = request.params._meta?.progressToken;
    const onProgress =
      token === undefined
        ? undefined
        : (p: { progress: number; total?: number; message?: string }) => {
            void extra
              .sendNotification({ method: "notifications/progress", params: { progressToken: token, ...p } })
              .catch(() => undefined);
          };
    const result = await tracked(() =>
      toolResult(request.params.name, request.params.arguments, extra.signal, onProgress, files),
    );
    const meta = result._meta?.["fin-skills/error"] as { code?: string } | undefined;
    const status = result.isError ? meta?.code : (result.structuredContent?.status as string | undefined);
    options.log?.(
      `fin-skills-mcp: ${request.params.name} ${status ?? "ok"} ${((performance.now() - t0) / 1000).toFixed(3)}s`,
    );
    return resultFor(request.params.name, result, server.getClientCapabilities()) as never;
  });
  return server;
}
