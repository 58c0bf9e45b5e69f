// Test files for file references: a fresh data directory per test file, written with real
// writers (hyparquet-writer for Parquet), and the series they hold for inline comparison.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";

/** A fresh directory (real path) under the system temp directory. */
export function tempDir(prefix: string): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
}

/** n business-ish daily dates from 2020-01-01 (every calendar day; labels only). */
export function dates(n: number): string[] {
  const t0 = Date.UTC(2020, 0, 1);
  return Array.from({ length: n }, (_, i) => new Date(t0 + i * 86_400_000).toISOString().slice(0, 10));
}

/** Seeded pseudo-returns with up to 6 decimals, so CSV text and JSON numbers are the same doubles. */
export function returns(n: number, seed = 7, scale = 0.02): number[] {
  let s = seed;
  return Array.from({ length: n }, () => {
    s = (s * 16807) % 2147483647;
    return Math.round((s / 2147483647 - 0.5) * scale * 1e6) / 1e6;
  });
}

export function writeCsv(file: string, columns: string[], cols: unknown[][], sep = ","): void {
  const n = cols[0]!.length;
  const lines = [columns.join(sep)];
  for (let i = 0; i < n; i++) lines.push(cols.map((c) => (c[i] === null ? "" : String(c[i]))).join(sep));
  writeFileSync(file, `${lines.join("\n")}\n`);
}

/** A nullable INT64 TIMESTAMP column's schema element, in `unit`: NANOS is how pandas writes datetime64[ns]. */
export const timestampColumn = (name: string, unit: "MILLIS" | "MICROS" | "NANOS" = "NANOS", optional = true) => ({
  name,
  type: "INT64",
  repetition_type: optional ? "OPTIONAL" : "REQUIRED",
  logical_type: { type: "TIMESTAMP", isAdjustedToUTC: false, unit },
});

export function writeParquet(file: string, columns: { name: string; data: unknown[]; type?: string }[]): void {
  const buf = parquetWriteBuffer({ columnData: columns as never });
  writeFileSync(file, Buffer.from(buf));
}

export function sha256(file: string): string {
  return `sha256:${createHash("sha256").update(readFileSync(file)).digest("hex")}`;
}

export function mkfifo(file: string): void {
  execFileSync("mkfifo", [file]);
}
