// generated/tools.api.md: the API report a reviewer reads. Per tool, its description, one table row per
// input - name, compact type, required or optional, default, bounds - and each input's description (with
// its units). Prose is written one sentence per line (a sentence longer than a line wraps), so that a change
// of one input, or of one word of its description, changes one line. Tools in table order, inputs in
// schema (signature) order.
import type { NeutralTool } from "./formats.js";
import { bounds, compactBounds, compactType, defaultOf } from "./compact.js";
import { MAX_LINE } from "./layout.js";

const cell = (s: string) => s.replace(/\s+/g, " ").replace(/\|/g, "\\|");

/** Longest compact type kept on one row; a longer object type gets one row per field. */
const LONG_TYPE = 100;

type Node = Record<string, unknown>;
const isNode = (x: unknown): x is Node => !!x && typeof x === "object" && !Array.isArray(x);

const describedAs = (s: unknown) => (isNode(s) && typeof s.description === "string" ? s.description : "");

/** Prose one sentence per line, each line after the first indented; a sentence past MAX_LINE wraps at a space. */
export function sentenceLines(text: string, first: string, indent = "  "): string[] {
  const sentences = text
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.;!?]) (?=\S)/);
  const out: string[] = [];
  let prefix = first;
  for (const sentence of sentences) {
    let rest = sentence;
    while (prefix.length + rest.length > MAX_LINE) {
      const cut = rest.lastIndexOf(" ", MAX_LINE - prefix.length);
      if (cut <= 0) break;
      out.push(`${prefix}${rest.slice(0, cut)}`);
      rest = rest.slice(cut + 1);
      prefix = indent;
    }
    out.push(`${prefix}${rest}`);
    prefix = indent;
  }
  return out;
}

function row(name: string, s: unknown, required: boolean, type = compactType(s)): string {
  const cells = [`\`${name}\``, cell(type), required ? "required" : "optional", cell(defaultOf(s) ?? "")];
  return `| ${[...cells, cell(compactBounds(bounds(s)))].join(" | ")} |`;
}

/** The descriptions of an input and its fields, in row order: one list item each. */
function descriptionLines(name: string, s: unknown): string[] {
  const own = describedAs(s);
  const lines = own ? sentenceLines(own, `- \`${name}\`: `) : [];
  if (!isNode(s) || compactType(s).length <= LONG_TYPE) return lines;
  const [obj, path] = s.type === "array" && isNode(s.items) ? [s.items, `${name}[]`] : [s, name];
  if (!isNode(obj.properties)) return lines;
  return [...lines, ...Object.entries(obj.properties).flatMap(([k, v]) => descriptionLines(`${path}.${k}`, v))];
}

/** The rows of one input: itself, then its fields when its type is too long for one row. */
function inputRows(name: string, s: unknown, required: boolean): string[] {
  const type = compactType(s);
  if (type.length <= LONG_TYPE || !isNode(s)) return [row(name, s, required, type)];
  const [obj, path, shown] =
    s.type === "array" && isNode(s.items) ? [s.items, `${name}[]`, "object[]"] : [s, name, "object"];
  if (!isNode(obj.properties)) return [row(name, s, required, type)];
  const fieldRequired = new Set((obj.required ?? []) as string[]);
  return [
    row(name, s, required, shown),
    ...Object.entries(obj.properties).flatMap(([k, v]) => inputRows(`${path}.${k}`, v, fieldRequired.has(k))),
  ];
}

function toolSection(t: NeutralTool, omitted: Readonly<Record<string, string>>): string[] {
  const props = (t.input_schema.properties ?? {}) as Record<string, unknown>;
  const required = new Set((t.input_schema.required ?? []) as string[]);
  const rows = Object.entries(props).flatMap(([name, s]) => inputRows(name, s, required.has(name)));
  const header = t.guard ? `## ${t.name} (guard ${t.guard})` : `## ${t.name}`;
  const omittedNames = Object.keys(omitted).sort();
  const omittedLines = omittedNames.map((name) => `| \`${name}\` | omitted | optional | | |`);
  const described = [header, "", ...sentenceLines(t.description, "", ""), ""];
  if (!rows.length && !omittedLines.length) return [...described, "No inputs.", ""];
  const inputDocs = [
    ...Object.entries(props).flatMap(([name, s]) => descriptionLines(name, s)),
    ...omittedNames.flatMap((name) => sentenceLines(`omitted: ${omitted[name]!}`, `- \`${name}\`: `)),
  ];
  return [
    ...described,
    "| input | type | required | default | bounds |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    ...omittedLines,
    "",
    ...(inputDocs.length ? [...inputDocs, ""] : []),
  ];
}

export function emitApiReport(
  tools: readonly NeutralTool[],
  excluded: readonly string[],
  omitted: Readonly<Record<string, Readonly<Record<string, string>>>>,
  comment: string,
): string {
  const lines = [`<!-- ${comment} -->`, "", "# Tool API report", ""];
  for (const t of tools) lines.push(...toolSection(t, (t.guard && omitted[t.guard]) || {}));
  lines.push("## Guards without a tool", "", ...excluded.map((g) => `- \`${g}\``), "");
  return lines.join("\n");
}
