// Side by side with numpy (bench/numpy_ref.py) on the same data: SPA on three data sets (spa_sets.ts) at
// K = 100 and 500, block auto and fixed; PBO by CSCV and the deflated Sharpe over 10,000 Sharpes; each as a
// tool call, as the guard alone and in numpy (default BLAS threads, and pinned to one thread), in
// interleaved rounds; and the deflated Sharpe's first tool call after start-up, in fresh processes
// (bench/child/dsr_first.mjs). Results agree first: SPA p-values identical on the guard's replayed MT19937
// stream (and numpy's own stream within Monte-Carlo error), PBO identical, DSR within 1e-9.
// BENCH_NUMPY_ROUNDS sets the rounds (default 7); BENCH_NUMPY_ONLY keeps the jobs whose label contains it.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { callToolUntyped, runGuard } from "../../src/runtime/index.js";
import type { Row } from "../report.js";
import { spread } from "../lib/stats.js";
import { type NumpyChild, numpyMissing, startNumpy } from "../lib/numpy_child.js";
import { type BlockData, blockData, replayFile } from "./numpy_data.js";
import { type SpaPanel, spaFiles, spaPanels } from "./spa_sets.js";

const ROUNDS = Number(process.env.BENCH_NUMPY_ROUNDS ?? 7);
const ONLY = process.env.BENCH_NUMPY_ONLY ?? "";
const REPS = 1000;

interface Job {
  readonly label: string;
  readonly tool: () => Promise<Record<string, unknown>>;
  readonly guard: () => Promise<{ evidence: Record<string, unknown> }>;
  readonly numpy: Record<string, unknown>;
  /** A line saying whether the three answers agree (throws nothing: a disagreement is reported). */
  readonly agree: (guard: Record<string, unknown>, np: Record<string, unknown>, py: NumpyChild) => Promise<string>;
}

const spaArgs = (d: SpaPanel, block: "auto" | number, live: boolean) => ({
  ...(live ? d.guard : d.tool),
  reps: REPS,
  block_size: block,
  seed: 0,
});

/** Monte-Carlo tolerance of two independent p-values from `reps` draws each (4 standard errors). */
const mcTolerance = (p: number) => 4 * Math.sqrt((2 * Math.max(p * (1 - p), 1 / REPS)) / REPS);

function spaJob(d: SpaPanel, dir: string, block: "auto" | number): Job {
  const which = { set: d.set.name, k: d.k, n: d.n };
  return {
    label: `SPA ${d.set.label}, ${d.n} x ${d.k}, ${REPS} reps, block ${block}`,
    tool: () => callToolUntyped("check_spa_test", spaArgs(d, block, false)),
    guard: () => runGuard("spa_test", spaArgs(d, block, true)),
    numpy: { op: "spa", ...which, block, reps: REPS, seed: 0 },
    agree: async (g, np, py) => {
      const p = g.pvalues as Record<string, number>;
      const b = g.block_size as number;
      const replay = replayFile(dir, b, REPS, 0, d.n);
      const r = await py.ask({ op: "spa", ...which, block: b, reps: REPS, seed: 0, replay });
      const rp = r.pvalues as Record<string, number>;
      const same = ["lower", "consistent", "upper"].every((k) => rp[k] === p[k]);
      const npp = np.pvalues as Record<string, number>;
      const within = Math.abs(npp.consistent! - p.consistent!) <= mcTolerance(p.consistent!);
      return (
        `block ${b} (numpy ${String(np.block_size)}); replayed stream: p-values ${same ? "identical" : "DIFFER"} ` +
        `${JSON.stringify(rp)}; numpy's stream: consistent p ${npp.consistent} vs ${p.consistent} ` +
        `${within ? "within" : "OUTSIDE"} Monte-Carlo error`
      );
    },
  };
}

function cscvJob(d: BlockData): Job {
  return {
    label: "PBO by CSCV 1000 x 100, S = 16 (12,870 splits)",
    tool: () => callToolUntyped("check_research_audit", d.cscvTool),
    guard: () => runGuard("research_audit", d.cscvGuard),
    numpy: { op: "cscv", S: 16 },
    agree: async (g, np) =>
      `PBO ${String(g.pbo)} vs numpy ${String(np.pbo)}: ${g.pbo === np.pbo ? "identical" : "DIFFER"}`,
  };
}

function dsrJob(d: BlockData): Job {
  const { periods_per_year, skew, kurtosis, best_sharpe, n_obs } = d.dsr as Record<string, number>;
  return {
    label: DSR_LABEL,
    tool: () => callToolUntyped("check_trial_ledger", d.dsr),
    guard: () => runGuard("trial_ledger", d.dsr),
    numpy: { op: "dsr", periods_per_year, skew, kurtosis, best_sharpe, n_obs },
    agree: async (g, np) => {
      const diff = Math.abs((g.dsr as number) - (np.dsr as number));
      return `DSR ${String(g.dsr)} vs numpy ${String(np.dsr)}: ${diff <= 1e-9 ? "within 1e-9" : "DIFFER"}`;
    },
  };
}

/** Fresh processes for the deflated Sharpe's first call after start-up. */
const FIRST_RUNS = 5;
const DSR_LABEL = "deflated Sharpe over 10,000 trial Sharpes";

interface FirstCall {
  import_ms: number;
  first_ms: number;
  second_ms: number;
  steady_ms: number;
}

/**
 * The deflated Sharpe's first tool call after start-up: each run a fresh child on the compiled runtime
 * (bench/child/dsr_first.mjs; dist/ is built by the bench), its first call and the median of 30 later ones.
 */
function dsrFirstRows(d: BlockData, dir: string): Row[] {
  const file = path.join(dir, "dsr_args.json");
  writeFileSync(file, JSON.stringify(d.dsr));
  const child = path.join(import.meta.dirname, "../child/dsr_first.mjs");
  const runs = Array.from(
    { length: FIRST_RUNS },
    () => JSON.parse(execFileSync(process.execPath, [child, file], { encoding: "utf8" })) as FirstCall,
  );
  const [first, second, steady, imported] = (["first_ms", "second_ms", "steady_ms", "import_ms"] as const).map((key) =>
    spread(runs.map((r) => r[key])),
  );
  return [
    {
      case: "10 numpy",
      label: `${DSR_LABEL}: tool, first call after start-up (fresh process)`,
      unit: "ms",
      value: first!.median,
      spread: first!,
      note:
        `${FIRST_RUNS} fresh processes on dist/: second call ${second!.median.toFixed(1)} ms, later calls ` +
        `${steady!.median.toFixed(2)} ms (median of 30; target <= 2 ms), runtime import ` +
        `${imported!.median.toFixed(0)} ms before the first call`,
    },
  ];
}

interface Times {
  tool: number[];
  guard: number[];
  numpy: number[];
  numpy1: number[];
}

/** numpy with its default BLAS threads, and pinned to one thread. */
interface Pythons {
  readonly py: NumpyChild;
  readonly py1: NumpyChild;
}

/**
 * After numpy answers, its OpenBLAS threads spin-wait for more work (about 0.1 s), holding the second core
 * the next tool call's hash thread runs on; a round waits this long before each timed call, so every one
 * starts idle and none right after another warmed the caches and the clock (the tool call alone was timed
 * after the wait before: 79 to 104 ms against 71 timed after the guard, near-iid K = 500 block 3).
 */
const BLAS_SETTLE_MS = 300;

const settle = () => new Promise((settled) => setTimeout(settled, BLAS_SETTLE_MS));

/** One round: the job as a tool call, as the guard alone, in numpy on one thread and in numpy, each after a wait. */
async function round(job: Job, { py, py1 }: Pythons, t: Times): Promise<void> {
  await settle();
  let t0 = performance.now();
  await job.tool();
  t.tool.push(performance.now() - t0);
  await settle();
  t0 = performance.now();
  await job.guard();
  t.guard.push(performance.now() - t0);
  await settle();
  t.numpy1.push((await py1.ask(job.numpy)).ms as number);
  await settle();
  t.numpy.push((await py.ask(job.numpy)).ms as number);
}

function rows(job: Job, t: Times, agreement: string): Row[] {
  const [tool, guard, np, np1] = [spread(t.tool), spread(t.guard), spread(t.numpy), spread(t.numpy1)];
  const ratio = (x: number) =>
    `${(x / np.median).toFixed(2)}x numpy, ${(x / np1.median).toFixed(2)}x numpy on one thread`;
  const row = (who: string, s: typeof tool, note: string): Row => ({
    case: "10 numpy",
    label: `${job.label}: ${who}`,
    unit: "ms",
    value: s.median,
    spread: s,
    note,
  });
  return [
    row("tool", tool, `${ratio(tool.median)}; ${agreement}`),
    row("guard alone", guard, ratio(guard.median)),
    row("numpy", np, "bench/numpy_ref.py, default BLAS threads, timed inside python (data loaded)"),
    row("numpy 1 thread", np1, "the same, OPENBLAS_NUM_THREADS=1"),
  ];
}

export async function numpy(): Promise<Row[]> {
  const missing = numpyMissing();
  if (missing) {
    process.stderr.write(`bench: numpy block skipped: ${missing}\n`);
    return [];
  }
  const d = blockData();
  const dir = (d.files as { dir: string }).dir;
  const panels = spaPanels(dir);
  const pys: Pythons = { py: startNumpy(), py1: startNumpy(1) };
  try {
    const info = await pys.py.ask({ op: "info" });
    process.stderr.write(`bench: numpy ${String(info.numpy)}, OpenBLAS kernel ${String(info.blas)}\n`);
    for (const py of [pys.py, pys.py1]) await py.ask({ op: "load", ...d.files, spa: spaFiles() });
    const jobs = [
      ...panels.flatMap((p) => [spaJob(p, dir, "auto"), spaJob(p, dir, p.set.fixed)]),
      cscvJob(d),
      dsrJob(d),
    ].filter((job) => job.label.includes(ONLY));
    const out: Row[] = [];
    for (const job of jobs) {
      // One untimed call of each kind first (the guard's answer is the one compared).
      await job.tool();
      const g = (await job.guard()).evidence;
      const agreement = await job.agree(g, await pys.py.ask(job.numpy), pys.py);
      const t: Times = { tool: [], guard: [], numpy: [], numpy1: [] };
      for (let r = 0; r < ROUNDS; r++) await round(job, pys, t);
      out.push(...rows(job, t, agreement));
    }
    if (DSR_LABEL.includes(ONLY)) out.push(...dsrFirstRows(d, dir));
    return out;
  } finally {
    pys.py.close();
    pys.py1.close();
  }
}
