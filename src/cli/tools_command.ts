// `fin-skills tools`: the static export files, selected and printed (docs/contract.md §8.3).
import { FORMATS, exportTools, listTools, selectTools, tableInfo, type Format } from "../runtime/index.js";
import { loadGuards } from "../runtime/table.js";
import { UsageError, parseCommandArgs } from "./usage_error.js";

function firstSentence(description: string): string {
  const i = description.indexOf(". ");
  let s = i < 0 ? description : description.slice(0, i);
  if (s.endsWith(".")) s = s.slice(0, -1);
  return s.length <= 96 ? s : `${s.slice(0, 93)}...`;
}

function selection(raw: string | undefined): "all" | "catalogue" | string[] {
  if (raw === undefined || raw === "all" || raw === "catalogue") return (raw ?? "all") as "all" | "catalogue";
  return [
    ...new Set(
      raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

function stats(names: readonly string[], asJson: boolean): string {
  const formats: Record<string, { total: number; tools: Record<string, number> }> = {};
  for (const f of FORMATS) {
    const entries = exportTools(f, { tools: names });
    const sizes = Object.fromEntries(entries.map((e, i) => [names[i]!, JSON.stringify(e).length]));
    formats[f] = { total: JSON.stringify(entries).length, tools: sizes };
  }
  if (asJson) return `${JSON.stringify({ formats })}\n`;
  const lines = FORMATS.map((f) => `${f.padEnd(14)} ${formats[f]!.total} chars, ${names.length} tools`);
  const header = ["tool".padEnd(32), ...FORMATS.map((f) => f.padStart(14))].join("");
  const rows = names.map((n) =>
    [n.padEnd(32), ...FORMATS.map((f) => String(formats[f]!.tools[n]).padStart(14))].join(""),
  );
  const total = ["total".padEnd(32), ...FORMATS.map((f) => String(formats[f]!.total).padStart(14))].join("");
  return `${[...lines, "", header, ...rows, total].join("\n")}\n`;
}

const TOOLS_OPTIONS = {
  format: { type: "string" },
  tools: { type: "string" },
  indent: { type: "string" },
  json: { type: "boolean" },
  list: { type: "boolean" },
  excluded: { type: "boolean" },
  stats: { type: "boolean" },
  defer: { type: "boolean" },
} as const;

/** Runs `tools` with its arguments; returns stdout text or throws UsageError. */
export function toolsCommand(argv: string[]): string {
  const { values } = parseCommandArgs("tools", { args: argv, options: TOOLS_OPTIONS, strict: true });
  const format = (values.format ?? "anthropic") as Format;
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`unknown format '${format}'; one of ${JSON.stringify(FORMATS)}`);
  const indent = values.indent === undefined ? 2 : Number(values.indent);
  if (!Number.isInteger(indent) || indent < 0 || indent > 10)
    throw new UsageError(`--indent must be an integer 0-10, got '${values.indent}'`);
  let names: string[];
  try {
    names = selectTools(selection(values.tools));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (values.excluded) {
    const ex = loadGuards()
      .filter((g) => g.tool === null)
      .sort((a, b) => (a.guard < b.guard ? -1 : 1));
    const lines = [
      `${ex.length} guard(s) cannot be driven over JSON:`,
      ...ex.map((g) => `  ${g.guard} [${g.skill}]: ${g.excluded_because}`),
    ];
    return `${lines.join("\n")}\n`;
  }
  if (values.list) {
    const tools = listTools().filter((t) => names.includes(t.name));
    const guards = tools.filter((t) => t.guard).length;
    const head =
      `${tools.length} tools (${guards} guards, ${tools.length - guards} catalogue), ` +
      `${tableInfo().counts.excluded} guards excluded`;
    return `${[head, ...tools.map((t) => `  ${t.name.padEnd(28)} ${firstSentence(t.description)}`)].join("\n")}\n`;
  }
  if (values.stats) return stats(names, values.json === true);
  let entries: object[];
  try {
    entries = exportTools(format, { tools: names, defer: values.defer === true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  return `${indent === 0 ? JSON.stringify(entries) : JSON.stringify(entries, null, indent)}\n`;
}
