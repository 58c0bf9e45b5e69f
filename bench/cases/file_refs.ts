// A 1,000,000-row file (date, return, turnover) through check_cost_curve over stdio, by
// reference (CSV, Parquet) and inline; each run a fresh server, whose peak RSS (VmHWM) is read
// right after the answer. Inline cannot carry the dates within MAX_ARGUMENT_BYTES, so the inline
// run sends the returns as a bare list and turnover as one number, and the reference run that
// matches it reads the same returns from a one-column CSV ("returns only", no index). The Parquet
// version of the data, the target row, is laid out as pandas (pyarrow) writes a DataFrame: the dates
// an INT64 TIMESTAMP in nanoseconds, every column nullable, one row group. A second Parquet file holds
// the dates as text (hyparquet-writer's STRING, 11 row groups), reported without a target: there the
// reader decodes a million strings, which costs about what reading the whole CSV does.
// Run alone: npx tsx bench/cases/file_refs.ts
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parquetWriteBuffer } from "hyparquet-writer";
import type { Row } from "../report.js";
import { table } from "../report.js";
import { StdioClient } from "../lib/mcp.js";
import { ensureBuilt } from "../lib/paths.js";
import { spread } from "../lib/stats.js";
import { cpuMs, statusKb } from "../lib/proc.js";

const N = 1_000_000;
/** Rounds, each case once a round: one call on this 2-core machine varies by a quarter; a median of 9 settles. */
const RUNS = 9;

function data(n: number) {
  let s = 12345;
  const t0 = Date.UTC(1990, 0, 1);
  const dates = new Array<string>(n);
  const ret = new Array<number>(n);
  const to = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    s = (s * 16807) % 2147483647;
    dates[i] = new Date(t0 + i * 3_600_000).toISOString().slice(0, 19);
    ret[i] = Math.round((s / 2147483647 - 0.5) * 40 + 0.4) / 1000;
    to[i] = 0.5;
  }
  return { dates, ret, to };
}

/** The data as pandas (pyarrow) writes a DataFrame with a datetime64[ns] column "date". */
function pandasParquet(dates: string[], ret: number[], to: number[]): ArrayBuffer {
  const stamp = { type: "TIMESTAMP", isAdjustedToUTC: false, unit: "NANOS" };
  return parquetWriteBuffer({
    schema: [
      { name: "root", num_children: 3 },
      { name: "date", type: "INT64", repetition_type: "OPTIONAL", logical_type: stamp },
      { name: "return", type: "DOUBLE", repetition_type: "OPTIONAL" },
      { name: "turnover", type: "DOUBLE", repetition_type: "OPTIONAL" },
    ],
    columnData: [
      { name: "date", data: dates.map((d) => new Date(`${d}Z`)) },
      { name: "return", data: ret },
      { name: "turnover", data: to },
    ],
    rowGroupSize: 1_048_576,
  } as never);
}

interface Run {
  readonly ms: number;
  readonly cpu: number;
  readonly mb: number;
  readonly status: string;
}

async function run(dir: string, args: object): Promise<Run> {
  const client = new StdioClient(["--data-dir", dir]);
  try {
    await client.initialize();
    const text = JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "check_cost_curve", arguments: args },
    });
    const done = client.expect(7);
    const cpu0 = cpuMs(client.child.pid!);
    const t0 = performance.now();
    client.sendText(text);
    const r = await done;
    const ms = performance.now() - t0;
    const mb = statusKb(client.child.pid!, "VmHWM") / 1024;
    const cpu = cpuMs(client.child.pid!) - cpu0;
    const result = r.result as {
      isError?: boolean;
      structuredContent?: { status: string };
      content: { text: string }[];
    };
    if (r.error || result.isError) throw new Error(`call failed: ${r.error?.message ?? result.content[0]!.text}`);
    return { ms, cpu, mb, status: result.structuredContent!.status };
  } finally {
    await client.close();
  }
}

export async function fileRefs(): Promise<Row[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fin-skills-bench-files-"));
  try {
    const { dates, ret, to } = data(N);
    const lines = ["date,return,turnover"];
    for (let i = 0; i < N; i++) lines.push(`${dates[i]},${ret[i]},${to[i]}`);
    writeFileSync(path.join(dir, "bt.csv"), `${lines.join("\n")}\n`);
    writeFileSync(path.join(dir, "returns.csv"), `return\n${ret.join("\n")}\n`);
    const pq = parquetWriteBuffer({
      columnData: [
        { name: "date", data: dates, type: "STRING" },
        { name: "return", data: ret, type: "DOUBLE" },
        { name: "turnover", data: to, type: "DOUBLE" },
      ],
    });
    writeFileSync(path.join(dir, "bt.parquet"), Buffer.from(pq));
    writeFileSync(path.join(dir, "pandas.parquet"), Buffer.from(pandasParquet(dates, ret, to)));
    const both = (file: string) => ({
      returns: { file, column: "return", index: "date" },
      turnover: { file, column: "turnover", index: "date" },
    });
    const cases: [string, object][] = [
      ["inline: returns as a bare list (3 decimals) + turnover 0.5", { returns: ret, turnover: 0.5 }],
      ["CSV by reference, returns only (+ turnover 0.5)", { returns: { file: "returns.csv" }, turnover: 0.5 }],
      ["CSV by reference, returns + turnover with the date index", both("bt.csv")],
      ["Parquet with the dates as text (STRING, 11 row groups), same references", both("bt.parquet")],
      ["Parquet as pandas writes it (TIMESTAMP[ns], nullable, 1 row group), same references", both("pandas.parquet")],
    ];
    const measured = cases.map(([label, args]) => {
      return { label, args, runs: [] as Run[] };
    });
    for (let k = 0; k < RUNS; k++) for (const m of measured) m.runs.push(await run(dir, m.args));
    const rows: Row[] = [];
    const med = (i: number, f: "ms" | "cpu" | "mb") => spread(measured[i]!.runs.map((r) => r[f])).median;
    for (const m of measured) {
      const t = spread(m.runs.map((r) => r.ms));
      const mb = spread(m.runs.map((r) => r.mb));
      rows.push({
        case: "9 file refs",
        label: `${m.label}: stdio call`,
        unit: "ms",
        value: t.median,
        spread: t,
        note: `status ${m.runs[0]!.status}`,
      });
      const cpu = spread(m.runs.map((r) => r.cpu));
      rows.push({ case: "9 file refs", label: `${m.label}: server CPU`, unit: "ms", value: cpu.median, spread: cpu });
      rows.push({
        case: "9 file refs",
        label: `${m.label}: server peak RSS (VmHWM)`,
        unit: "MB",
        value: mb.median,
        spread: mb,
      });
    }
    rows.push(
      {
        case: "9 file refs",
        label: "CSV returns-only / inline, time",
        unit: "x",
        value: med(1, "ms") / med(0, "ms"),
        target: 1.2,
      },
      {
        case: "9 file refs",
        label: "CSV returns-only / inline, server CPU (less sensitive to a loaded machine)",
        unit: "x",
        value: med(1, "cpu") / med(0, "cpu"),
      },
      {
        case: "9 file refs",
        label: "CSV returns-only / inline, peak RSS",
        unit: "x",
        value: med(1, "mb") / med(0, "mb"),
        target: 1.0001,
      },
      {
        case: "9 file refs",
        label: "Parquet as pandas writes it / CSV (both columns, dated), time",
        unit: "x",
        value: med(4, "ms") / med(2, "ms"),
        target: 1,
      },
      {
        case: "9 file refs",
        label: "Parquet with the dates as text / CSV (both columns, dated), time",
        unit: "x",
        value: med(3, "ms") / med(2, "ms"),
      },
      {
        case: "9 file refs",
        label: "file sizes",
        unit: "chars",
        value: readFileSync(path.join(dir, "bt.csv")).length,
        note:
          `CSV bytes; Parquet ${pq.byteLength} bytes; inline argument text ` +
          `${JSON.stringify({ returns: ret, turnover: 0.5 }).length} chars`,
      },
    );
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  ensureBuilt();
  console.log(table(await fileRefs()));
}
