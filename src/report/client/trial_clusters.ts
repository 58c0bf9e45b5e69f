/// <reference lib="dom" />
// The research ledger's clusters (the effective number of trials): one bar per listed cluster, largest
// first, its height the trials in it, and a point per cluster at its best recorded annualised Sharpe on a
// second axis. The drawn values are on the figure (data-sizes, data-best-sharpes) and the ticks recorded, so
// a test reads back what is drawn.
import type { TrialClustersChart } from "../types.js";
import { COLORS, bars, drawnHook, figure, fittedTitle, mountPlot, recordedTicks, type uPlot } from "./plot_kit.js";

const plain = (v: number) => String(Number(v.toPrecision(6)));

export function trialClusters(parent: HTMLElement, c: TrialClustersChart): void {
  const fig = figure(
    parent,
    "trial_clusters",
    c.guard,
    `Effective trials: ${c.effective} of ${c.recorded}, clusters of correlated returns`,
    c.sentence,
  );
  fig.dataset.sizes = JSON.stringify(c.sizes);
  fig.dataset.bestSharpes = JSON.stringify(c.bestSharpes);
  fig.dataset.effective = String(c.effective);
  const x = c.sizes.map((_, i) => i + 1);
  const sharpes = c.bestSharpes.filter((s): s is number => s !== null);
  const lo = Math.min(0, ...sharpes);
  const hi = Math.max(0, ...sharpes);
  const pad = (hi - lo || 1) * 0.1;
  const opts = {
    legend: { live: false },
    scales: {
      x: { time: false, range: [0.5, c.sizes.length + 0.5] as uPlot.Range.MinMax },
      y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.15] },
      sharpe: { range: [lo - pad, hi + pad] as uPlot.Range.MinMax },
    },
    series: [
      { label: "cluster" },
      {
        label: "trials in the cluster",
        stroke: COLORS.main,
        fill: "rgba(31,95,168,0.35)",
        paths: bars(),
        points: { show: false },
      },
      {
        label: "best recorded Sharpe (annualised)",
        scale: "sharpe",
        stroke: COLORS.second,
        width: 0,
        points: { show: true, size: 7, fill: COLORS.second },
      },
    ],
    axes: [
      // Ticks at whole clusters only, at least 18 px apart (every cluster up to a dozen on a phone).
      {
        label: fittedTitle("cluster, largest first", "cluster"),
        space: 18,
        incrs: [1, 2, 5, 10, 20, 50],
        values: recordedTicks(fig, "x", plain),
      },
      {
        label: fittedTitle("trials"),
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
        values: recordedTicks(fig, "y", plain),
      },
      {
        scale: "sharpe",
        side: 1,
        label: fittedTitle("best Sharpe"),
        space: 24,
        grid: { show: false },
        values: recordedTicks(fig, "sharpe", plain),
      },
    ],
    hooks: { draw: [drawnHook(fig)] },
  } satisfies Omit<uPlot.Options, "width" | "height">;
  mountPlot(fig, opts, [x, c.sizes as number[], c.bestSharpes as (number | null)[]]);
}
