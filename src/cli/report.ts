// A readable report of a check_backtest result: verdicts, the cost table, what was skipped and why.

type Result = Record<string, any>;

export function backtestReport(r: Result): string {
  const lines: string[] = [`check_backtest: ${String(r.status).toUpperCase()}`, ""];
  lines.push("Verdicts:");
  for (const g of r.results as Result[]) {
    lines.push(`  ${g.passed ? "PASS" : "FAIL"}  ${g.guard} [${g.skill}]`);
    for (const f of g.findings as Result[]) lines.push(`        ${f.severity}: ${f.message}`);
  }
  for (const [g, m] of Object.entries<string>(r.rejected)) lines.push(`  REJECTED  ${g}: ${m}`);
  const cost = (r.results as Result[]).find((g) => g.guard === "cost_curve");
  if (cost && typeof cost.evidence?.table === "string") {
    lines.push(
      "",
      "Cost curve (round-trip bps):",
      ...String(cost.evidence.table)
        .split("\n")
        .map((l) => `  ${l}`),
    );
  }
  const skipped = Object.entries<string[]>(r.skipped);
  if (skipped.length) {
    lines.push("", `Skipped (${skipped.length}) - each needs:`);
    for (const [g, need] of skipped) lines.push(`  ${g.padEnd(24)} ${need.join(", ")}`);
  }
  if (r.not_callable_over_json?.length)
    lines.push("", `In-process only (runGuard): ${r.not_callable_over_json.join(", ")}`);
  return `${lines.join("\n")}\n`;
}

/** A one-line progress bar for stderr. */
export function progressBar(done: number, total: number, message = ""): string {
  const width = 24;
  const filled = total > 0 ? Math.round((done / total) * width) : 0;
  return `\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} ${message}`.padEnd(80);
}
