// A light call's latency while one heavy request within the documented limits runs on the same server (#49):
// each heavy case of the issue, over stdio and over HTTP. The heavy request is sent from a worker thread (its
// large text would stall this thread's loop, which the light calls' latencies would then count as the server's).
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Row } from "../report.js";
import { post, postFromWorker, startHttpServer } from "../lib/http_server.js";
import { StdioClient } from "../lib/mcp.js";
import { statusKb } from "../lib/proc.js";
import { lightRow } from "./bounded.js";

const LIGHT = { name: "list_guards", arguments: {} };

const rpc = (id: number, params: object) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params });

function dates(n: number): string[] {
  const out = new Array<string>(n);
  const t0 = Date.UTC(1000, 0, 1);
  for (let i = 0; i < n; i++) out[i] = new Date(t0 + i * 86_400_000).toISOString().slice(0, 10);
  return out;
}

function prices(n: number, seed: number): number[] {
  let s = seed;
  let p = 100;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    s = (s * 16807) % 2147483647;
    p *= 1 + (s / 2147483647 - 0.5) * 0.02;
    out[i] = p;
  }
  return out;
}

/** check_reconcile_sources with `n` dates: two series on one index, full-precision prices. */
function reconcile(n: number): object {
  const index = dates(n);
  const close = prices(n, 7);
  const other = close.map((x, i) => (i % 1000 === 0 ? x * 1.01 : x));
  return {
    name: "check_reconcile_sources",
    arguments: { close: { index, values: close }, other: { index, values: other } },
  };
}

/** bundle_coverage with `n` slot names (refused above 1,000). */
function coverage(n: number): object {
  return { name: "bundle_coverage", arguments: { slots: Array.from({ length: n }, (_, i) => `slot_${i}`) } };
}

/** A file of about `mb` MB in `dir`, with its reference call. */
type FileCase = (dir: string) => object;

function quotedCsv(rows: number): FileCase {
  return (dir) => {
    const p = prices(rows, 11);
    const d = dates(rows);
    const lines = ['"date","ret"'];
    for (let i = 0; i < rows; i++) lines.push(`"${d[i]}","${(p[i]! / 1e4 - 0.01).toPrecision(17)}"`);
    writeFileSync(path.join(dir, "q.csv"), `${lines.join("\n")}\n`);
    return { name: "check_rf_convention", arguments: { returns: { file: "q.csv" }, rf: 0.0001 } };
  };
}

function jsonFile(orient: "split" | "records", rows: number): FileCase {
  return (dir) => {
    const p = prices(rows, 13);
    const d = dates(rows);
    const doc =
      orient === "split"
        ? { columns: ["ret"], index: d, data: p.map((x) => [x / 1e4]) }
        : d.map((date, i) => ({ date, ret: p[i]! / 1e4 }));
    writeFileSync(path.join(dir, `${orient}.json`), JSON.stringify(doc));
    return { name: "check_rf_convention", arguments: { returns: { file: `${orient}.json`, orient }, rf: 0.0001 } };
  };
}

export interface HeavyCase {
  readonly label: string;
  readonly params: (dir: string) => object;
  readonly http: boolean;
  /** The file the call reads, in its directory: its peak RSS against the file's bytes is a row too. */
  readonly file?: string;
}

export const HEAVY_CASES: readonly HeavyCase[] = [
  { label: "check_reconcile_sources, 300,000 dates (19 MB)", params: () => reconcile(300_000), http: false },
  { label: "check_reconcile_sources, 250,000 dates (15.6 MB)", params: () => reconcile(250_000), http: true },
  { label: "bundle_coverage, 1,000,000 names", params: () => coverage(1_000_000), http: true },
  { label: "25 MB quoted CSV file", params: quotedCsv(650_000), http: true, file: "q.csv" },
  { label: "orient=split JSON file", params: jsonFile("split", 900_000), http: true, file: "split.json" },
  { label: "orient=records JSON file", params: jsonFile("records", 700_000), http: true, file: "records.json" },
];

/** The server peak RSS minus idle against the file bytes (as the bounded case memory rows); in all, noted. */
function rssRow(c: HeavyCase, fileBytes: number, idleKb: number, peakKb: number): Row {
  const mb = (kb: number) => (kb / 1024).toFixed(0);
  return {
    case: "8 bounded calls",
    label: `stdio: server peak RSS minus idle / file bytes, ${c.label}`,
    unit: "x",
    value: ((peakKb - idleKb) * 1024) / fileBytes,
    target: 10,
    note:
      `file ${(fileBytes / 1e6).toFixed(1)} MB; peak ${mb(peakKb)} MB, idle ${mb(idleKb)} MB; peak / file ` +
      `${((peakKb * 1024) / fileBytes).toFixed(2)}x`,
  };
}

async function overStdio(c: HeavyCase, dir: string): Promise<Row[]> {
  const client = new StdioClient(["--data-dir", dir]);
  try {
    await client.initialize();
    await client.request("tools/call", LIGHT);
    const heavy = rpc(9, c.params(dir));
    const pid = client.child.pid!;
    const idleKb = statusKb(pid, "VmRSS");
    const lat: number[] = [];
    const t0 = performance.now();
    const done = client.expect(9);
    let over = false;
    const heavyMs = done.then((r) => {
      over = true;
      return [performance.now() - t0, r] as const;
    });
    client.sendText(heavy);
    while (!over) {
      const t = performance.now();
      const r = await client.request("tools/call", LIGHT);
      if (r.error || r.result?.isError) throw new Error(`light call failed: ${JSON.stringify(r).slice(0, 200)}`);
      lat.push(performance.now() - t);
    }
    const [ms, reply] = await heavyMs;
    const outcome = reply.error ? "error" : reply.result?.isError ? "refused" : "answered";
    const row = lightRow(`stdio: list_guards beside ${c.label} (${outcome}) (p99)`, lat, ms);
    if (c.file === undefined) return [row];
    return [row, rssRow(c, statSync(path.join(dir, c.file)).size, idleKb, statusKb(pid, "VmHWM"))];
  } finally {
    await client.close();
  }
}

async function overHttp(c: HeavyCase, dir: string): Promise<Row> {
  const server = await startHttpServer(["--data-dir", dir]);
  try {
    const light = rpc(2, LIGHT);
    await post(server.url, light);
    const heavy = rpc(3, c.params(dir));
    const lat: number[] = [];
    let over = false;
    const t0 = performance.now();
    const heavyCall = postFromWorker(server.url, heavy).then((reply) => {
      over = true;
      return [performance.now() - t0, reply] as const;
    });
    while (!over) {
      const t = performance.now();
      const reply = await post(server.url, light);
      if (!reply.includes('"id":2')) throw new Error(`list_guards failed: ${reply.slice(0, 300)}`);
      lat.push(performance.now() - t);
    }
    const [ms, reply] = await heavyCall;
    const outcome = !reply.includes('"id":3') ? "error" : reply.includes('"isError":true') ? "refused" : "answered";
    return lightRow(`HTTP: list_guards beside ${c.label} (${outcome}) (p99)`, lat, ms);
  } finally {
    server.close();
  }
}

/** The same light calls with nothing else running: the machine's own floor for the rows above it. */
async function alone(): Promise<Row[]> {
  const client = new StdioClient();
  const server = await startHttpServer();
  try {
    await client.initialize();
    const stdio: number[] = [];
    const http: number[] = [];
    const light = rpc(2, LIGHT);
    for (let i = 0; i < 300; i++) {
      let t = performance.now();
      await client.request("tools/call", LIGHT);
      stdio.push(performance.now() - t);
      t = performance.now();
      await post(server.url, light);
      http.push(performance.now() - t);
    }
    return [lightRow("stdio: list_guards alone (p99)", stdio, 0), lightRow("HTTP: list_guards alone (p99)", http, 0)];
  } finally {
    server.close();
    await client.close();
  }
}

/** Every heavy case of #49, over stdio then HTTP (`BENCH_BESIDE=<substring>` runs only the matching ones). */
export async function lightBeside(): Promise<Row[]> {
  const only = process.env.BENCH_BESIDE;
  const rows: Row[] = only ? [] : await alone();
  for (const c of HEAVY_CASES) {
    if (only && !c.label.includes(only)) continue;
    const dir = mkdtempSync(path.join(os.tmpdir(), "fin-skills-beside-"));
    rows.push(...(await overStdio(c, dir)));
    if (c.http) rows.push(await overHttp(c, dir));
  }
  return rows;
}
