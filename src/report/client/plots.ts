/// <reference lib="dom" />
// One uPlot chart per ReportData chart kind. Everything drawn comes from the chart's data.
import type { CostCurveChart, DsrChart, EquityChart, PboChart, SpaChart, Chart } from "../types.js";
import {
  COLORS,
  barLabelsHook,
  fittedTitle,
  bars,
  drawnHook,
  figure,
  binCenters,
  histogramLayout,
  markerKey,
  markersHook,
  mountPlot,
  percentTick,
  recordedTicks,
  uPlot,
  type Marker,
} from "./plot_kit.js";
import { trialClusters } from "./trial_clusters.js";
import { trialSharpes } from "./trial_sharpes.js";

const pct = (v: number) => `${(v * 100).toFixed(Math.abs(v) < 0.1 ? 1 : 0)}%`;
const plain = (v: number) => String(Number(v.toPrecision(6)));
const p3 = (v: number) => v.toFixed(3);

function costCurve(parent: HTMLElement, c: CostCurveChart): void {
  const be = c.breakevenBps;
  const fig = figure(
    parent,
    "cost_curve",
    c.guard,
    "Cost curve: annualised net return and net Sharpe against round-trip cost",
    `Stated cost ${c.costBps} bps round-trip; breakeven ` +
      (be === null ? "not finite (see the evidence)" : `${be.toFixed(2)} bps round-trip`) +
      (be === null || c.hurdle === null
        ? "."
        : `, where the annualised net return meets the hurdle of ${pct(c.hurdle)}.`),
  );
  const hurdle = c.hurdle ?? 0;
  const markers: Marker[] = [
    { name: "stated_cost", value: c.costBps, label: `stated ${c.costBps} bps`, color: COLORS.muted, scale: "x" },
  ];
  if (c.hurdle !== null)
    markers.push({ name: "hurdle", value: c.hurdle, label: `hurdle ${pct(c.hurdle)}`, color: COLORS.ok, scale: "ret" });
  if (be !== null)
    markers.push({
      name: "breakeven",
      value: be,
      label: `breakeven ${be.toFixed(2)} bps`,
      color: COLORS.bad,
      scale: "x",
    });
  markerKey(fig, markers);
  const opts = {
    legend: { live: false },
    scales: {
      x: { time: false },
      // The return axis always shows the hurdle line.
      ret: { range: (_u, min, max) => uPlot.rangeNum(Math.min(min, hurdle), Math.max(max, hurdle), 0.1, true) },
      sharpe: { auto: true },
    },
    series: [
      { label: "round-trip cost (bps)" },
      {
        label: "annualised net return",
        scale: "ret",
        stroke: COLORS.main,
        width: 2,
        value: (_u, v) => (v == null ? "-" : pct(v)),
      },
      { label: "net Sharpe", scale: "sharpe", stroke: COLORS.second, width: 2, dash: [4, 3] },
    ],
    axes: [
      { label: fittedTitle("round-trip cost (bps)", "cost (bps)"), values: recordedTicks(fig, "x", plain) },
      {
        scale: "ret",
        label: fittedTitle("annualised net return", "ann. net return"),
        values: recordedTicks(fig, "ret", percentTick),
        size: 60,
      },
      {
        scale: "sharpe",
        side: 1,
        label: fittedTitle("net Sharpe"),
        grid: { show: false },
        values: recordedTicks(fig, "sharpe", plain),
      },
    ],
    hooks: { draw: [markersHook(markers), drawnHook(fig)] },
  } satisfies Omit<uPlot.Options, "width" | "height">;
  mountPlot(fig, opts, [c.bps as number[], c.annReturn as number[], c.sharpe as (number | null)[]]);
}

/** Net equity on top and, in its own panel below on the same x axis, the drawdown. */
function equity(parent: HTMLElement, c: EquityChart): void {
  const fig = figure(
    parent,
    "equity",
    c.guard,
    `Net equity and drawdown at the stated cost (${c.costBps} bps round-trip)`,
    `Computed by the report from the bundle's returns and turnover; max drawdown ${pct(c.maxDrawdown)} ` +
      "(equal to cost_curve's at this cost).",
  );
  fig.dataset.maxDrawdown = String(c.maxDrawdown);
  const xAxis = c.dated ? {} : { label: fittedTitle("period"), values: recordedTicks(fig, "x", plain) };
  const xLabel = { label: c.dated ? "date" : "period" };
  const sync = { key: `equity-${c.guard}` };
  mountPlot(
    fig,
    {
      legend: { live: false },
      cursor: { sync },
      scales: { x: { time: c.dated }, eq: { auto: true } },
      series: [xLabel, { label: "net equity (start 1.0)", scale: "eq", stroke: COLORS.main, width: 1.5 }],
      axes: [
        xAxis,
        { scale: "eq", label: fittedTitle("net equity"), values: recordedTicks(fig, "eq", (v) => v.toFixed(2)) },
      ],
      hooks: { draw: [drawnHook(fig)] },
    },
    [c.x as number[], c.equity as number[]],
  );
  mountPlot(
    fig,
    {
      legend: { live: false },
      cursor: { sync },
      scales: { x: { time: c.dated }, dd: { range: (_u, min) => [Math.min(min, -0.01), 0] } },
      series: [
        xLabel,
        {
          label: "drawdown",
          scale: "dd",
          stroke: COLORS.bad,
          fill: "rgba(179,38,30,0.08)",
          width: 1,
          value: (_u, v) => (v == null ? "-" : pct(v)),
        },
      ],
      axes: [xAxis, { scale: "dd", label: fittedTitle("drawdown"), values: recordedTicks(fig, "dd", percentTick) }],
      hooks: { draw: [drawnHook(fig)] },
    },
    [c.x as number[], c.drawdown as number[]],
    0.5,
  );
}

/** Where CSCV's matrix came from, for the caption ("" when the evidence does not say). */
function cscvSource(c: PboChart): string {
  if (c.panel === null) return c.source === "argument" ? " CSCV over the model_returns sent." : "";
  const { trials, dates, leftOut } = c.panel;
  const left = leftOut > 0 ? ` (${leftOut} counted trials left out: no returns kept or missing dates)` : "";
  return ` CSCV over the research ledger's kept returns: ${trials} trials on ${dates} common dates${left}.`;
}

function pbo(parent: HTMLElement, c: PboChart): void {
  const centers = binCenters(c.edges, c.counts);
  const kept = c.kept < c.of ? ` (${c.kept} of ${c.of} splits kept in the result)` : "";
  const over = cscvSource(c);
  const fig = figure(
    parent,
    "pbo_logits",
    c.guard,
    "PBO: logits of the in-sample winner's out-of-sample rank",
    `PBO ${c.pbo === null ? "n/a" : c.pbo.toFixed(4)} is the share of splits left of 0${kept}.${over}`,
  );
  fig.dataset.pbo = String(c.pbo);
  fig.dataset.source = String(c.source);
  fig.dataset.logits = String(c.counts.reduce((a, n) => a + n, 0));
  const lo = c.edges[0]!;
  const hi = c.edges[c.edges.length - 1]!;
  const zero: Marker[] =
    lo <= 0 && hi >= 0 ? [{ name: "zero", value: 0, label: "logit 0", color: COLORS.bad, scale: "x" }] : [];
  markerKey(fig, zero);
  const opts = {
    legend: { live: false },
    scales: {
      x: { time: false, range: [Math.min(lo, 0), Math.max(hi, 0)] as uPlot.Range.MinMax },
      y: { range: (_u, _min, max) => [0, max * 1.1] },
    },
    ...histogramLayout(
      fig,
      {
        name: "logit",
        axis: ["logit = ln(w / (1 - w)) of the out-of-sample rank w", "logit of the out-of-sample rank", "logit"],
      },
      "splits",
      plain,
    ),
    hooks: { draw: [markersHook(zero), drawnHook(fig)] },
  } satisfies Omit<uPlot.Options, "width" | "height">;
  mountPlot(fig, opts, [centers, c.counts as number[]]);
}

/** A bar chart over named categories with one horizontal threshold line. */
function namedBars(fig: HTMLElement, names: string[], values: number[], threshold: Marker, yLabel: string) {
  const x = names.map((_, i) => i);
  markerKey(fig, [threshold]);
  const opts = {
    scales: {
      x: { time: false, range: [-0.5, names.length - 0.5] as uPlot.Range.MinMax },
      y: { range: [0, 1.05] as uPlot.Range.MinMax },
    },
    series: [
      { label: "" },
      { label: yLabel, stroke: COLORS.main, fill: "rgba(31,95,168,0.35)", paths: bars(), points: { show: false } },
    ],
    axes: [
      { splits: () => x, values: recordedTicks(fig, "x", (i) => names[i] ?? "") },
      { label: fittedTitle(yLabel), values: recordedTicks(fig, "y", plain) },
    ],
    legend: { show: false },
    hooks: { draw: [markersHook([threshold]), barLabelsHook(names, values, p3), drawnHook(fig)] },
  } satisfies Omit<uPlot.Options, "width" | "height">;
  mountPlot(fig, opts, [x, values]);
}

function spa(parent: HTMLElement, c: SpaChart): void {
  const fig = figure(
    parent,
    "spa",
    c.guard,
    `SPA test: p-values for the best of the candidates (${c.bestModel})`,
    `Lower, consistent and upper SPA p-values beside the best model's own t-test p-value (naive); alpha ${c.alpha}.`,
  );
  const names = ["lower", "consistent", "upper", ...(c.naive === null ? [] : ["naive"])];
  const values = [c.lower, c.consistent, c.upper, ...(c.naive === null ? [] : [c.naive])];
  namedBars(
    fig,
    names,
    values,
    { name: "alpha", value: c.alpha, label: `alpha ${c.alpha}`, color: COLORS.bad, scale: "y" },
    "p-value",
  );
}

function dsr(parent: HTMLElement, c: DsrChart): void {
  const sr =
    c.bestSharpe !== null && c.expectedMaxSharpe !== null
      ? ` Observed Sharpe ${c.bestSharpe.toFixed(4)} vs expected best of ${c.nTrials ?? "N"} noise trials ` +
        `${c.expectedMaxSharpe.toFixed(4)} (annualised).`
      : "";
  const fig = figure(
    parent,
    "dsr",
    c.guard,
    "Deflated Sharpe ratio against its threshold",
    `DSR ${c.dsr.toFixed(4)} must exceed ${c.threshold.toFixed(2)} (1 - alpha).${sr}`,
  );
  const names = [...(c.psr === null ? [] : ["PSR"]), "DSR"];
  const values = [...(c.psr === null ? [] : [c.psr]), c.dsr];
  const threshold: Marker = {
    name: "threshold",
    value: c.threshold,
    label: `threshold ${c.threshold.toFixed(2)}`,
    color: COLORS.bad,
    scale: "y",
  };
  namedBars(fig, names, values, threshold, "probability");
}

/** Appends the chart's figure to `parent` and draws it there (in the document, so it can measure its width). */
export function drawChart(parent: HTMLElement, c: Chart): void {
  const draws = {
    cost_curve: costCurve,
    equity,
    pbo_logits: pbo,
    spa,
    dsr,
    trial_sharpes: trialSharpes,
    trial_clusters: trialClusters,
  };
  const draw = draws[c.kind] as (p: HTMLElement, c: Chart) => void;
  draw(parent, c);
}
