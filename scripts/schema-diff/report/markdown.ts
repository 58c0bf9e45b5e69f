// Markdown for a pull-request comment: a title, the summary, and a table of changes.
import type { SchemaDiff } from "../diff.js";
import { summaryLine } from "./summary.js";

const ICON = { breaking: "**breaking**", warning: "warning", info: "info" } as const;
const cell = (s: string) => s.replace(/\|/g, "\\|");

export function markdownReport(d: SchemaDiff): string {
  const lines = [`### Tool schema changes against \`${d.base}\``, "", summaryLine(d), ""];
  if (d.findings.length) {
    lines.push("| severity | tool | input | change |", "| --- | --- | --- | --- |");
    for (const f of d.findings)
      lines.push(
        `| ${ICON[f.severity]} | \`${f.tool}\` | ${f.input ? `\`${cell(f.input)}\`` : ""} | ${cell(f.message)} |`,
      );
  }
  return `${lines.join("\n")}\n`;
}
