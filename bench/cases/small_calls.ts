// Small calls cost what they compute: the deflated Sharpe over 10,000 trial Sharpes as a tool call
// against the guard alone (interleaved, same run), and a 504-point check_cost_curve's p99 against its
// p50; each without a research ledger and with one holding 1,000 trials. Per-call CPU time is reported
// beside wall time: on a shared machine, a call's wall time also counts the time it was not running.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
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

async function curveRows(ledger: string): Promise<Row[]> {
  const b = sampleBundle();
  const args = { returns: b.returns, turnover: b.turnover };
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < CURVE_WARMUP + CURVE_CALLS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await callToolUntyped("check_cost_curve", args);
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    if (i < CURVE_WARMUP) continue;
    wall.push(ms);
    cpu.push((c.user + c.system) / 1000);
  }
  const pct = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return { p50: quantile(s, 0.5), p99: quantile(s, 0.99) };
  };
  const [w, c] = [pct(wall), pct(cpu)];
  const label = `cost curve, 504 points, in process, ${ledger}`;
  const note = (p: { p50: number; p99: number }, what: string) =>
    `${what}: p50 ${p.p50.toFixed(3)} ms, p99 ${p.p99.toFixed(3)} ms over ${CURVE_CALLS} calls`;
  return [
    { case: CASE, label: `${label}: p50`, unit: "ms", value: w.p50, spread: spread(wall) },
    {
      case: CASE,
      label: `${label}: p99 / p50`,
      unit: "x",
      value: w.p99 / w.p50,
      target: P99_TARGET,
      note: note(w, "wall"),
    },
    {
      case: CASE,
      label: `${label}: p99 / p50 of CPU time`,
      unit: "x",
      value: c.p99 / c.p50,
      note: `${note(c, "process CPU (all threads, GC included; no time spent descheduled)")}`,
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
