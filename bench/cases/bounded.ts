// Bounded, cheap tool calls: a light call while a heavy one runs on the same server; the
// 1,000,000-point cost curve through the tool layer against the guard alone, in process and over
// stdio (warm against warm; the first call on a fresh server is shown, with the server's peak RSS
// over idle against the request's bytes); a refused
// over-budget call; N heavy calls on a pool of N workers against one. Ratios are taken within this run.
import { availableParallelism } from "node:os";
import { callToolUntyped, closePool } from "../../src/runtime/index.js";
import { configureLimits, resetLimits } from "../../src/runtime/budget/index.js";
import { check as costCurveCheck } from "../../guards/cost_curve.js";
import type { Row } from "../report.js";
import { StdioClient } from "../lib/mcp.js";
import { spread } from "../lib/stats.js";
import { statusKb } from "../lib/proc.js";

const N = 1_000_000;
const RUNS = 5;

/** Seeded returns at full precision (1e6 of them fit the argument cap: about 20 bytes each). */
function returns(n: number): number[] {
  let s = 12345;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    s = (s * 16807) % 2147483647;
    out[i] = ((s / 2147483647 - 0.5) * 40 + 0.4) / 1000;
  }
  return out;
}

export function spaArgs(n: number, k: number, reps: number): Record<string, unknown> {
  let s = 1;
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647 - 0.5) * 0.02;
  const bench = Array.from({ length: n }, rnd);
  const columns = Array.from({ length: k }, (_, j) => `m${j}`);
  const data = Array.from({ length: n }, () => columns.map(rnd));
  return { benchmark_returns: bench, model_returns: { columns, data }, reps, block_size: 5 };
}

async function time<T>(f: () => Promise<T> | T): Promise<[number, T]> {
  const t0 = performance.now();
  const r = await f();
  return [performance.now() - t0, r];
}

/** The row of light-call latencies measured while a heavy call of `heavyMs` ran: their p99, target 50 ms. */
export function lightRow(label: string, latencies: readonly number[], heavyMs: number): Row {
  const s = spread(latencies);
  return {
    case: "8 bounded calls",
    label,
    unit: "ms",
    value: s.p99,
    spread: s,
    target: 50,
    note:
      `${latencies.length} light calls during a ${heavyMs.toFixed(0)} ms heavy call; median ` +
      `${s.median.toFixed(2)} ms, max ${s.max.toFixed(1)} ms`,
  };
}

/** list_guards round trips while check_spa_test (2,520 x 100, 1,000 reps) runs on the same stdio server. */
async function lightDuringHeavy(): Promise<Row[]> {
  const client = new StdioClient();
  try {
    await client.initialize();
    await client.request("tools/call", { name: "list_guards", arguments: {} });
    let done = false;
    const [heavyMs] = await Promise.all([
      time(async () => {
        const r = await client.request("tools/call", { name: "check_spa_test", arguments: spaArgs(2520, 100, 1000) });
        done = true;
        if (r.error || r.result?.isError) throw new Error(`spa failed: ${JSON.stringify(r).slice(0, 300)}`);
      }),
      (async () => {
        const lat: number[] = [];
        await new Promise((r) => setTimeout(r, 50));
        while (!done)
          lat.push((await time(() => client.request("tools/call", { name: "list_guards", arguments: {} })))[0]);
        light.push(...lat);
      })(),
    ]);
    return [lightRow("list_guards round trip while check_spa_test 2520 x 100 runs (p99)", light, heavyMs[0])];
  } finally {
    light.length = 0;
    await client.close();
  }
}
const light: number[] = [];

/** The 1e6-point cost curve: the tool call against the guard alone, in process. */
async function inProcess(values: number[]): Promise<Row[]> {
  const args = { returns: values, turnover: 0.5 };
  const guard: number[] = [];
  const tool: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    guard.push((await time(() => costCurveCheck({ values }, 0.5)))[0]);
    tool.push((await time(() => callToolUntyped("check_cost_curve", args, { mode: "inline" } as object)))[0]);
  }
  const g = spread(guard);
  const t = spread(tool);
  return [
    {
      case: "8 bounded calls",
      label: "1e6 cost curve: guard alone, in process",
      unit: "ms",
      value: g.median,
      spread: g,
    },
    {
      case: "8 bounded calls",
      label: "1e6 cost curve: callToolUntyped, in process",
      unit: "ms",
      value: t.median,
      spread: t,
    },
    {
      case: "8 bounded calls",
      label: "ratio tool call / guard alone, in process (medians)",
      unit: "x",
      value: t.median / g.median,
      target: 1.3,
    },
  ];
}

/** The same call over stdio: round trip against guard alone + one JSON.parse of the line; peak RSS. */
async function overStdio(values: number[]): Promise<Row[]> {
  const line = JSON.stringify({
    jsonrpc: "2.0",
    id: 7,
    method: "tools/call",
    params: { name: "check_cost_curve", arguments: { returns: values, turnover: 0.5 } },
  });
  const parse: number[] = [];
  const guard: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [p, msg] = await time(() => JSON.parse(line) as { params: { arguments: { returns: number[] } } });
    parse.push(p);
    guard.push((await time(() => costCurveCheck({ values: msg.params.arguments.returns }, 0.5)))[0]);
  }
  const call = async (client: StdioClient) => {
    const [ms, r] = await time(() => {
      const done = client.expect(7);
      client.sendText(line);
      return done;
    });
    if (r.error || r.result?.isError) throw new Error(`cost curve failed: ${JSON.stringify(r).slice(0, 300)}`);
    return ms;
  };
  // Each run a fresh server: its first call (peak RSS over idle, and the time of a first call), then the
  // same call again on the now warm server, as the guard alone is timed warm.
  const first: number[] = [];
  const warm: number[] = [];
  const rssRatio: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const client = new StdioClient();
    try {
      await client.initialize();
      await client.request("tools/list", {});
      const pid = client.child.pid!;
      const idleKb = statusKb(pid, "VmRSS");
      first.push(await call(client));
      rssRatio.push(((statusKb(pid, "VmHWM") - idleKb) * 1024) / Buffer.byteLength(line));
      warm.push(await call(client));
    } finally {
      await client.close();
    }
  }
  const base = spread(parse.map((p, i) => p + guard[i]!));
  const f = spread(first);
  const t = spread(warm);
  const m = spread(rssRatio);
  return [
    {
      case: "8 bounded calls",
      label: "1e6 cost curve: tools/call over stdio, first call on a fresh server",
      unit: "ms",
      value: f.median,
      spread: f,
    },
    {
      case: "8 bounded calls",
      label: "1e6 cost curve: tools/call over stdio, the same call again",
      unit: "ms",
      value: t.median,
      spread: t,
    },
    {
      case: "8 bounded calls",
      label: "ratio stdio round trip (call again) / (guard + one JSON.parse of the line)",
      unit: "x",
      value: t.median / base.median,
      target: 2,
      note:
        `guard + parse median ${base.median.toFixed(0)} ms; line ${Buffer.byteLength(line)} bytes; ` +
        `first call on a fresh server / (guard + parse) ${(f.median / base.median).toFixed(2)}x`,
    },
    {
      case: "8 bounded calls",
      label: "server peak RSS minus idle / request bytes",
      unit: "x",
      value: m.median,
      spread: m,
      target: 10,
    },
  ];
}

/** A call the work budget refuses, over stdio. */
async function refused(): Promise<Row[]> {
  const client = new StdioClient();
  const args = {
    returns: Array.from({ length: 5000 }, (_, i) => Math.sin(i) * 0.01 + 0.0005),
    turnover: 0.1,
    bps: Array.from({ length: 100_000 }, (_, i) => i / 10),
  };
  const weights = (() => {
    const columns = Array.from({ length: 30_000 }, (_, j) => `a${j}`);
    return {
      asset_returns: { columns, data: [0, 1, 2].map((i) => columns.map((_, j) => Math.sin(i * 7 + j) * 0.01)) },
    };
  })();
  try {
    await client.initialize();
    const curve: number[] = [];
    const wt: number[] = [];
    const outcome: string[] = [];
    for (let i = 0; i < 3; i++) {
      const [ms, r] = await time(() => client.request("tools/call", { name: "check_cost_curve", arguments: args }));
      curve.push(ms);
      outcome.push(String(r.result?.isError ? "refused" : r.error ? "error" : "ran"));
      wt.push((await time(() => client.request("tools/call", { name: "check_weight_traps", arguments: weights })))[0]);
    }
    const c = spread(curve);
    const w = spread(wt);
    return [
      {
        case: "8 bounded calls",
        label: "cost curve, 5,000 returns x 100,000 bps, over stdio",
        unit: "ms",
        value: c.median,
        spread: c,
        target: 50,
        note: outcome.join(", "),
      },
      {
        case: "8 bounded calls",
        label: "weight traps, 3 x 30,000, over stdio",
        unit: "ms",
        value: w.median,
        spread: w,
        target: 50,
      },
    ];
  } finally {
    await client.close();
  }
}

/** N heavy pooled calls at once on a pool of N workers (N = cores) against one call alone. */
async function parallelHeavy(): Promise<Row[]> {
  const n = availableParallelism();
  // Small input, heavy compute: 500 rows x 20 models, 20,000 bootstrap replications.
  const args = { ...spaArgs(500, 20, 20_000), seed: 0 };
  configureLimits({ poolSize: n, workBudget: 1e12, timeLimitMs: 0 });
  try {
    const call = () => callToolUntyped("check_spa_test", args, { mode: "pooled" });
    await Promise.all(Array.from({ length: n }, call)); // warm every worker
    const one: number[] = [];
    const many: number[] = [];
    for (let i = 0; i < 3; i++) {
      one.push((await time(call))[0]);
      many.push((await time(() => Promise.all(Array.from({ length: n }, call))))[0]);
    }
    const o = spread(one);
    const m = spread(many);
    return [
      {
        case: "8 bounded calls",
        label: `${n} heavy pooled calls at once on ${n} workers / one alone (medians)`,
        unit: "x",
        value: m.median / o.median,
        target: 1.3,
        note:
          `one ${o.median.toFixed(0)} ms, ${n} at once ${m.median.toFixed(0)} ms ` +
          "(check_spa_test 500 x 20, 20,000 reps)",
      },
    ];
  } finally {
    resetLimits();
    await closePool();
  }
}

/** The parts of this case, each runnable alone (`npm run bench -- refused`). */
export const BOUNDED_PARTS: Readonly<Record<string, () => Promise<Row[]>>> = {
  light: lightDuringHeavy,
  refused,
  parallel: parallelHeavy,
};

export async function bounded(): Promise<Row[]> {
  const values = returns(N);
  return [
    ...(await lightDuringHeavy()),
    ...(await inProcess(values)),
    ...(await overStdio(values)),
    ...(await refused()),
    ...(await parallelHeavy()),
  ];
}
