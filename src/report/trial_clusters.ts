// The research ledger's clusters in the report: the trials whose returns correlate >= 0.9 grouped into
// clusters (the effective number of trials), each cluster's size and best recorded annualised Sharpe, read
// from the `effective_trials` evidence of a guard that deflates by the ledger (trial_ledger, research_audit).
import type { TrialClustersChart } from "./types.js";

type Obj = Record<string, any>;
const num = (x: unknown): number | null => (typeof x === "number" && Number.isFinite(x) ? x : null);

/** The chart, when the evidence measured the effective count and lists at least one cluster. */
export function trialClusters(guard: string, ev: Obj): TrialClustersChart | null {
  const e = ev.effective_trials as Obj | null | undefined;
  const effective = num(e?.n_trials_effective);
  if (e?.available !== true || effective === null || !Array.isArray(e.clusters) || e.clusters.length === 0) return null;
  const listed = e.clusters as Obj[];
  const sizes = listed.map((c) => num(c.size));
  if (sizes.includes(null)) return null;
  const clusters = Number(e.n_clusters);
  const apart = Number(e.n_not_aligned) + Number(e.n_without_returns);
  const variance = num(e.cross_cluster_sharpe_variance);
  const shown = listed.length < clusters ? `; the largest ${listed.length} drawn` : "";
  const loose = apart > 0 ? `, and ${apart} trial(s) counted apart (too little overlap or no returns kept)` : "";
  const spread = variance === null ? "" : ` Sharpe variance across clusters ${plain(variance)}.`;
  return {
    kind: "trial_clusters",
    guard,
    sizes: sizes as number[],
    bestSharpes: listed.map((c) => num(c.best_sharpe)),
    recorded: Number(e.n_trials_recorded),
    effective,
    clusters,
    apart,
    dates: Number(e.n_dates),
    screened: e.screened === true,
    crossVariance: variance,
    sentence:
      `${effective} effective of ${e.n_trials_recorded} recorded: ${clusters} cluster(s) of returns correlated ` +
      `>= 0.9 over ${e.n_dates} common dates${loose}${shown}.${spread}`,
  };
}

const plain = (v: number) => String(Number(v.toPrecision(6)));

/** Same clusters, whichever guard measured them (check_backtest runs two guards over one ledger). */
const same = (a: TrialClustersChart, b: TrialClustersChart) =>
  a.recorded === b.recorded && a.effective === b.effective && a.sizes.join() === b.sizes.join();

/** Keeps the first chart of each ledger's clusters; a later guard's becomes a note pointing at the drawn one. */
export function clusterChartsOnce<C extends { readonly kind: string }>(charts: readonly C[], notes: string[]): C[] {
  const drawn: TrialClustersChart[] = [];
  return charts.filter((c) => {
    if (c.kind !== "trial_clusters") return true;
    const t = c as unknown as TrialClustersChart;
    const first = drawn.find((d) => same(d, t));
    if (first === undefined) {
      drawn.push(t);
      return true;
    }
    notes.push(`${t.guard}: ${t.sentence} The clusters are the chart drawn for ${first.guard}.`);
    return false;
  });
}
