/// <reference lib="dom" />
// The research ledger's recorded annualised Sharpes as a histogram, the reported Sharpe a marker line, the
// count the verdict used in the caption. Each bin has a count label (data-bar = bin, data-value = count), and
// the marker's key entry records where it was drawn (data-x, CSS pixels), so a test reads back what is drawn.
import type { TrialSharpesChart } from "../types.js";
import {
  COLORS,
  drawnHook,
  figure,
  binCenters,
  histogramLayout,
  markerKey,
  markersHook,
  mountPlot,
  type uPlot,
  type Marker,
} from "./plot_kit.js";

const plain = (v: number) => String(Number(v.toPrecision(6)));

/** Count labels over each bin, placed at the bin's centre and its top; the bins' pixel edges on the figure. */
function binLabelsHook(fig: HTMLElement, c: TrialSharpesChart) {
  return (u: uPlot) => {
    c.counts.forEach((n, i) => {
      let el = u.over.querySelector<HTMLElement>(`[data-bar="${i}"]`);
      if (!el) {
        el = document.createElement("span");
        el.className = "bar-label";
        el.dataset.bar = String(i);
        el.dataset.value = String(n);
        el.textContent = String(n);
        u.over.append(el);
      }
      const mid = (c.edges[i]! + c.edges[i + 1]!) / 2;
      el.style.left = `${u.valToPos(mid, "x") - 6}px`;
      el.style.top = `${u.valToPos(n, "y") - 18}px`;
    });
    fig.dataset.edgesPx = JSON.stringify(c.edges.map((e) => u.valToPos(e, "x")));
  };
}

/** Records where the marker line was drawn on its key entry (CSS pixels from the plot area's left). */
function markerPositionHook(fig: HTMLElement, m: Marker) {
  return (u: uPlot) => {
    const li = fig.querySelector<HTMLElement>(`[data-marker="${m.name}"]`);
    if (li) {
      li.dataset.x = String(u.valToPos(m.value, "x"));
      li.dataset.canvasX = String(Math.round(u.valToPos(m.value, "x", true)));
    }
  };
}

export function trialSharpes(parent: HTMLElement, c: TrialSharpesChart): void {
  const bins = c.counts.length;
  const shown = c.counts.reduce((a, n) => a + n, 0);
  const fig = figure(
    parent,
    "trial_sharpes",
    c.guard,
    `Recorded trials: annualised Sharpes of the ${shown} strategies with one`,
    c.sentence,
  );
  fig.dataset.bins = String(bins);
  fig.dataset.used = String(c.used);
  const centers = binCenters(c.edges, c.counts);
  const lo = c.edges[0]!;
  const hi = c.edges[bins]!;
  const reported: Marker[] =
    c.reported === null
      ? []
      : [
          {
            name: "reported",
            value: c.reported,
            label: `reported ${plain(c.reported)}`,
            color: COLORS.bad,
            scale: "x",
          },
        ];
  markerKey(fig, reported);
  // The x axis reaches the reported Sharpe, with half a bin to spare, wherever it lies.
  const pad = (hi - lo) / bins / 2;
  const xMin = Math.min(lo, c.reported ?? lo) - pad;
  const xMax = Math.max(hi, c.reported ?? hi) + pad;
  const opts = {
    legend: { live: false },
    scales: {
      x: { time: false, range: [xMin, xMax] as uPlot.Range.MinMax },
      y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.15] },
    },
    ...histogramLayout(
      fig,
      { name: "annualised Sharpe", axis: ["annualised Sharpe of a recorded trial", "annualised Sharpe"] },
      "trials",
      plain,
    ),
    hooks: {
      draw: [
        markersHook(reported),
        binLabelsHook(fig, c),
        ...reported.map((m) => markerPositionHook(fig, m)),
        drawnHook(fig),
      ],
    },
  } satisfies Omit<uPlot.Options, "width" | "height">;
  mountPlot(fig, opts, [centers, c.counts as number[]]);
}
