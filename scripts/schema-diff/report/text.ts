// Plain text: one block per tool, one line per change, then the summary.
import type { SchemaDiff } from "../diff.js";
import { summaryLine } from "./summary.js";

export function textReport(d: SchemaDiff): string {
  const lines: string[] = [];
  let tool = "";
  for (const f of d.findings) {
    if (f.tool !== tool) lines.push(...(tool ? [""] : []), (tool = f.tool));
    lines.push(`  ${f.severity.toUpperCase().padEnd(8)} ${f.message} [${f.rule}]`);
  }
  if (!d.findings.length) lines.push(`no schema changes against ${d.base}`);
  return `${[...lines, "", summaryLine(d)].join("\n")}\n`;
}
