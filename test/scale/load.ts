// The scale load: concurrent SDK clients through one URL, each with arguments of its own, every
// answer compared with the same call made in-process. Latencies per step, errors counted.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { callToolUntyped, listTools } from "../../src/runtime/index.js";

export type Step = "connect" | "tools/list" | "light" | "heavy";
export interface LoadResult {
  readonly ms: Record<Step, number[]>;
  readonly errors: string[];
}

const wave = (n: number, phase: number) => Array.from({ length: n }, (_, i) => Math.sin(i + phase) * 0.01 + 0.0004);

/** Per-request time-out: generous, because the figures are what this run measures. */
const TIMEOUT_MS = 600_000;

/** Distinct argument sets: client i uses set i % VARIANTS, so neighbours' answers differ. */
const VARIANTS = 40;

/** Client i's light call: a cost curve whose cost is its own (so a swapped answer is seen). */
function light(i: number) {
  const v = i % VARIANTS;
  return { name: "check_cost_curve", arguments: { returns: wave(252, v % 7), turnover: 1.5, cost_bps: 1 + v } };
}

/** Client i's heavy call: a small SPA bootstrap, one of four data sets. */
function heavy(i: number) {
  const k = 4;
  const n = 126;
  const columns = Array.from({ length: k }, (_, j) => `m${j}`);
  const data = Array.from({ length: n }, (_, t) => columns.map((_, j) => Math.sin(t * (j + 2) + (i % 4)) * 0.01));
  const args = { benchmark_returns: wave(n, i % 4), model_returns: { columns, data }, reps: 100, block_size: 5 };
  return { name: "check_spa_test", arguments: args };
}

/** A result without its timing: the part two runs of one call agree on. */
function untimed(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(untimed);
  if (x === null || typeof x !== "object") return x;
  const keep = Object.entries(x).filter(([k]) => k !== "elapsed_s" && k !== "provenance");
  return Object.fromEntries(keep.map(([k, v]) => [k, untimed(v)]));
}

/** Expected answers, computed in-process once per distinct argument set. */
async function expected(n: number): Promise<(call: { name: string; arguments: object }) => string> {
  const memo = new Map<string, string>();
  for (let i = 0; i < Math.min(n, VARIANTS); i++) {
    for (const c of [light(i), heavy(i)]) {
      const key = JSON.stringify(c);
      if (!memo.has(key)) memo.set(key, JSON.stringify(untimed(await callToolUntyped(c.name, c.arguments))));
    }
  }
  return (c) => memo.get(JSON.stringify(c)) ?? "";
}

async function timed<T>(into: number[], work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const r = await work();
  into.push(performance.now() - t0);
  return r;
}

async function oneClient(url: string, i: number, want: (c: any) => string, out: LoadResult): Promise<void> {
  const modern = i % 2 === 0;
  const options = modern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {};
  const client = new Client({ name: `scale-${i}`, version: "1" }, options as never);
  try {
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await timed(out.ms.connect, () => client.connect(transport, { timeout: TIMEOUT_MS }));
    const { tools } = await timed(out.ms["tools/list"], () => client.listTools(undefined, { timeout: TIMEOUT_MS }));
    if (tools.length !== listTools().length) out.errors.push(`client ${i}: tools/list has ${tools.length} tools`);
    for (const [step, call] of [["light", light(i)] as const, ["heavy", heavy(i)] as const]) {
      const r: any = await timed(out.ms[step], () => client.callTool(call, { timeout: TIMEOUT_MS }));
      const got = JSON.stringify(untimed(r.structuredContent));
      if (r.isError || got !== want(call)) out.errors.push(`client ${i}: wrong ${step} answer: ${got.slice(0, 200)}`);
    }
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    const why = cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})` : "";
    out.errors.push(
      `client ${i} (${modern ? "2026-07-28" : "2025-06-18"}): ${(e as Error).message.slice(0, 200)}${why}`,
    );
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Runs `clients` clients at once against `url`. */
export async function runLoad(url: string, clients: number): Promise<LoadResult> {
  const want = await expected(clients);
  const out: LoadResult = { ms: { connect: [], "tools/list": [], light: [], heavy: [] }, errors: [] };
  await Promise.all(Array.from({ length: clients }, (_, i) => oneClient(url, i, want, out)));
  return out;
}

/** The q-quantile (0..1) of `xs`, nearest rank. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
}
