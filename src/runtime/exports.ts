// exportTools(format, {tools}): the shipped export files (the portable profile), selected in table
// order. "neutral" is the full-fidelity table and "mcp-full" its MCP form, both with $defs. The MCP
// formats add `_meta` search keys at load (search_hints.ts), which the shipped mcp.json does not hold.
import { closeMatches } from "./codec/index.js";
import { DEFERRABLE_FORMATS, deferred } from "./deferred.js";
import { withSearchMeta } from "./search_hints.js";
import { loadTable, readGenerated, type ToolEntry } from "./table.js";

export const FORMATS = [
  "anthropic",
  "openai",
  "openai-strict",
  "openai-chat",
  "mcp",
  "gemini",
  "neutral",
  "mcp-full",
] as const;
export type Format = (typeof FORMATS)[number];

const cache = new Map<Format, readonly object[]>();
const isMcp = (format: string) => format === "mcp" || format === "mcp-full";

function load(format: Format): readonly object[] {
  let entries = cache.get(format);
  if (!entries) {
    entries =
      format === "neutral"
        ? loadTable().tools
        : format === "mcp-full"
          ? loadTable().tools.map(mcpFull)
          : readGenerated<object[]>(`exports/${format}.json`);
    // MCP entries carry the search hints of hosts with their own tool search (search_hints.ts).
    if (isMcp(format)) entries = entries.map((e) => withSearchMeta(e));
    cache.set(format, entries);
  }
  return entries;
}

/** The full-fidelity MCP entry of a table tool: its own schemas, with their $defs. */
function mcpFull(t: ToolEntry): object {
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.input_schema,
    outputSchema: t.output_schema,
    annotations: t.annotations,
  };
}

/** The names the selection keeps, in table order: "all", "catalogue", or a list of tool names. */
export function selectTools(sel: "all" | "catalogue" | readonly string[] = "all"): string[] {
  const { tools } = loadTable();
  if (sel === "all") return tools.map((t) => t.name);
  if (sel === "catalogue") return tools.filter((t) => !t.guard).map((t) => t.name);
  const names = tools.map((t) => t.name);
  const unknown = [...new Set(sel.filter((n) => !names.includes(n)))];
  if (unknown.length) {
    const guesses = [...new Set(unknown.flatMap((u) => closeMatches(u, names, 3, 0.4)))];
    throw new Error(
      `unknown tool(s) ${JSON.stringify(unknown)}` +
        `${guesses.length ? ` - did you mean ${JSON.stringify(guesses)}?` : ""}`,
    );
  }
  return names.filter((n) => sel.includes(n));
}

export interface ExportOptions {
  readonly tools?: "all" | "catalogue" | readonly string[];
  /** Mark every tool but the always-loaded core `defer_loading: true` (anthropic, openai, openai-strict). */
  readonly defer?: boolean;
  /** mcp and mcp-full: also each guard tool's `_meta["anthropic/searchHint"]`, its `@keywords` (search_hints.ts). */
  readonly searchHints?: boolean;
}

/** Deep copies of the selected entries of one export format. */
export function exportTools(format: string, options: ExportOptions = {}): object[] {
  if (!(FORMATS as readonly string[]).includes(format))
    throw new Error(`unknown format '${format}'; one of ${JSON.stringify(FORMATS)}`);
  if (options.defer && !(DEFERRABLE_FORMATS as readonly string[]).includes(format))
    throw new Error(`format '${format}' has no deferred loading; one of ${JSON.stringify(DEFERRABLE_FORMATS)}`);
  const keep = new Set(selectTools(options.tools ?? "all"));
  const { tools } = loadTable();
  return load(format as Format)
    .map((e, i) => [e, tools[i]!.name] as const)
    .filter(([, name]) => keep.has(name))
    .map(([e, name]) => (options.defer ? deferred(structuredClone(e), name) : structuredClone(e)))
    .map((e) => (options.searchHints && isMcp(format) ? withSearchMeta(e, true) : e));
}
