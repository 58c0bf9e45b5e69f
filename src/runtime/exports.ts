// exportTools(format, {tools}): the shipped export files, selected in table order.
import { readFileSync } from "node:fs";
import path from "node:path";
import { closeMatches } from "./codec/index.js";
import { loadTable, packageRoot } from "./table.js";

export const FORMATS = ["anthropic", "openai", "openai-strict", "openai-chat", "mcp", "neutral"] as const;
export type Format = (typeof FORMATS)[number];

const cache = new Map<Format, readonly object[]>();

function load(format: Format): readonly object[] {
  let entries = cache.get(format);
  if (!entries) {
    entries =
      format === "neutral"
        ? loadTable().tools
        : (JSON.parse(
            readFileSync(path.join(packageRoot(), "generated", "exports", `${format}.json`), "utf8"),
          ) as object[]);
    cache.set(format, entries);
  }
  return entries;
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
      `unknown tool(s) ${JSON.stringify(unknown)}${guesses.length ? ` - did you mean ${JSON.stringify(guesses)}?` : ""}`,
    );
  }
  return names.filter((n) => sel.includes(n));
}

/** Deep copies of the selected entries of one export format. */
export function exportTools(
  format: string,
  options: { tools?: "all" | "catalogue" | readonly string[] } = {},
): object[] {
  if (!(FORMATS as readonly string[]).includes(format))
    throw new Error(`unknown format '${format}'; one of ${JSON.stringify(FORMATS)}`);
  const keep = new Set(selectTools(options.tools ?? "all"));
  const { tools } = loadTable();
  return load(format as Format)
    .filter((_e, i) => keep.has(tools[i]!.name))
    .map((e) => structuredClone(e));
}
