// check_cost_curve on the sample's 504 returns and turnover: in process (tinybench) and over a
// stdio round trip (one spawned server, sequential tools/call requests).
import { Bench } from "tinybench";
import { callToolUntyped } from "../../src/runtime/index.js";
import type { Row } from "../report.js";
import { StdioClient } from "../lib/mcp.js";
import { sampleBundle, type SeriesPayload } from "../lib/paths.js";
import { spread } from "../lib/stats.js";

const TARGET_MS = 1;
const STDIO_WARMUP = 20;
const STDIO_CALLS = 200;

function costArgs(): { returns: SeriesPayload; turnover: SeriesPayload } {
  const b = sampleBundle();
  return { returns: b.returns as SeriesPayload, turnover: b.turnover as SeriesPayload };
}

async function inProcess(): Promise<Row> {
  const args = costArgs();
  const n = args.returns.values.length;
  const first = await callToolUntyped("check_cost_curve", args);
  if (first.tool !== "check_cost_curve") throw new Error(`unexpected result ${JSON.stringify(first).slice(0, 200)}`);
  const bench = new Bench({ time: 2000, warmupTime: 300, retainSamples: true });
  bench.add("check_cost_curve", async () => {
    await callToolUntyped("check_cost_curve", args);
  });
  await bench.run();
  const result = bench.tasks[0]!.result;
  if (result.state !== "completed")
    throw new Error(`tinybench: ${result.state}${"error" in result ? `: ${String(result.error)}` : ""}`);
  const s = spread([...(result.latency.samples ?? [])]);
  return {
    case: "3 cost curve",
    label: `callToolUntyped, ${n} points, in process (tinybench)`,
    unit: "ms",
    value: result.latency.p50,
    spread: s,
    target: TARGET_MS,
    note:
      `status ${String(first.status)}; tinybench mean ${result.latency.mean.toFixed(3)} ms, rme ` +
      `${result.latency.rme.toFixed(1)}%`,
  };
}

async function overStdio(): Promise<Row> {
  const args = costArgs();
  const client = new StdioClient();
  try {
    await client.initialize();
    const times: number[] = [];
    for (let i = 0; i < STDIO_WARMUP + STDIO_CALLS; i++) {
      const t0 = performance.now();
      const r = await client.request("tools/call", { name: "check_cost_curve", arguments: args });
      const ms = performance.now() - t0;
      if (r.error || r.result?.isError)
        throw new Error(`tools/call failed: ${JSON.stringify(r.error ?? r.result).slice(0, 300)}`);
      if (i >= STDIO_WARMUP) times.push(ms);
    }
    const s = spread(times);
    return {
      case: "3 cost curve",
      label: `tools/call over stdio, ${args.returns.values.length} points, round trip`,
      unit: "ms",
      value: s.median,
      spread: s,
      note:
        `one server, ${STDIO_CALLS} sequential calls after ${STDIO_WARMUP} unmeasured; includes JSON both ways ` +
        "and the pipe",
    };
  } finally {
    await client.close();
  }
}

export async function costCurve(): Promise<Row[]> {
  return [await inProcess(), await overStdio()];
}
