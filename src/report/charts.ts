// One chart per charted guard that ran, read from its evidence only; equity is computed from the
// bundle's returns and turnover and shown only when it reproduces the evidence's max drawdown.
import { equityPath } from "./equity.js";
import { LOGIT_HISTOGRAM_EDGES } from "../lib/logit_summary.js";
import { dateSeconds, readNumbers } from "./inputs.js";
import { trialClusters } from "./trial_clusters.js";
import { trialCountSentence, trialSharpes } from "./trial_sharpes.js";
import type { Chart, CostCurveChart, DsrChart, EquityChart, PboChart, SpaChart } from "./types.js";

type Obj = Record<string, any>;
export interface Charted {
  readonly charts: Chart[];
  readonly notes: string[];
}

const num = (x: unknown): number | null => (typeof x === "number" && Number.isFinite(x) ? x : null);

function costCurve(guard: string, ev: Obj): CostCurveChart | null {
  const records = ev.curve?.records;
  const cost = num(ev.cost_bps);
  if (!Array.isArray(records) || records.length === 0 || cost === null) return null;
  return {
    kind: "cost_curve",
    guard,
    bps: records.map((p: Obj) => Number(p.bps)),
    annReturn: records.map((p: Obj) => Number(p.ann_return)),
    sharpe: records.map((p: Obj) => num(p.sharpe)),
    costBps: cost,
    breakevenBps: num(ev.breakeven_bps),
    hurdle: num(ev.hurdle_ann_return),
  };
}

/** The stated cost's max drawdown in the evidence curve, or null. */
function evidenceDrawdown(ev: Obj, cost: number): number | null {
  const row = (ev.curve?.records as Obj[] | undefined)?.find((p) => p.bps === cost);
  return row ? num(row.max_drawdown) : null;
}

function equity(guard: string, ev: Obj, bundle: Obj | undefined, notes: string[]): EquityChart | null {
  const cost = num(ev.cost_bps);
  if (cost === null) return null;
  const what = "Net equity and drawdown are not drawn";
  const r = readNumbers(bundle?.returns);
  if (!r) {
    notes.push(`${what}: the report has no returns series it can read (cost_curve evidence has no path).`);
    return null;
  }
  const tau = typeof bundle?.turnover === "number" ? bundle.turnover : readNumbers(bundle?.turnover)?.values;
  if (tau === undefined || (Array.isArray(tau) && tau.length !== r.values.length)) {
    notes.push(`${what}: the report has no turnover it can read aligned with the returns.`);
    return null;
  }
  const path = equityPath(r.values, tau, cost);
  const stated = evidenceDrawdown(ev, cost);
  if (stated === null || Math.abs(path.maxDrawdown - stated) > 1e-9) {
    notes.push(`${what}: recomputed from the bundle they do not reproduce cost_curve's max drawdown.`);
    return null;
  }
  notes.push(
    `Net equity and drawdown at ${cost} bps are computed by this report from the bundle's returns and ` +
      `turnover (net = return - turnover x cost / 10000); their max drawdown equals cost_curve's.`,
  );
  const dates = dateSeconds(r.index);
  const x = dates ?? r.values.map((_, i) => i + 1);
  return { kind: "equity", guard, x, dated: dates !== null, costBps: cost, ...path };
}

/**
 * research_audit's logit histogram over every CSCV split. Its two outer bins are open-ended; they are
 * drawn out to the extreme logits (the p0 / p100 quantiles), at least one unit past the last edge.
 */
function pbo(guard: string, ev: Obj): PboChart | null {
  const h = ev.logit_histogram as { counts?: unknown } | null | undefined;
  const counts = Array.isArray(h?.counts) ? h.counts.map(Number) : null;
  if (!counts || counts.length !== LOGIT_HISTOGRAM_EDGES.length + 1 || !counts.every(Number.isFinite)) return null;
  const q = (ev.logit_quantiles ?? {}) as Obj;
  const first = LOGIT_HISTOGRAM_EDGES[0];
  const last = LOGIT_HISTOGRAM_EDGES[LOGIT_HISTOGRAM_EDGES.length - 1];
  const lo = Math.min(first - 1, num(q.p0) ?? first - 1);
  const hi = Math.max(last + 1, num(q.p100) ?? last + 1);
  const edges = [lo, ...LOGIT_HISTOGRAM_EDGES, hi];
  const splits = counts.reduce((a, n) => a + n, 0);
  if (splits === 0) return null;
  const source =
    ev.model_returns_source === "ledger" || ev.model_returns_source === "argument" ? ev.model_returns_source : null;
  const p = ev.ledger_panel as Obj | null | undefined;
  const panel =
    source === "ledger" && p && typeof p === "object"
      ? { trials: Number(p.trials), dates: Number(p.dates), leftOut: Number(p.left_out) }
      : null;
  return { kind: "pbo_logits", guard, edges, counts, pbo: num(ev.pbo), kept: splits, of: splits, source, panel };
}

function spa(guard: string, ev: Obj): SpaChart | null {
  const p = ev.pvalues as Obj | undefined;
  const [lower, consistent, upper] = [num(p?.lower), num(p?.consistent), num(p?.upper)];
  if (lower === null || consistent === null || upper === null) return null;
  const alpha = num(ev.alpha) ?? 0.05;
  return {
    kind: "spa",
    guard,
    lower,
    consistent,
    upper,
    naive: num(ev.naive_pvalue),
    alpha,
    bestModel: String(ev.best_model ?? ""),
  };
}

function dsr(guard: string, ev: Obj): DsrChart | null {
  const value = num(ev.dsr);
  const alpha = num(ev.alpha);
  if (value === null || alpha === null) return null;
  return {
    kind: "dsr",
    guard,
    dsr: value,
    psr: num(ev.psr),
    threshold: 1 - alpha,
    bestSharpe: num(ev.best_sharpe),
    expectedMaxSharpe: num(ev.expected_max_sharpe),
    nTrials: num(ev.n_trials),
  };
}

/** Charts for one guard result; `bundle` holds the inputs the equity curve is computed from. */
export function chartsFor(result: Obj, bundle: Obj | undefined): Charted {
  const notes: string[] = [];
  const ev = (result.evidence ?? {}) as Obj;
  const g = String(result.guard);
  const charts: (Chart | null)[] =
    g === "cost_curve"
      ? [costCurve(g, ev), equity(g, ev, bundle, notes)]
      : g === "research_audit"
        ? [pbo(g, ev), trialSharpes(g, ev, "sharpe_annual"), trialClusters(g, ev)]
        : g === "spa_test"
          ? [spa(g, ev)]
          : g === "trial_ledger"
            ? [dsr(g, ev), trialSharpes(g, ev, "best_sharpe"), trialClusters(g, ev)]
            : [];
  const drawn = charts.filter((c): c is Chart => c !== null);
  // The trial count a deflating verdict used is always stated: in the ledger chart's caption, else here.
  const sentence = trialCountSentence(ev);
  if (sentence !== null && !drawn.some((c) => c.kind === "trial_sharpes")) notes.push(`${g}: ${sentence}`);
  return { charts: drawn, notes };
}

/** Guards whose results the report draws a chart for. */
export const CHARTED_GUARDS = ["cost_curve", "research_audit", "spa_test", "trial_ledger"] as const;
