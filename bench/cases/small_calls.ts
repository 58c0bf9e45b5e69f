// Small calls cost what they compute: the deflated Sharpe over 10,000 trial Sharpes as a tool call
// against the guard alone (interleaved, same run), and a 504-point check_cost_curve's p99 against its
// p50; each without a research ledger and with one holding 1,000 trials. Per-call CPU time is reported
// beside wall time: on a shared machine, a call's wall time also counts the time it was not running.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { callToolUntyped, configureLedger, runGuard } from "../../src/runtime/index.js";
import { openLedgerStore } from "../../src/ledger/open.js";
import type { TrialRecord } from "../../src/ledger/store.js";
import type { Row } from "../report.js";
import { sampleBundle } from "../lib/paths.js";
import { quantile, spread } from "../lib/stats.js";
import { blockData } from "./numpy_data.js";

const CASE = "11 small calls";
const DSR_TARGET_MS = 2;
const P99_TARGET = 3;
const ROUNDS = 15;
const CALLS_PER_ROUND = 10;
const CURVE_CALLS = 2000;
const CURVE_WARMUP = 200;
const LEDGER_TRIALS = 1000;

/** A ledger file holding `n` distinct trials under the default name. */
async function filledLedger(n: number): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "fin-skills-bench-small-")), "l.sqlite");
  const store = await openLedgerStore(file);
  const at = new Date().toISOString();
  const trial = (i: number): TrialRecord => ({
    fingerprint: i.toString(16).padStart(64, "0"),
    ...{ tool: "check_cost_curve", input: "returns", experiment: null, nObs: 504, periodsPerYear: 252 },
    ...{ mean: 1e-4, sd: 0.01, skew: 0, kurtosis: 3, sharpeAnnual: (i % 100) / 50 - 1, recordedAt: at },
  });
  await store.record(
    "default",
    Array.from({ length: n }, (_, i) => trial(i)),
  );
  await store.close();
  return file;
}

/** Median ms per call of `calls` sequential calls. */
async function perCall(calls: number, fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) await fn();
  return (performance.now() - t0) / calls;
}

async function dsrRows(ledger: string): Promise<Row[]> {
  const args = blockData().dsr;
  const tool = () => callToolUntyped("check_trial_ledger", args);
  const guard = () => runGuard("trial_ledger", args);
  for (let i = 0; i < 20; i++) {
    await tool();
    await guard();
  }
  const t: number[] = [];
  const g: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    t.push(await perCall(CALLS_PER_ROUND, tool));
    g.push(await perCall(CALLS_PER_ROUND, guard));
  }
  const [ts, gs] = [spread(t), spread(g)];
  const ratios = spread(t.map((x, i) => x / g[i]!));
  const label = `deflated Sharpe, 10,000 trial Sharpes, ${ledger}`;
  return [
    { case: CASE, label: `${label}: tool call`, unit: "ms", value: ts.median, spread: ts, target: DSR_TARGET_MS },
    { case: CASE, label: `${label}: guard alone`, unit: "ms", value: gs.median, spread: gs },
    {
      case: CASE,
      label: `${label}: tool / guard`,
      unit: "x",
      value: ratios.median,
      spread: ratios,
      note: `${ROUNDS} interleaved rounds of ${CALLS_PER_ROUND} calls each; ms per call`,
    },
  ];
}

/** Start and end (performance.now) of each garbage collection while `run` runs. */
async function withGcs(run: () => Promise<void>): Promise<[number, number][]> {
  const gcs: [number, number][] = [];
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push([e.startTime, e.startTime + e.duration]);
  });
  obs.observe({ entryTypes: ["gc"] });
  try {
    await run();
    await new Promise((r) => setTimeout(r, 20)); // the last entries are delivered after a turn
  } finally {
    obs.disconnect();
  }
  return gcs;
}

const p50p99 = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p99: quantile(s, 0.99) };
};

async function curveRows(ledger: string): Promise<Row[]> {
  const b = sampleBundle();
  const args = { returns: b.returns, turnover: b.turnover };
  for (let i = 0; i < CURVE_WARMUP; i++) await callToolUntyped("check_cost_curve", args);
  const calls: [number, number][] = [];
  const gcs = await withGcs(async () => {
    for (let i = 0; i < CURVE_CALLS; i++) {
      const t0 = performance.now();
      await callToolUntyped("check_cost_curve", args);
      calls.push([t0, performance.now()]);
    }
  });
  const wall = calls.map(([a, z]) => z - a);
  const hit = calls.map(([a, z]) => gcs.some(([s, e]) => s < z && e > a));
  const w = p50p99(wall);
  const clear = p50p99(wall.filter((_, i) => !hit[i]));
  const pauses = spread(gcs.map(([s, e]) => e - s));
  const label = `cost curve, 504 points, in process, ${ledger}`;
  return [
    { case: CASE, label: `${label}: p50`, unit: "ms", value: w.p50, spread: spread(wall) },
    {
      case: CASE,
      label: `${label}: p99 / p50`,
      unit: "x",
      value: w.p99 / w.p50,
      target: P99_TARGET,
      note: `p50 ${w.p50.toFixed(3)} ms, p99 ${w.p99.toFixed(3)} ms over ${CURVE_CALLS} calls`,
    },
    {
      case: CASE,
      label: `${label}: calls a GC ran in, per 1,000`,
      unit: "count",
      value: (1000 * hit.filter(Boolean).length) / CURVE_CALLS,
      note:
        `${gcs.length} GCs, pause median ${pauses.median.toFixed(2)} ms (max ${pauses.max.toFixed(2)}); calls ` +
        `without one: p99 / p50 ${(clear.p99 / clear.p50).toFixed(2)} (what remains is the machine's scheduling)`,
    },
  ];
}

export async function smallCalls(): Promise<Row[]> {
  const rows: Row[] = [];
  try {
    await configureLedger({ ledger: null });
    rows.push(...(await dsrRows("no ledger")), ...(await curveRows("no ledger")));
    await configureLedger({ ledger: await filledLedger(LEDGER_TRIALS) });
    const withLedger = `ledger of ${LEDGER_TRIALS.toLocaleString("en-US")} trials`;
    rows.push(...(await dsrRows(withLedger)), ...(await curveRows(withLedger)));
  } finally {
    await configureLedger({ ledger: null });
  }
  return rows;
}
