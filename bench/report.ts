// Rows of the benchmark table: a figure, its spread, its target and whether it is met.
import { writeFileSync } from "node:fs";
import os from "node:os";
import type { Spread } from "./lib/stats.js";

export interface Row {
  readonly case: string;
  readonly label: string;
  readonly unit: "ms" | "MB" | "chars" | "count" | "x" | "us";
  readonly value: number;
  readonly spread?: Spread;
  /** Upper bound the value should stay under; absent when the row only informs. */
  readonly target?: number;
  readonly note?: string;
}

export function met(row: Row): boolean | null {
  return row.target === undefined ? null : row.value < row.target;
}

function fmt(x: number | undefined, unit: Row["unit"]): string {
  if (x === undefined || Number.isNaN(x)) return "-";
  if (unit === "chars" || unit === "count") return Math.round(x).toLocaleString("en-US");
  if (unit === "x") return x.toFixed(2);
  if (Math.abs(x) >= 100) return x.toFixed(0);
  if (Math.abs(x) >= 10) return x.toFixed(1);
  if (Math.abs(x) >= 1) return x.toFixed(2);
  return x.toFixed(3);
}

export function table(rows: readonly Row[]): string {
  const header = ["case", "measure", "median", "spread (min..max | p10..p90)", "n", "target", "met"];
  const body = rows.map((r) => {
    const s = r.spread;
    const spreadText =
      s && s.n > 1 ? `${fmt(s.min, r.unit)}..${fmt(s.max, r.unit)} | ${fmt(s.p10, r.unit)}..${fmt(s.p90, r.unit)}` : "";
    const m = met(r);
    return [
      r.case,
      r.label,
      `${fmt(r.value, r.unit)} ${r.unit}`,
      spreadText,
      s ? String(s.n) : "1",
      r.target === undefined ? "" : `< ${fmt(r.target, r.unit)} ${r.unit}`,
      m === null ? "" : m ? "yes" : "NO",
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === 2 || i === 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  const notes = rows.filter((r) => r.note).map((r) => `  ${r.case} / ${r.label}: ${r.note}`);
  return [
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...body.map(line),
    ...(notes.length ? ["", "notes:", ...notes] : []),
  ].join("\n");
}

export function writeResults(file: string, rows: readonly Row[], extra: Record<string, unknown>): void {
  const doc = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? "",
    ...extra,
    rows: rows.map((r) => ({ ...r, met: met(r) })),
  };
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
}
