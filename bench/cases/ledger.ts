// The research ledger's cost on check_cost_curve over stdio: two servers, one recording into a fresh
// SQLite ledger and one with --no-ledger, called alternately with a distinct strategy each call (every
// call a new trial, so each records and chains one row), on the sample's 504 points and on 1,000,000.
// Reported as the difference of the median round trips on 504 points (an absolute budget: recording's cost
// is fixed per call) and as their ratio on 1,000,000, both measured in this run. A third pair on 504 points
// isolates keeping the trial's returns: the recording server (returns kept, the default) against one
// recording statistics only (--ledger-keep-returns=false).
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Row } from "../report.js";
import { StdioClient } from "../lib/mcp.js";
import { cpuMs } from "../lib/proc.js";
import { sampleBundle, type SeriesPayload } from "../lib/paths.js";
import { spread } from "../lib/stats.js";
import { returns as millionReturns } from "./million.js";

/**
 * Calls per server (after the unmeasured warm-up ones) and the budget each size must stay under: added
 * milliseconds per call (on - off medians) or a ratio (on / off medians).
 */
const SIZES = [
  { label: "504 points", calls: 400, warmup: 40, target: 0.3, budget: "added ms" },
  { label: "1,000,000 points", calls: 10, warmup: 1, target: 1.02, budget: "ratio" },
] as const;

/** The arguments text of call `i`: the series with its first value nudged, so each call is a new trial. */
function argsText(
  values: readonly (number | null)[],
  turnover: unknown,
  i: number,
  index?: readonly unknown[],
): string {
  const nudged = [(values[0] ?? 0) + i * 1e-6, ...values.slice(1)];
  const returns = index ? { index, values: nudged } : nudged;
  return JSON.stringify({ name: "check_cost_curve", arguments: { returns, turnover } });
}

/** One timed tools/call with pre-serialised params text. */
async function timed(client: StdioClient, id: number, params: string): Promise<number> {
  const done = client.expect(id);
  const t0 = performance.now();
  client.sendText(`{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":${params}}`);
  const r = await done;
  const ms = performance.now() - t0;
  if (r.error || r.result?.isError)
    throw new Error(`tools/call failed: ${JSON.stringify(r.error ?? r.result).slice(0, 300)}`);
  return ms;
}

/** Two servers measured alternately, and the words for each in the rows. */
interface Pair {
  readonly on: StdioClient;
  readonly off: StdioClient;
  /** Row labels: "ledger on - --no-ledger" / "ledger on / --no-ledger". */
  readonly diff: string;
  readonly ratio: string;
  /** Notes: "recording" vs "without". */
  readonly onWord: string;
  readonly offWord: string;
}

async function measure(pair: Pair, size: (typeof SIZES)[number], text: (i: number) => string): Promise<Row[]> {
  const { on, off } = pair;
  const times = { on: [] as number[], off: [] as number[] };
  const cpu = { on: 0, off: 0 };
  let id = 1000;
  for (let i = 0; i < size.warmup + size.calls; i++) {
    if (i === size.warmup) {
      cpu.on = -cpuMs(on.child.pid!);
      cpu.off = -cpuMs(off.child.pid!);
    }
    const params = text(i);
    // Alternating which server goes first, so neither always runs on a warmer machine.
    const order = i % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const);
    for (const which of order) {
      const ms = await timed(which === "on" ? on : off, id++, params);
      if (i >= size.warmup) times[which].push(ms);
    }
  }
  cpu.on += cpuMs(on.child.pid!);
  cpu.off += cpuMs(off.child.pid!);
  const sOn = spread(times.on);
  const sOff = spread(times.off);
  const added = size.budget === "added ms";
  const round: Row = {
    case: "3 cost curve",
    label: `${added ? pair.diff : pair.ratio} over stdio, ${size.label}`,
    unit: added ? "ms" : "x",
    value: added ? sOn.median - sOff.median : sOn.median / sOff.median,
    target: size.target,
    note:
      `median ${sOn.median.toFixed(3)} ms ${pair.onWord} vs ${sOff.median.toFixed(3)} ms ${pair.offWord} ` +
      `(${(sOn.median / sOff.median).toFixed(3)}x), ${size.calls} alternate calls each, every call a new chained trial`,
  };
  // The servers' own CPU over the same calls: what recording costs the server, without the client's noise.
  const perCall = (ms: number) => `${((1000 * ms) / size.calls).toFixed(0)} µs`;
  const serverCpu: Row = {
    case: "3 cost curve",
    label: `${pair.ratio}, server CPU per call, ${size.label}`,
    unit: "x",
    value: cpu.on / cpu.off,
    note: `${perCall(cpu.on)} ${pair.onWord} vs ${perCall(cpu.off)} ${pair.offWord} (user + system, 10 ms ticks)`,
  };
  return [round, serverCpu];
}

export async function ledger(): Promise<Row[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fin-skills-bench-ledger-"));
  const on = new StdioClient(["--ledger", path.join(dir, "ledger.sqlite")]);
  const off = new StdioClient(["--no-ledger"]);
  const stats = new StdioClient(["--ledger", path.join(dir, "stats.sqlite"), "--ledger-keep-returns=false"]);
  const ledgerPair: Pair = {
    on,
    off,
    diff: "ledger on - --no-ledger",
    ratio: "ledger on / --no-ledger",
    onWord: "recording",
    offWord: "without",
  };
  const returnsPair: Pair = {
    on,
    off: stats,
    diff: "returns kept - statistics only",
    ratio: "returns kept / statistics only",
    onWord: "keeping the returns",
    offWord: "statistics only",
  };
  try {
    await Promise.all([on.initialize(), off.initialize(), stats.initialize()]);
    const b = sampleBundle();
    const r = b.returns as SeriesPayload;
    const small = await measure(ledgerPair, SIZES[0], (i) => argsText(r.values, b.turnover, i, r.index));
    // New strategies for the pair's recording server (its ledger already holds the first ones).
    const offset = SIZES[0].warmup + SIZES[0].calls;
    const kept = await measure(returnsPair, SIZES[0], (i) => argsText(r.values, b.turnover, offset + i, r.index));
    const values = millionReturns(1_000_000);
    const big = await measure(ledgerPair, SIZES[1], (i) => argsText(values, 0.5, i));
    return [...small, ...kept, ...big];
  } finally {
    await Promise.all([on.close(), off.close(), stats.close()]);
  }
}
