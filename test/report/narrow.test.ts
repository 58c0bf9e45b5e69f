// The HTML report on a 390 px phone, in chromium, with a research ledger (so its charts are drawn too): every
// text a chart draws on its canvas (tick labels and axis titles) lies inside the canvas, none cut off at an
// edge; and every chart is drawn once, though two guard results carry the same ledger histogram. The charts
// are those the report's own data lists; the texts are read back from the canvas' fillText calls.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { reportData } from "../../src/report/data.js";
import { reportHtml } from "../../src/report/html.js";
import { callToolUntyped, configureLedger } from "../../src/runtime/index.js";
import { CHROMIUM, describeWithTool } from "../helpers/system_tool.js";
import { costArgs, noise } from "../server/ledger_fixtures.js";
import { hasChromium, openBrowser, showReport, type Browser } from "./chromium.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SAMPLE = JSON.parse(readFileSync(path.join(ROOT, "data", "sample-bundle.json"), "utf8"));
const WIDTH = 390;
const dir = mkdtempSync(path.join(tmpdir(), "fin-skills-narrow-"));
type Obj = Record<string, any>;

/** A text drawn on a canvas: its ink box in canvas pixels (after the context's transform: titles are rotated). */
interface Drawn {
  readonly text: string;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}
interface Figure {
  readonly chart: string;
  readonly guard: string;
  readonly heading: string;
  readonly plots: number;
  readonly ticks: string[];
  readonly canvases: { readonly width: number; readonly height: number; readonly texts: Drawn[] }[];
}

/**
 * Runs in the page before its script: each canvas keeps the texts of its latest drawing (a clear of the whole
 * canvas starts a new one), each with its ink box from measureText, mapped through the current transform.
 */
function recordCanvasTexts(): void {
  type Kept = HTMLCanvasElement & { drawnTexts?: Drawn[] };
  const proto = CanvasRenderingContext2D.prototype;
  const { clearRect, fillText } = proto;
  proto.clearRect = function (x, y, w, h) {
    if (x <= 0 && y <= 0 && w >= this.canvas.width && h >= this.canvas.height) (this.canvas as Kept).drawnTexts = [];
    clearRect.call(this, x, y, w, h);
  };
  proto.fillText = function (text, x, y, maxWidth) {
    const m = this.measureText(text);
    const t = this.getTransform();
    const corners = [
      [x - m.actualBoundingBoxLeft, y - m.actualBoundingBoxAscent],
      [x + m.actualBoundingBoxRight, y - m.actualBoundingBoxAscent],
      [x - m.actualBoundingBoxLeft, y + m.actualBoundingBoxDescent],
      [x + m.actualBoundingBoxRight, y + m.actualBoundingBoxDescent],
    ].map(([px, py]) => [t.a * px! + t.c * py! + t.e, t.b * px! + t.d * py! + t.f] as const);
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    const kept = this.canvas as Kept;
    kept.drawnTexts ??= [];
    kept.drawnTexts.push({
      text,
      left: Math.min(...xs),
      right: Math.max(...xs),
      top: Math.min(...ys),
      bottom: Math.max(...ys),
    });
    if (maxWidth === undefined) fillText.call(this, text, x, y);
    else fillText.call(this, text, x, y, maxWidth);
  };
}

let browser: Browser;
let result: Obj;
let figures: Figure[];

beforeAll(async () => {
  // Forty noise strategies recorded in a ledger, then the sample checked against it: check_backtest runs
  // trial_ledger and research_audit, and both read the ledger's Sharpe histogram.
  await configureLedger({ ledger: path.join(dir, "ledger.sqlite"), name: "narrow" });
  for (let i = 0; i < 40; i++) await callToolUntyped("check_cost_curve", costArgs(noise(5000 + i)));
  result = (await callToolUntyped("check_backtest", { slots: SAMPLE })) as Obj;
  await configureLedger({ ledger: null });
  if (!hasChromium()) return;
  const html = path.join(dir, "narrow.html");
  writeFileSync(html, await reportHtml(result, SAMPLE));
  browser = await openBrowser();
  await browser.page.addInitScript(recordCanvasTexts);
  await showReport(browser.page, html, WIDTH);
  // Two animation frames: any redraw a resize observer queued after the first drawing has been painted.
  await browser.page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
  expect(browser.errors).toEqual([]);
  figures = await browser.page.$$eval("figure", (figs) =>
    figs.map((f) => {
      const el = f as HTMLElement;
      const ticks = Object.values(JSON.parse(el.dataset.ticks ?? "{}") as Record<string, string[]>).flat();
      return {
        chart: el.dataset.chart ?? "",
        guard: el.dataset.guard ?? "",
        heading: f.querySelector("h3")?.textContent ?? "",
        plots: f.querySelectorAll(".plot").length,
        ticks: ticks.filter((t) => t !== ""),
        canvases: [...f.querySelectorAll("canvas")].map((c) => ({
          width: c.width,
          height: c.height,
          texts: (c as HTMLCanvasElement & { drawnTexts?: Drawn[] }).drawnTexts ?? [],
        })),
      };
    }),
  );
}, 180_000);
afterAll(async () => browser?.close());

describeWithTool(CHROMIUM)(`the HTML report at ${WIDTH} px, with a research ledger`, () => {
  it("draws every chart of the report's data once: one figure each, one canvas per plot, no heading twice", () => {
    const expected = reportData(result, SAMPLE).charts.map((c) => `${c.kind} (${c.guard})`);
    expect(expected).toContain("trial_sharpes (research_audit)");
    expect(figures.map((f) => `${f.chart} (${f.guard})`)).toEqual(expected);
    const headings = figures.map((f) => f.heading);
    expect(headings.filter((h, i) => headings.indexOf(h) !== i)).toEqual([]);
    for (const f of figures) expect([f.chart, f.canvases.length], f.chart).toEqual([f.chart, f.plots]);
  });

  it("draws the ledger's histogram once, though two guard results carry it", () => {
    const carrying = (result.results as Obj[]).filter((g) => g.evidence?.ledger?.sharpe_histogram !== undefined);
    expect(carrying.map((g) => g.guard).sort()).toEqual(["research_audit", "trial_ledger"]);
    expect(figures.filter((f) => f.chart === "trial_sharpes")).toHaveLength(1);
  });

  it("draws every axis tick label of every chart on its canvas", () => {
    for (const f of figures) {
      const drawn = new Set(f.canvases.flatMap((c) => c.texts.map((t) => t.text)));
      expect(f.ticks.length, f.chart).toBeGreaterThan(1);
      expect(
        f.ticks.filter((t) => !drawn.has(t)),
        f.chart,
      ).toEqual([]);
    }
  });

  it("cuts no text a chart draws (tick labels, axis titles) at its canvas' edges", () => {
    const cut: string[] = [];
    for (const f of figures)
      for (const c of f.canvases)
        for (const t of c.texts)
          if (t.left < -0.5 || t.top < -0.5 || t.right > c.width + 0.5 || t.bottom > c.height + 0.5)
            cut.push(
              `${f.chart}: "${t.text}" at x ${t.left.toFixed(1)}..${t.right.toFixed(1)}, ` +
                `y ${t.top.toFixed(1)}..${t.bottom.toFixed(1)} on a ${c.width} x ${c.height} canvas`,
            );
    expect(cut).toEqual([]);
  });
});
