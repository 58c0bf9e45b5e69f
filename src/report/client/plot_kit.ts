/// <reference lib="dom" />
// Shared uPlot pieces: a figure per chart, charts sized to their container, tick labels recorded on the
// figure (data-ticks) so what the canvas draws can be read back, marker lines with a key below the chart.
import uPlot from "uplot";

export const COLORS = { main: "#1f5fa8", second: "#c2571a", ok: "#2e7d32", bad: "#b3261e", muted: "#666" };
/** The tallest a chart is drawn; narrower charts are shorter, down to MIN_HEIGHT. */
const HEIGHT = 280;
const MIN_HEIGHT = 180;
/** The shortest a panel below another is drawn: room for its axis title and more than one tick. */
const MIN_PANEL_HEIGHT = 130;
/** Used only where the holder has no layout width yet (never in a browser that laid the page out). */
const FALLBACK_WIDTH = 720;

/** A <figure data-chart=kind> with a heading and a caption, appended to `parent` so charts can measure it. */
export function figure(parent: HTMLElement, kind: string, guard: string, heading: string, caption: string) {
  const fig = document.createElement("figure");
  fig.dataset.chart = kind;
  fig.dataset.guard = guard;
  const h = document.createElement("h3");
  h.textContent = heading;
  const cap = document.createElement("figcaption");
  cap.textContent = caption;
  fig.append(h, cap);
  parent.append(fig);
  return fig;
}

/** Axis `values` that format ticks with `fmt` (given all the axis' splits) and record them under `key`. */
export function recordedTicks(fig: HTMLElement, key: string, fmt: (v: number, splits: number[]) => string) {
  return (_u: uPlot, splits: number[]) => {
    const labels = splits.map((v) => (v === null || v === undefined ? "" : fmt(v, splits)));
    const ticks = JSON.parse(fig.dataset.ticks ?? "{}") as Record<string, string[]>;
    ticks[key] = labels;
    fig.dataset.ticks = JSON.stringify(ticks);
    return labels;
  };
}

/**
 * An axis title that the canvas never clips: the first of `titles` (longest first) that fits the span it is
 * centred on (the plot area's centre to the nearer canvas edge, both ways), else the last cut to fit with an
 * ellipsis. A narrow chart gets a shorter title instead of one cut off at the edge.
 */
export function fittedTitle(...titles: [string, ...string[]]): uPlot.Axis.Label {
  return (u, axisIdx) => {
    const ctx = u.ctx; // uPlot has set the title's font when it asks for the text
    const vertical = (u.axes[axisIdx]!.side ?? 0) % 2 === 1;
    const { left, top, width, height } = u.bbox;
    const centre = vertical ? top + height / 2 : left + width / 2;
    const extent = vertical ? ctx.canvas.height : ctx.canvas.width;
    const room = 2 * Math.min(centre, extent - centre) - 4 * uPlot.pxRatio;
    const fits = (t: string) => ctx.measureText(t).width <= room;
    const found = titles.find(fits);
    if (found !== undefined) return found;
    let cut = titles[titles.length - 1]!;
    while (cut.length > 0 && !fits(`${cut}…`)) cut = cut.slice(0, -1);
    return cut.length > 0 ? `${cut}…` : "";
  };
}

/** A percentage with as many decimals as the axis' tick step needs, the same for every tick (0%, 0.5%, 1.0%). */
export function percentTick(v: number, splits: number[]): string {
  let step = Number.POSITIVE_INFINITY;
  for (let i = 1; i < splits.length; i++) {
    const d = Math.abs(splits[i]! - splits[i - 1]!);
    if (d > 0 && d < step) step = d;
  }
  const decimals = Number.isFinite(step) ? Math.min(4, Math.max(0, Math.ceil(-Math.log10(step * 100) - 1e-9))) : 1;
  return `${(v * 100).toFixed(decimals)}%`;
}

/** Width and height for a chart in `holder`: the holder's own width, the height shrinking with it. */
function plotSize(holder: HTMLElement, heightShare: number): { width: number; height: number } {
  const width = Math.floor(holder.getBoundingClientRect().width) || FALLBACK_WIDTH;
  const height = Math.round(Math.min(HEIGHT, Math.max(MIN_HEIGHT, width * 0.55)) * heightShare);
  return { width, height: heightShare < 1 ? Math.max(MIN_PANEL_HEIGHT, height) : height };
}

/**
 * Draws a uPlot chart in a new holder placed before the figure's key and caption, sized to the holder's
 * width and redrawn when that width changes. `heightShare` scales the height (a panel below another).
 */
export function mountPlot(
  fig: HTMLElement,
  opts: Omit<uPlot.Options, "width" | "height">,
  data: uPlot.AlignedData,
  heightShare = 1,
): uPlot {
  const holder = document.createElement("div");
  holder.className = "plot";
  fig.insertBefore(holder, fig.querySelector(".key, figcaption"));
  const plot = new uPlot({ ...opts, ...plotSize(holder, heightShare) } as uPlot.Options, data, holder);
  new ResizeObserver(() => {
    const size = plotSize(holder, heightShare);
    if (size.width !== plot.width || size.height !== plot.height) plot.setSize(size);
  }).observe(holder);
  return plot;
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

/** A draw hook that strokes every marker line (their labels are in the figure's key, never over the data). */
export function markersHook(markers: readonly Marker[]) {
  return (u: uPlot) => {
    for (const m of markers) strokeLine(u, m);
  };
}

/** The figure's key: one entry per marker, a dashed swatch in its colour, its exact value in data-value. */
export function markerKey(fig: HTMLElement, markers: readonly Marker[]): void {
  if (markers.length === 0) return;
  const ul = document.createElement("ul");
  ul.className = "key";
  for (const m of markers) {
    const li = document.createElement("li");
    li.dataset.marker = m.name;
    li.dataset.value = String(m.value);
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.borderColor = m.color;
    const text = document.createElement("span");
    text.textContent = m.label;
    text.style.color = m.color;
    li.append(swatch, text);
    ul.append(li);
  }
  fig.insertBefore(ul, fig.querySelector("figcaption"));
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

/** Marks the plot drawn once uPlot has painted, and the figure once all its plots have (tests wait for it). */
export function drawnHook(fig: HTMLElement) {
  return (u: uPlot) => {
    (u.root.parentElement as HTMLElement).dataset.drawn = "true";
    const plots = [...fig.querySelectorAll<HTMLElement>(".plot")];
    if (plots.every((p) => p.dataset.drawn === "true")) fig.dataset.drawn = "true";
  };
}

export const bars = () => uPlot.paths.bars!({ size: [0.6, 80] });
export const histBars = () => uPlot.paths.bars!({ size: [1, Infinity], gap: 1 });

/** The centre of each histogram bin, from its edges (one more edge than counts). */
export const binCenters = (edges: readonly number[], counts: readonly number[]): number[] =>
  counts.map((_, i) => (edges[i]! + edges[i + 1]!) / 2);

/** A histogram's series and axes: bars of `counted` at bin centres of `x`, both axes' ticks recorded on the figure. */
export function histogramLayout(
  fig: HTMLElement,
  x: { readonly name: string; readonly axis: readonly [string, ...string[]] },
  counted: string,
  tick: (v: number) => string,
) {
  const fill = "rgba(31,95,168,0.35)";
  return {
    series: [
      { label: x.name },
      { label: counted, stroke: COLORS.main, fill, paths: histBars(), points: { show: false } },
    ],
    axes: [
      { label: fittedTitle(...x.axis), values: recordedTicks(fig, "x", tick) },
      { label: fittedTitle(counted), values: recordedTicks(fig, "y", tick) },
    ],
  };
}
export { uPlot };
