// The HTML report in a real browser (Debian's chromium + playwright-core): it loads with no console
// error and no request beyond the file itself, every chart is drawn, and the numbers on the page
// (axis ticks, markers, bar labels, caption, footer) equal the result's evidence. One screenshot per
// chart is kept under test-artifacts/report/ (git-ignored).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CHARTED_GUARDS } from "../../src/report/charts.js";
import { reportData } from "../../src/report/data.js";
import { callToolUntyped } from "../../src/runtime/index.js";
import { hasChromium, openBrowser, showReport, type Browser } from "./chromium.js";
import { CHROMIUM, describeWithTool } from "../helpers/system_tool.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ARTEFACTS = path.join(ROOT, "test-artifacts", "report");
const SAMPLE = path.join(ROOT, "data", "sample-bundle.json");
type Obj = Record<string, any>;

/** Runs the real command line from source: fin-skills check <bundle> --html <out>. */
function checkHtml(bundle: string, out: string): void {
  const r = spawnSync(
    process.execPath,
    // No research ledger: the page is compared with the in-process runtime's result, which keeps none.
    ["--import", "tsx", path.join(ROOT, "src/cli/fin-skills.ts"), "check", bundle, "--html", out, "--no-ledger"],
    { cwd: ROOT, encoding: "utf8", timeout: 120_000 },
  );
  expect(r.stderr).toBe(`fin-skills: wrote the HTML report to ${path.resolve(out)}\n`);
  expect(r.status).toBe(1); // the sample fails cost_curve and spa_test
}

interface Page {
  readonly result: Obj;
  readonly bundle: Obj;
  readonly figures: Obj[];
}

let browser: Browser;
const dir = mkdtempSync(path.join(tmpdir(), "fin-skills-report-"));

beforeAll(async () => {
  if (!hasChromium()) return;
  browser = await openBrowser();
  mkdirSync(ARTEFACTS, { recursive: true });
});
afterAll(async () => browser?.close());

/** Writes the bundle, makes its report with the CLI, opens it, and reads every figure back. */
async function load(name: string, bundle: Obj): Promise<Page> {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(bundle));
  const html = path.join(dir, `${name}.html`);
  checkHtml(file, html);
  browser.requests.length = 0;
  browser.errors.length = 0;
  const url = await showReport(browser.page, html);
  expect(browser.errors).toEqual([]);
  expect(browser.requests).toEqual([url]);
  const figures = await browser.page.$$eval("figure", (figs) =>
    figs.map((f) => {
      const canvas = f.querySelector("canvas")!;
      const px = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      let inked = 0;
      for (let i = 3; i < px.length; i += 4) if (px[i]! > 0) inked++;
      const values = (sel: string, attr: string) =>
        Object.fromEntries(
          [...f.querySelectorAll<HTMLElement>(sel)].map((e) => [
            e.dataset[attr],
            [Number(e.dataset.value), e.textContent],
          ]),
        );
      return {
        chart: "",
        guard: "",
        ...((f as HTMLElement).dataset as Record<string, string>),
        ticks: JSON.parse((f as HTMLElement).dataset.ticks ?? "{}"),
        caption: f.querySelector("figcaption")!.textContent,
        inked,
        markers: values("[data-marker]", "marker"),
        bars: values("[data-bar]", "bar"),
      };
    }),
  );
  for (const f of figures)
    await browser.page
      .locator(`figure[data-chart="${f.chart}"]`)
      .screenshot({ path: path.join(ARTEFACTS, `${name}-${f.chart}.png`) });
  const result = (await callToolUntyped("check_backtest", { slots: bundle })) as Obj;
  return { result, bundle, figures };
}

const evidenceOf = (p: Page, guard: string): Obj => p.result.results.find((g: Obj) => g.guard === guard).evidence;
const fig = (p: Page, kind: string): Obj => {
  const f = p.figures.find((x) => x.chart === kind);
  expect(f, `figure ${kind}`).toBeDefined();
  return f!;
};

describeWithTool(CHROMIUM)("HTML report of the sample bundle in chromium", () => {
  let p: Page;
  beforeAll(async () => {
    p = await load("sample", JSON.parse(readFileSync(SAMPLE, "utf8")));
  }, 180_000);

  it("draws one chart per charted guard that ran, each with ink on its canvas", () => {
    const ran = (p.result.ran as string[]).filter((g) => (CHARTED_GUARDS as readonly string[]).includes(g));
    expect(ran.length).toBeGreaterThan(0);
    const expected = reportData(p.result, p.bundle).charts.map((c) => c.kind);
    expect(p.figures.map((f) => f.chart)).toEqual(expected);
    expect(new Set(p.figures.map((f) => f.guard))).toEqual(new Set(ran));
    for (const f of p.figures) expect(f.inked, f.chart).toBeGreaterThan(2000);
  });

  it("the cost curve's axis, stated cost and breakeven equal cost_curve's evidence", () => {
    const ev = evidenceOf(p, "cost_curve");
    const f = fig(p, "cost_curve");
    const bps = ev.curve.records.map((r: Obj) => r.bps);
    expect(Number(f.ticks.x[0])).toBe(Math.min(...bps));
    expect(Number(f.ticks.x.at(-1))).toBe(Math.max(...bps));
    expect(f.markers.breakeven).toEqual([ev.breakeven_bps, `breakeven ${ev.breakeven_bps.toFixed(2)} bps`]);
    expect(f.markers.stated_cost).toEqual([ev.cost_bps, `stated ${ev.cost_bps} bps`]);
    // The breakeven is where the net return meets the hurdle, so the hurdle is drawn too.
    expect(f.markers.hurdle[0]).toBe(ev.hurdle_ann_return);
    expect(f.markers.hurdle[1]).toMatch(/^hurdle -?\d+(\.\d)?%$/);
    const min = Number.parseFloat(f.ticks.ret[0]) / 100;
    const max = Number.parseFloat(f.ticks.ret.at(-1)) / 100;
    expect(min <= ev.hurdle_ann_return && ev.hurdle_ann_return <= max).toBe(true);
    expect(f.caption).toContain(`breakeven ${ev.breakeven_bps.toFixed(2)} bps round-trip`);
  });

  it("the equity curve reproduces cost_curve's max drawdown at the stated cost", () => {
    const ev = evidenceOf(p, "cost_curve");
    const row = ev.curve.records.find((r: Obj) => r.bps === ev.cost_bps);
    expect(Number(fig(p, "equity").maxDrawdown)).toBeCloseTo(row.max_drawdown, 12);
  });

  it("the PBO histogram holds every CSCV split of the evidence, marks 0 and states the PBO", () => {
    const ev = evidenceOf(p, "research_audit");
    const f = fig(p, "pbo_logits");
    const splits = ev.logit_histogram.counts.reduce((a: number, n: number) => a + n, 0);
    expect(Number(f.logits)).toBe(splits);
    expect(Number(f.pbo)).toBe(ev.pbo);
    expect(f.markers.zero).toEqual([0, "logit 0"]);
    expect(f.caption).toContain(`PBO ${ev.pbo.toFixed(4)}`);
    expect(f.caption).not.toContain("kept in the result");
  });

  it("the SPA p-values and the naive p read back equal spa_test's evidence", () => {
    const ev = evidenceOf(p, "spa_test");
    const f = fig(p, "spa");
    expect(f.ticks.x).toEqual(["lower", "consistent", "upper", "naive"]);
    for (const k of ["lower", "consistent", "upper"])
      expect(f.bars[k]).toEqual([ev.pvalues[k], ev.pvalues[k].toFixed(3)]);
    expect(f.bars.naive).toEqual([ev.naive_pvalue, ev.naive_pvalue.toFixed(3)]);
    expect(f.markers.alpha).toEqual([ev.alpha, `alpha ${ev.alpha}`]);
  });

  it("the verdict table and the provenance footer equal the result", async () => {
    const rows = await browser.page.$$eval("#verdicts tr[data-guard]", (trs) =>
      trs.map((tr) => [(tr as HTMLElement).dataset.guard, tr.querySelector("td")!.textContent]),
    );
    expect(rows).toEqual(p.result.results.map((g: Obj) => [g.guard, g.passed ? "PASS" : "FAIL"]));
    const footer = await browser.page.$$eval("#provenance dd", (dds) =>
      Object.fromEntries(dds.map((d) => [(d as HTMLElement).dataset.key, d.textContent])),
    );
    expect(footer["input sha256"]).toBe(p.result.provenance.input_sha256);
    expect(footer["tools sha256"]).toBe(p.result.provenance.tools_sha256);
    expect(footer["fin-skills version"]).toBe(p.result.provenance.version);
  });
});

describeWithTool(CHROMIUM)("HTML report with a trial count and variance (trial_ledger runs)", () => {
  it("draws the deflated Sharpe against its threshold, read back equal to the evidence", async () => {
    const bundle = { ...JSON.parse(readFileSync(SAMPLE, "utf8")), sharpe_variance: 0.5 };
    const p = await load("trials", bundle);
    const ev = evidenceOf(p, "trial_ledger");
    const f = fig(p, "dsr");
    expect(f.bars.DSR).toEqual([ev.dsr, ev.dsr.toFixed(3)]);
    expect(f.bars.PSR).toEqual([ev.psr, ev.psr.toFixed(3)]);
    expect(f.markers.threshold).toEqual([1 - ev.alpha, `threshold ${(1 - ev.alpha).toFixed(2)}`]);
    expect(f.inked).toBeGreaterThan(2000);
  }, 180_000);
});
