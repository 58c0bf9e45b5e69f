/// <reference lib="dom" />
// One uPlot chart per ReportData chart kind. Everything drawn comes from the chart's data.
import type { CostCurveChart, DsrChart, EquityChart, PboChart, SpaChart, Chart } from "../types.js";
import {
  COLORS,
  HEIGHT,
  WIDTH,
  barLabelsHook,
  bars,
  drawnHook,
  figure,
  histBars,
  markersHook,
  recordedTicks,
  uPlot,
  type Marker,
} from "./plot_kit.js";

const pct = (v: number) => `${(v * 100).toFixed(Math.abs(v) < 0.1 ? 1 : 0)}%`;
const plain = (v: number) => String(Number(v.toPrecision(6)));
const p3 = (v: number) => v.toFixed(3);

function costCurve(c: CostCurveChart): HTMLElement {
  const be = c.breakevenBps;
  const fig = figure(
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
  const opts: uPlot.Options = {
    width: WIDTH,
    height: HEIGHT,
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
      { label: "round-trip cost (bps)", values: recordedTicks(fig, "x", plain) },
      { scale: "ret", label: "annualised net return", values: recordedTicks(fig, "ret", pct), size: 60 },
      {
        scale: "sharpe",
        side: 1,
        label: "net Sharpe",
        grid: { show: false },
        values: recordedTicks(fig, "sharpe", plain),
      },
    ],
    hooks: { draw: [markersHook(markers), drawnHook(fig)] },
  };
  new uPlot(
    opts,
    [c.bps as number[], c.annReturn as number[], c.sharpe as (number | null)[]],
    insertBeforeCaption(fig),
  );
  return fig;
}

function equity(c: EquityChart): HTMLElement {
  const fig = figure(
    "equity",
    c.guard,
    `Net equity and drawdown at the stated cost (${c.costBps} bps round-trip)`,
    `Computed by the report from the bundle's returns and turnover; max drawdown ${pct(c.maxDrawdown)} ` +
      "(equal to cost_curve's at this cost).",
  );
  fig.dataset.maxDrawdown = String(c.maxDrawdown);
  const opts: uPlot.Options = {
    width: WIDTH,
    height: HEIGHT,
    legend: { live: false },
    scales: { x: { time: c.dated }, eq: { auto: true }, dd: { range: (_u, min) => [Math.min(min, -0.01), 0] } },
    series: [
      { label: c.dated ? "date" : "period" },
      { label: "net equity (start 1.0)", scale: "eq", stroke: COLORS.main, width: 1.5 },
      {
        label: "drawdown",
        scale: "dd",
        stroke: COLORS.bad,
        fill: "rgba(179,38,30,0.08)",
        width: 1,
        value: (_u, v) => (v == null ? "-" : pct(v)),
      },
    ],
    axes: [
      c.dated ? {} : { label: "period", values: recordedTicks(fig, "x", plain) },
      { scale: "eq", label: "net equity", values: recordedTicks(fig, "eq", (v) => v.toFixed(2)) },
      { scale: "dd", side: 1, label: "drawdown", grid: { show: false }, values: recordedTicks(fig, "dd", pct) },
    ],
    hooks: { draw: [drawnHook(fig)] },
  };
  new uPlot(opts, [c.x as number[], c.equity as number[], c.drawdown as number[]], insertBeforeCaption(fig));
  return fig;
}

function pbo(c: PboChart): HTMLElement {
  const centers = c.counts.map((_, i) => (c.edges[i]! + c.edges[i + 1]!) / 2);
  const kept = c.kept < c.of ? ` (${c.kept} of ${c.of} splits kept in the result)` : "";
  const fig = figure(
    "pbo_logits",
    c.guard,
    "PBO: logits of the in-sample winner's out-of-sample rank",
    `PBO ${c.pbo === null ? "n/a" : c.pbo.toFixed(4)} is the share of splits left of 0${kept}.`,
  );
  fig.dataset.pbo = String(c.pbo);
  fig.dataset.logits = String(c.counts.reduce((a, n) => a + n, 0));
  const lo = c.edges[0]!;
  const hi = c.edges[c.edges.length - 1]!;
  const zero: Marker[] =
    lo <= 0 && hi >= 0 ? [{ name: "zero", value: 0, label: "logit 0", color: COLORS.bad, scale: "x" }] : [];
  const opts: uPlot.Options = {
    width: WIDTH,
    height: HEIGHT,
    legend: { live: false },
    scales: {
      x: { time: false, range: [Math.min(lo, 0), Math.max(hi, 0)] },
      y: { range: (_u, _min, max) => [0, max * 1.1] },
    },
    series: [
      { label: "logit" },
      {
        label: "splits",
        stroke: COLORS.main,
        fill: "rgba(31,95,168,0.35)",
        paths: histBars(),
        points: { show: false },
      },
    ],
    axes: [
      { label: "logit = ln(w / (1 - w)) of the out-of-sample rank w", values: recordedTicks(fig, "x", plain) },
      { label: "splits", values: recordedTicks(fig, "y", plain) },
    ],
    hooks: { draw: [markersHook(zero), drawnHook(fig)] },
  };
  new uPlot(opts, [centers, c.counts as number[]], insertBeforeCaption(fig));
  return fig;
}

/** A bar chart over named categories with one horizontal threshold line. */
function namedBars(fig: HTMLElement, names: string[], values: number[], threshold: Marker, yLabel: string) {
  const x = names.map((_, i) => i);
  const opts: uPlot.Options = {
    width: WIDTH,
    height: HEIGHT,
    scales: { x: { time: false, range: [-0.5, names.length - 0.5] }, y: { range: [0, 1.05] } },
    series: [
      { label: "" },
      { label: yLabel, stroke: COLORS.main, fill: "rgba(31,95,168,0.35)", paths: bars(), points: { show: false } },
    ],
    axes: [
      { splits: () => x, values: recordedTicks(fig, "x", (i) => names[i] ?? "") },
      { label: yLabel, values: recordedTicks(fig, "y", plain) },
    ],
    legend: { show: false },
    hooks: { draw: [markersHook([threshold]), barLabelsHook(names, values, p3), drawnHook(fig)] },
  };
  new uPlot(opts, [x, values], insertBeforeCaption(fig));
}

function spa(c: SpaChart): HTMLElement {
  const fig = figure(
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
  return fig;
}

function dsr(c: DsrChart): HTMLElement {
  const sr =
    c.bestSharpe !== null && c.expectedMaxSharpe !== null
      ? ` Observed Sharpe ${c.bestSharpe.toFixed(4)} vs expected best of ${c.nTrials ?? "N"} noise trials ` +
        `${c.expectedMaxSharpe.toFixed(4)} (annualised).`
      : "";
  const fig = figure(
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
  return fig;
}

/** A holder placed before the caption; uPlot draws into it. */
function insertBeforeCaption(fig: HTMLElement): HTMLElement {
  const holder = document.createElement("div");
  holder.className = "plot";
  fig.insertBefore(holder, fig.querySelector("figcaption"));
  return holder;
}

/** Appends the chart's figure to `parent` (first, so uPlot measures it in the document). */
export function drawChart(parent: HTMLElement, c: Chart): void {
  const draw = { cost_curve: costCurve, equity, pbo_logits: pbo, spa, dsr }[c.kind] as (c: Chart) => HTMLElement;
  parent.append(draw(c));
}
