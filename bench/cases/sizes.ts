// Characters of each export format (compact JSON of exportTools(format)), all tools and the
// catalogue-only subset (selectTools("catalogue")), with where the characters go.
import { DEFERRABLE_FORMATS, exportTools, FORMATS, selectTools } from "../../src/runtime/index.js";
import type { Row } from "../report.js";

// Upper bounds, inclusive (the report checks value < target, hence + 1): the full Anthropic export at
// most the Python original's 50,376 (#44: description quality over a char count), the served MCP tools/list
// result and each catalogue-only export.
const ANTHROPIC_TARGET = 50_376 + 1;
const TOOLS_LIST_TARGET = 55_000 + 1;
const CATALOGUE_TARGET = 4_500 + 1;
/** What a deferred export puts in the context up front: the entries not marked defer_loading. */
const DEFERRED_UP_FRONT_TARGET = 8_000 + 1;
/** Formats with a catalogue-only target: the portable LLM-provider exports (mcp carries output schemas too). */
const CATALOGUE_TARGETED = new Set(["anthropic", "openai", "openai-chat", "gemini"]);

interface Parts {
  defs: number;
  defsCopies: Map<string, number>;
  descriptions: number;
}

/**
 * Characters under every `$defs` (and how many copies of each definition), and of every description string outside
 * them.
 */
function parts(x: unknown, acc: Parts = { defs: 0, defsCopies: new Map(), descriptions: 0 }): Parts {
  if (Array.isArray(x)) for (const v of x) parts(v, acc);
  else if (x && typeof x === "object") {
    for (const [k, v] of Object.entries(x)) {
      if (k === "$defs" && v && typeof v === "object") {
        acc.defs += JSON.stringify(v).length;
        for (const name of Object.keys(v)) acc.defsCopies.set(name, (acc.defsCopies.get(name) ?? 0) + 1);
      } else if (k === "description" && typeof v === "string") acc.descriptions += JSON.stringify(v).length;
      else parts(v, acc);
    }
  }
  return acc;
}

function breakdown(entries: readonly object[], total: number): string {
  const p = parts(entries);
  const copies = [...p.defsCopies].map(([n, c]) => `${n} x${c}`).join(", ");
  const pct = (n: number) => `${((100 * n) / total).toFixed(0)}%`;
  return (
    `$defs ${p.defs.toLocaleString("en-US")} chars (${pct(p.defs)}; ${copies || "none"}); description strings ` +
    `outside $defs ${p.descriptions.toLocaleString("en-US")} (${pct(p.descriptions)})`
  );
}

export function sizes(): Row[] {
  const all = selectTools("all").length;
  const catalogue = selectTools("catalogue");
  const rows: Row[] = [];
  for (const format of FORMATS) {
    const entries = exportTools(format);
    const full = JSON.stringify(entries).length;
    const cat = JSON.stringify(exportTools(format, { tools: catalogue })).length;
    const anthropic = format === "anthropic";
    rows.push({
      case: "7 export size",
      label: `${format}, all ${all} tools`,
      unit: "chars",
      value: full,
      ...(anthropic ? { target: ANTHROPIC_TARGET, note: breakdown(entries, full) } : {}),
    });
    rows.push({
      case: "7 export size",
      label: `${format}, catalogue ${catalogue.length} tools`,
      unit: "chars",
      value: cat,
      ...(CATALOGUE_TARGETED.has(format) ? { target: CATALOGUE_TARGET } : {}),
    });
  }
  for (const format of DEFERRABLE_FORMATS) {
    const upFront = exportTools(format, { defer: true }).filter((e) => !("defer_loading" in e));
    rows.push({
      case: "7 export size",
      label: `${format} --defer, up front (${upFront.length} tools)`,
      unit: "chars",
      value: JSON.stringify(upFront).length,
      target: DEFERRED_UP_FRONT_TARGET,
    });
  }
  rows.push({
    case: "7 export size",
    label: "MCP tools/list result, all tools",
    unit: "chars",
    value: JSON.stringify({ tools: exportTools("mcp") }).length,
    target: TOOLS_LIST_TARGET,
  });
  return rows;
}
