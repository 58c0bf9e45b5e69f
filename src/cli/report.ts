// A readable report of a check_backtest result for an 80-column terminal: verdicts with their
// findings wrapped at word boundaries, the cost table, skipped guards (one line unless verbose).
import { writeFileSync } from "node:fs";
import { reportHtml } from "../report/html.js";
import { COLUMNS, wrap } from "../report/wrap.js";
import { UsageError } from "./usage_error.js";

type Result = Record<string, any>;

export interface ReportOptions {
  /** List every skipped guard and what it needs, instead of one line with the count. */
  readonly verbose?: boolean;
}

function verdictLines(r: Result): string[] {
  const lines: string[] = ["Verdicts:"];
  for (const g of r.results as Result[]) {
    lines.push(...wrap(`${g.guard} [${g.skill}]`, `  ${g.passed ? "PASS" : "FAIL"}  `));
    for (const f of g.findings as Result[])
      lines.push(...wrap(`${f.severity}: ${f.message}`, "        ", "          "));
  }
  for (const [g, m] of Object.entries<string>(r.rejected ?? {}))
    lines.push(...wrap(`${g}: ${m}`, "  REJECTED  ", "    "));
  return lines;
}

function costLines(r: Result): string[] {
  const cost = (r.results as Result[]).find((g) => g.guard === "cost_curve");
  if (!cost || typeof cost.evidence?.table !== "string") return [];
  const table = String(cost.evidence.table).split("\n");
  return [
    "",
    "Cost curve (round-trip bps):",
    ...table.flatMap((l) => (l.length + 2 <= COLUMNS ? [`  ${l}`] : wrap(l, "  ", "    "))),
  ];
}

function skippedLines(r: Result, verbose: boolean): string[] {
  const skipped = Object.entries<string[]>(r.skipped ?? {});
  if (!skipped.length) return [];
  if (!verbose)
    return ["", ...wrap(`Skipped ${skipped.length} guards whose inputs the bundle lacks (--verbose lists them).`, "")];
  const lines = ["", `Skipped (${skipped.length}) - each needs:`];
  for (const [g, need] of skipped) lines.push(...wrap(need.join(", "), `  ${g.padEnd(24)} `));
  return lines;
}

export function backtestReport(r: Result, options: ReportOptions = {}): string {
  const headline = String(r.summary ?? r.status).split("\n")[0]!;
  const lines: string[] = [...wrap(`check_backtest: ${headline}`, "", "  "), "", ...verdictLines(r)];
  lines.push(...costLines(r), ...skippedLines(r, options.verbose === true));
  if (r.not_callable_over_json?.length)
    lines.push("", ...wrap(`In-process only (runGuard): ${r.not_callable_over_json.join(", ")}`, ""));
  return `${lines.join("\n")}\n`;
}

/** Writes the self-contained HTML report to `file` ("-" for stdout). */
export async function writeHtmlReport(file: string, result: Result, bundle: unknown): Promise<void> {
  const b = typeof bundle === "object" && bundle !== null ? (bundle as Result) : undefined;
  const html = await reportHtml(result, b);
  if (file === "-") process.stdout.write(html);
  else
    try {
      writeFileSync(file, html);
    } catch (e) {
      throw new UsageError(`cannot write the HTML report to ${file}: ${(e as Error).message}`);
    }
}

/** A one-line progress bar for stderr, never wider than the terminal's 80 columns. */
export function progressBar(done: number, total: number, message = ""): string {
  const width = 24;
  const filled = total > 0 ? Math.max(0, Math.min(width, Math.round((done / total) * width))) : 0;
  const line = `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} ${message}`;
  return `\r${line.slice(0, COLUMNS - 1).padEnd(COLUMNS - 1)}`;
}
