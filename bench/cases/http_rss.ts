// The largest accepted inline HTTP request (a cost curve of 700,000 returns, just under the 16,000,000
// byte body cap), each run on a fresh `--http` server: its peak RSS over idle against the body's bytes.
import type { Row } from "../report.js";
import { post, startHttpServer } from "../lib/http_server.js";
import { spread } from "../lib/stats.js";
import { statusKb } from "../lib/proc.js";

const N = 700_000;
const RUNS = 3;

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
  const server = await startHttpServer(["--workers", "0"]);
  try {
    await post(server.url, '{"jsonrpc":"2.0","id":2,"method":"tools/list"}');
    const idleKb = statusKb(server.child.pid!, "VmRSS");
    const reply = await post(server.url, text);
    if (!reply.includes('"id":7') || reply.includes('"isError":true')) throw new Error(reply.slice(0, 300));
    return ((statusKb(server.child.pid!, "VmHWM") - idleKb) * 1024) / Buffer.byteLength(text);
  } finally {
    server.close();
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
