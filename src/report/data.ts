// ReportData from a check_backtest result or one guard result (plus, optionally, the bundle or
// arguments it ran on). Pure and browser-safe: the HTML file and the MCP App both call it.
import { chartsFor } from "./charts.js";
import { clusterChartsOnce } from "./trial_clusters.js";
import { ledgerChartsOnce } from "./trial_sharpes.js";
import type { Chart, ReportData, VerdictRow } from "./types.js";

type Obj = Record<string, any>;
const RANK: Record<string, number> = { error: 0, warning: 1, info: 2 };

/** The first finding of the most severe kind present. */
function verdictRow(g: Obj): VerdictRow {
  const findings = (Array.isArray(g.findings) ? g.findings : []) as Obj[];
  const sorted = [...findings].sort((a, b) => (RANK[a.severity] ?? 3) - (RANK[b.severity] ?? 3));
  const first = sorted[0];
  return {
    status: g.passed ? "PASS" : "FAIL",
    guard: String(g.guard),
    skill: String(g.skill ?? ""),
    finding: first ? String(first.message) : "",
    severity: first ? first.severity : "",
    more: Math.max(0, findings.length - 1),
  };
}

/** The guard results inside `result`: its `results` list for check_backtest, else itself. */
export function guardResults(result: Obj): Obj[] {
  if (Array.isArray(result.results)) return result.results as Obj[];
  return typeof result.guard === "string" ? [result] : [];
}

/** A provenance value as "key value, key value" (a file's hash, size and columns), not raw JSON. */
function readable(v: unknown): string {
  if (!v || typeof v !== "object" || Array.isArray(v)) return typeof v === "string" ? v : JSON.stringify(v);
  const text = (x: unknown) =>
    Array.isArray(x) ? x.join(" ") : typeof x === "object" && x !== null ? JSON.stringify(x) : String(x);
  return Object.entries(v as Obj)
    .filter(([k]) => k !== "file")
    .map(([k, x]) => `${k} ${text(x)}`)
    .join(", ");
}

function provenanceRows(result: Obj): [string, string][] {
  const p = (result.provenance ?? {}) as Obj;
  const rows: [string, string][] = [];
  if (p.input_sha256) rows.push(["input sha256", String(p.input_sha256)]);
  if (p.tools_sha256) rows.push(["tools sha256", String(p.tools_sha256)]);
  if (p.version) rows.push(["fin-skills version", String(p.version)]);
  for (const [k, v] of Object.entries(p)) {
    if (["input_sha256", "tools_sha256", "version"].includes(k)) continue;
    if (Array.isArray(v) && v.every((e) => e && typeof e === "object" && !Array.isArray(e)))
      for (const [i, entry] of (v as Obj[]).entries()) rows.push([`${k}: ${entry.file ?? i + 1}`, readable(entry)]);
    else if (v && typeof v === "object" && !Array.isArray(v))
      for (const [name, entry] of Object.entries(v as Obj)) rows.push([`${k}: ${name}`, readable(entry)]);
    else rows.push([k, typeof v === "string" ? v : JSON.stringify(v)]);
  }
  return rows;
}

/** Everything the report shows, read from `result` (and `bundle` for the computed equity curve). */
export function reportData(result: Obj, bundle?: Obj): ReportData {
  const results = guardResults(result);
  const verdicts: VerdictRow[] = results.map(verdictRow);
  for (const [guard, message] of Object.entries((result.rejected ?? {}) as Obj))
    verdicts.push({ status: "REJECTED", guard, skill: "", finding: String(message), severity: "error", more: 0 });
  const all: Chart[] = [];
  const notes: string[] = [];
  for (const g of results) {
    const c = chartsFor(g, bundle);
    all.push(...c.charts);
    notes.push(...c.notes);
  }
  const charts = clusterChartsOnce(ledgerChartsOnce(all, notes), notes);
  const skipped = Object.entries((result.skipped ?? {}) as Obj).map(([guard, needs]) => ({
    guard,
    needs: Array.isArray(needs) ? needs.join(", ") : String(needs),
  }));
  return {
    title: String(result.tool ?? "fin-skills"),
    status: String(result.status ?? "").toUpperCase(),
    headline: Array.isArray(result.ran) && typeof result.summary === "string" ? result.summary.split("\n")[0]! : null,
    verdicts,
    skipped,
    charts,
    notes,
    provenance: provenanceRows(result),
  };
}
