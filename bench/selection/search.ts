// A BM25 tool search over one export profile, as a host's tool search indexes it: each tool's name,
// description, and the names and descriptions of its parameters (nested ones included); with `hints`,
// also the MCP `_meta` search hint (src/runtime/search_hints.ts), as a host that reads it would.
import MiniSearch from "minisearch";
import { SEARCH_HINT_KEY } from "../../src/runtime/search_hints.js";

interface ToolDoc {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly parameters: string;
  readonly hint: string;
}

type Node = Record<string, unknown>;
const isNode = (x: unknown): x is Node => !!x && typeof x === "object" && !Array.isArray(x);

/** The input schema of an export entry, whatever the format calls it. */
function inputSchema(entry: Node): unknown {
  const fn = isNode(entry.function) ? entry.function : entry;
  return fn.input_schema ?? fn.inputSchema ?? fn.parameters;
}

/** Parameter names and descriptions of a schema, depth first. */
function parameterText(schema: unknown, out: string[] = []): string[] {
  if (Array.isArray(schema)) for (const s of schema) parameterText(s, out);
  else if (isNode(schema)) {
    if (isNode(schema.properties)) for (const name of Object.keys(schema.properties)) out.push(name);
    if (typeof schema.description === "string") out.push(schema.description);
    for (const [k, v] of Object.entries(schema)) if (k !== "description" && k !== "enum") parameterText(v, out);
  }
  return out;
}

/** The searchable text of one export entry. */
export function toolDoc(entry: object, id: number): ToolDoc {
  const e = entry as Node;
  const fn = isNode(e.function) ? e.function : e;
  return {
    id,
    name: String(fn.name),
    description: String(fn.description ?? ""),
    parameters: parameterText(inputSchema(e)).join(" "),
    hint: isNode(e._meta) && typeof e._meta[SEARCH_HINT_KEY] === "string" ? e._meta[SEARCH_HINT_KEY] : "",
  };
}

/** A search over the entries; `rank(query)` returns tool names, best first. */
export function toolSearch(entries: readonly object[], hints = false): (query: string) => string[] {
  const fields = ["name", "description", "parameters", ...(hints ? ["hint"] : [])];
  const index = new MiniSearch<ToolDoc>({ fields, storeFields: ["name"] });
  index.addAll(entries.map(toolDoc));
  return (query) => index.search(query).map((r) => String(r.name));
}
