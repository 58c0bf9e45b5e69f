/// <reference lib="dom" />
// Shared uPlot pieces: a figure per chart, tick labels recorded on the figure (data-ticks) so what
// the canvas draws can be read back, vertical and horizontal marker lines with DOM labels.
import uPlot from "uplot";

export const COLORS = { main: "#1f5fa8", second: "#c2571a", ok: "#2e7d32", bad: "#b3261e", muted: "#666" };
export const WIDTH = 720;
export const HEIGHT = 280;

/** A <figure data-chart=kind> with a heading and a caption; the chart goes in between. */
export function figure(kind: string, guard: string, heading: string, caption: string): HTMLElement {
  const fig = document.createElement("figure");
  fig.dataset.chart = kind;
  fig.dataset.guard = guard;
  const h = document.createElement("h3");
  h.textContent = heading;
  const cap = document.createElement("figcaption");
  cap.textContent = caption;
  fig.append(h, cap);
  return fig;
}

/** Axis `values` that format ticks with `fmt` and record them under `key` on the figure. */
export function recordedTicks(fig: HTMLElement, key: string, fmt: (v: number) => string) {
  return (_u: uPlot, splits: number[]) => {
    const labels = splits.map((v) => (v === null || v === undefined ? "" : fmt(v)));
    const ticks = JSON.parse(fig.dataset.ticks ?? "{}") as Record<string, string[]>;
    ticks[key] = labels;
    fig.dataset.ticks = JSON.stringify(ticks);
    return labels;
  };
}

export interface Marker {
  readonly name: string;
  readonly value: number;
  readonly label: string;
  readonly color: string;
  /** "x" draws a vertical line at value on the x scale; otherwise a horizontal line on that y scale. */
  readonly scale: string;
}

function strokeLine(u: uPlot, m: Marker): void {
  const ctx = u.ctx;
  const { left, top, width, height } = u.bbox;
  ctx.save();
  ctx.strokeStyle = m.color;
  ctx.lineWidth = 2 * uPlot.pxRatio;
  ctx.setLineDash([6 * uPlot.pxRatio, 4 * uPlot.pxRatio]);
  ctx.beginPath();
  if (m.scale === "x") {
    const x = Math.round(u.valToPos(m.value, "x", true));
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + height);
  } else {
    const y = Math.round(u.valToPos(m.value, m.scale, true));
    ctx.moveTo(left, y);
    ctx.lineTo(left + width, y);
  }
  ctx.stroke();
  ctx.restore();
}

/** A label in the plot overlay at the marker's position, carrying its exact value in data-value. */
function placeLabel(u: uPlot, m: Marker, index: number): void {
  let el = u.over.querySelector<HTMLElement>(`[data-marker="${m.name}"]`);
  if (!el) {
    el = document.createElement("span");
    el.className = "marker";
    el.dataset.marker = m.name;
    el.dataset.value = String(m.value);
    el.style.color = m.color;
    el.textContent = m.label;
    u.over.append(el);
  }
  if (m.scale === "x") {
    el.style.left = `${u.valToPos(m.value, "x") + 4}px`;
    el.style.top = `${4 + index * 18}px`;
  } else {
    el.style.right = "4px";
    el.style.top = `${u.valToPos(m.value, m.scale) - 18}px`;
  }
}

/** A draw hook that strokes every marker and keeps its label in place. */
export function markersHook(markers: readonly Marker[]) {
  return (u: uPlot) => {
    markers.forEach((m, i) => {
      strokeLine(u, m);
      placeLabel(u, m, i);
    });
  };
}

/** Value labels above bars (DOM, data-value exact), one per x index. */
export function barLabelsHook(names: readonly string[], values: readonly number[], fmt: (v: number) => string) {
  return (u: uPlot) => {
    values.forEach((v, i) => {
      let el = u.over.querySelector<HTMLElement>(`[data-bar="${names[i]}"]`);
      if (!el) {
        el = document.createElement("span");
        el.className = "bar-label";
        el.dataset.bar = names[i]!;
        el.dataset.value = String(v);
        el.textContent = fmt(v);
        u.over.append(el);
      }
      el.style.left = `${u.valToPos(i, "x") - 24}px`;
      el.style.top = `${u.valToPos(v, "y") - 18}px`;
    });
  };
}

/** Marks the figure drawn once uPlot has painted (tests wait for data-drawn). */
export function drawnHook(fig: HTMLElement) {
  return () => {
    fig.dataset.drawn = "true";
  };
}

export const bars = () => uPlot.paths.bars!({ size: [0.6, 80] });
export const histBars = () => uPlot.paths.bars!({ size: [1, Infinity], gap: 1 });
export { uPlot };
