// The largest accepted inline HTTP request (a cost curve of 700,000 returns, just under the 16,000,000
// byte body cap), each run on a fresh `--http` server: its peak RSS over idle against the body's bytes.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Row } from "../report.js";
import { ROOT, SERVER_JS } from "../lib/paths.js";
import { spread } from "../lib/stats.js";

const N = 700_000;
const RUNS = 3;
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : Number.NaN;
}

function body(): string {
  let s = 12345;
  const returns = Array.from({ length: N }, () => {
    s = (s * 16807) % 2147483647;
    return ((s / 2147483647 - 0.5) * 40 + 0.4) / 1000;
  });
  const params = { name: "check_cost_curve", arguments: { returns, turnover: 0.5 } };
  return JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params });
}

/** (peak RSS - idle RSS) / body bytes on one fresh server. */
async function once(text: string): Promise<number> {
  const child = spawn(process.execPath, [SERVER_JS, "--http", "--port", "0", "--workers", "0"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "pipe"],
  });
  try {
    let err = "";
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on("data", (d) => {
        err += String(d);
        const m = / at (http:\S+\/mcp)/.exec(err);
        if (m) resolve(m[1]!);
      });
      child.on("exit", (code) => reject(new Error(`server exited ${code}: ${err}`)));
    });
    const list = '{"jsonrpc":"2.0","id":2,"method":"tools/list"}';
    await (await fetch(url, { method: "POST", headers: HEADERS, body: list })).text();
    const idleKb = statusKb(child.pid!, "VmRSS");
    const reply = await (await fetch(url, { method: "POST", headers: HEADERS, body: text })).text();
    if (!reply.includes('"id":7') || reply.includes('"isError":true')) throw new Error(reply.slice(0, 300));
    return ((statusKb(child.pid!, "VmHWM") - idleKb) * 1024) / Buffer.byteLength(text);
  } finally {
    child.kill();
  }
}

export async function httpRss(): Promise<Row[]> {
  const text = body();
  const ratios: number[] = [];
  for (let i = 0; i < RUNS; i++) ratios.push(await once(text));
  const s = spread(ratios);
  return [
    {
      case: "8 bounded calls",
      label: "HTTP: server peak RSS minus idle / request bytes (largest accepted body)",
      unit: "x",
      value: s.median,
      spread: s,
      target: 10,
      note: `${Buffer.byteLength(text)} bytes; ${RUNS} fresh servers`,
    },
  ];
}
