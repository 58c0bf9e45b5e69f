// The research ledger's clusters and PBO in the HTML report: three sweeps of near-copies (6, 4 and 2
// strategies) and five independent strategies recorded; the report draws one bar per cluster (its trials)
// and a point at its best recorded Sharpe, equal to the evidence and to the strategies' own Sharpes; the
// PBO chart of research_audit over the ledger says CSCV ran over the ledger's kept returns. In chromium at
// 390 px the clusters chart draws those values and stays inside its box.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NormalStream } from "../../src/lib/random.js";
import { reportData } from "../../src/report/data.js";
import { reportHtml } from "../../src/report/html.js";
import { callToolUntyped, configureLedger } from "../../src/runtime/index.js";
import { costArgs, noise, sharpe252 } from "../server/ledger_fixtures.js";
import { hasChromium, openBrowser, showReport, type Browser } from "./chromium.js";
import { CHROMIUM, describeWithTool } from "../helpers/system_tool.js";

type Obj = Record<string, any>;
const dir = mkdtempSync(path.join(tmpdir(), "fin-skills-ledger-clusters-"));
const ARTEFACTS = path.resolve(import.meta.dirname, "../../test-artifacts/report");
const T = 756;
const BLOCKS = [6, 4, 2];
const LOOSE = 5;
/** Each block: a base strategy plus 0.1 x its own noise per member (correlation ~0.995 with each other). */
const blocks = BLOCKS.map((n, b) => {
  const base = noise(100 + b, T);
  return Array.from({ length: n }, (_, k) => {
    const g = new NormalStream(1000 * (b + 1) + k);
    return base.map((x) => x + 0.1 * 0.01 * g.next());
  });
});
const loose = Array.from({ length: LOOSE }, (_, k) => noise(500 + k, T));
const recorded = BLOCKS.reduce((a, n) => a + n, 0) + LOOSE;

let verdict: Obj;
let audit: Obj;
let browser: Browser;
beforeAll(async () => {
  await configureLedger({ ledger: path.join(dir, "ledger.sqlite"), name: "sweeps" });
  for (const s of [...blocks.flat(), ...loose]) await callToolUntyped("check_cost_curve", costArgs(s));
  const claim = { best_sharpe: 1, n_obs: T, n_trials: 1 };
  verdict = (await callToolUntyped("check_trial_ledger", claim)) as Obj;
  audit = (await callToolUntyped("check_research_audit", { ...claim, n_blocks: 8 })) as Obj;
  await configureLedger({ ledger: null });
  if (hasChromium()) browser = await openBrowser();
}, 120_000);
afterAll(async () => browser?.close());

const clustersOf = (r: Obj) => reportData(r).charts.find((c) => c.kind === "trial_clusters") as Obj;

describe("the report's clusters and ledger PBO data", () => {
  it("draws one bar per cluster: its trials and best Sharpe, as the evidence and the strategies have them", () => {
    const e = verdict.evidence.effective_trials;
    const chart = clustersOf(verdict);
    expect(chart.sizes).toEqual(e.clusters.map((c: Obj) => c.size));
    expect(chart.bestSharpes).toEqual(e.clusters.map((c: Obj) => c.best_sharpe));
    expect(chart.effective).toBe(verdict.evidence.n_trials_effective);
    // From the construction: the blocks, largest first, then one cluster per independent strategy.
    expect(chart.sizes).toEqual([...BLOCKS, ...loose.map(() => 1)]);
    expect(chart.effective).toBe(BLOCKS.length + LOOSE);
    blocks.forEach((members, b) => expect(chart.bestSharpes[b]).toBeCloseTo(Math.max(...members.map(sharpe252)), 10));
    const singles = chart.bestSharpes.slice(BLOCKS.length).sort((a: number, b: number) => a - b);
    const expected = loose.map(sharpe252).sort((a, b) => a - b);
    singles.forEach((s: number, i: number) => expect(s).toBeCloseTo(expected[i]!, 10));
    expect(chart.sentence).toBe(
      `${BLOCKS.length + LOOSE} effective of ${recorded} recorded: ${BLOCKS.length + LOOSE} cluster(s) of ` +
        `returns correlated >= 0.9 over ${T} common dates. Sharpe variance across clusters ` +
        `${Number(e.cross_cluster_sharpe_variance.toPrecision(6))}.`,
    );
  });

  it("research_audit over the ledger draws its PBO with where CSCV's matrix came from", () => {
    const ev = audit.evidence;
    expect(ev.model_returns_source).toBe("ledger");
    const chart = reportData(audit).charts.find((c) => c.kind === "pbo_logits") as Obj;
    expect(chart.pbo).toBe(ev.pbo);
    expect(chart.counts).toEqual(ev.logit_histogram.counts);
    expect(chart.source).toBe("ledger");
    expect(chart.panel).toEqual({ trials: recorded, dates: T, leftOut: 0 });
    expect(ev.ledger_panel).toEqual({ trials: recorded, dates: T, left_out: 0 });
  });

  it("draws one ledger's clusters once when a check_backtest result holds both verdicts, the other as a note", () => {
    const data = reportData({ tool: "check_backtest", status: "fail", results: [verdict, audit] });
    expect(data.charts.filter((c) => c.kind === "trial_clusters").map((c) => (c as Obj).guard)).toEqual([
      "trial_ledger",
    ]);
    expect(data.notes).toContain(
      `research_audit: ${clustersOf(audit).sentence} The clusters are the chart drawn for trial_ledger.`,
    );
  });
});

describeWithTool(CHROMIUM)("the clusters chart in chromium at 390 px", () => {
  let f: Obj;
  let pbo: Obj;
  beforeAll(async () => {
    const html = path.join(dir, "clusters.html");
    writeFileSync(html, await reportHtml(audit));
    browser.errors.length = 0;
    await showReport(browser.page, html, 390);
    expect(browser.errors).toEqual([]);
    f = await browser.page.$eval('figure[data-chart="trial_clusters"]', (fig) => {
      const el = fig as HTMLElement;
      const box = fig.getBoundingClientRect();
      const outside = [
        ...fig.querySelectorAll<HTMLElement>("canvas, .u-over, .u-legend, .key, .bar-label, h3, figcaption"),
      ]
        .map((e) => ({ what: e.className || e.tagName, r: e.getBoundingClientRect() }))
        .filter(({ r }) => r.left < box.left - 0.5 || r.right > box.right + 0.5)
        .map(({ what, r }) => `${what}: ${r.left}-${r.right} outside ${box.left}-${box.right}`);
      return {
        sizes: JSON.parse(el.dataset.sizes!) as number[],
        best: JSON.parse(el.dataset.bestSharpes!) as number[],
        ticks: JSON.parse(el.dataset.ticks!) as Record<string, string[]>,
        caption: fig.querySelector("figcaption")!.textContent,
        outside,
        width: box.width,
      };
    });
    pbo = await browser.page.$eval('figure[data-chart="pbo_logits"]', (fig) => ({
      caption: fig.querySelector("figcaption")!.textContent,
      source: (fig as HTMLElement).dataset.source,
    }));
    mkdirSync(ARTEFACTS, { recursive: true });
    await browser.page
      .locator('figure[data-chart="trial_clusters"]')
      .screenshot({ path: path.join(ARTEFACTS, "ledger-trial_clusters-390.png") });
  }, 120_000);

  it("draws the evidence's cluster sizes and best Sharpes, with integer cluster ticks", () => {
    const e = audit.evidence.effective_trials;
    expect(f.sizes).toEqual(e.clusters.map((c: Obj) => c.size));
    expect(f.best).toEqual(e.clusters.map((c: Obj) => c.best_sharpe));
    expect(f.caption).toBe(clustersOf(audit).sentence);
    expect(f.ticks.x!.length).toBeGreaterThan(1);
    for (const t of f.ticks.x!) expect(Number.isInteger(Number(t))).toBe(true);
    expect(Number(f.ticks.x!.at(-1))).toBeLessThanOrEqual(f.sizes.length);
  });

  it("keeps its canvas, heading and caption inside its box at 390 px", () => {
    expect(f.width).toBeLessThanOrEqual(390);
    expect(f.outside).toEqual([]);
  });

  it("captions the ledger's PBO with the trials and dates CSCV ran over", () => {
    expect(pbo.source).toBe("ledger");
    expect(pbo.caption).toContain(`PBO ${audit.evidence.pbo.toFixed(4)}`);
    expect(pbo.caption).toContain(
      `CSCV over the research ledger's kept returns: ${recorded} trials on ${T} common dates.`,
    );
  });
});
