// The research ledger in the HTML report, in chromium: forty noise strategies recorded, a best Sharpe
// declared as 3 trials; the report draws the recorded Sharpes' histogram (one count label per bin, each over
// its bin), marks the reported Sharpe where it lies (its line in the canvas' column), and its caption states
// the count the verdict used, declared against recorded. Without a ledger, a note says the count is declared.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportData } from "../../src/report/data.js";
import { reportHtml } from "../../src/report/html.js";
import { callToolUntyped, configureLedger } from "../../src/runtime/index.js";
import { costArgs, noise, sharpe252 } from "../server/ledger_fixtures.js";
import { hasChromium, openBrowser, showReport, type Browser } from "./chromium.js";
import { CHROMIUM, describeWithTool } from "../helpers/system_tool.js";

type Obj = Record<string, any>;
const dir = mkdtempSync(path.join(tmpdir(), "fin-skills-ledger-report-"));
const ARTEFACTS = path.resolve(import.meta.dirname, "../../test-artifacts/report");
const strategies = Array.from({ length: 40 }, (_, i) => noise(3000 + i));
const sorted = strategies.map(sharpe252).sort((a, b) => a - b);
/** A reported Sharpe between the 3rd and 4th best recorded: inside the histogram, not on an edge. */
const reported = (sorted.at(-3)! + sorted.at(-4)!) / 2;
const DECLARED = 3;
const plain = (v: number) => String(Number(v.toPrecision(6)));
/** 40 independent noise strategies: 40 effective, each its own cluster (the first five sizes listed). */
const effectiveWords = (ev: Obj) => {
  expect(ev.n_trials_effective).toBe(strategies.length);
  const n = strategies.length;
  return `, ${n} effective: ${n} clusters of returns correlated >= 0.9, the largest of 1, 1, 1, 1, 1, ... trial(s)`;
};

let verdict: Obj;
let audit: Obj;
let browser: Browser;
beforeAll(async () => {
  await configureLedger({ ledger: path.join(dir, "ledger.sqlite"), name: "momentum" });
  for (const s of strategies) await callToolUntyped("check_cost_curve", costArgs(s));
  verdict = (await callToolUntyped("check_trial_ledger", {
    best_sharpe: reported,
    n_obs: 756,
    n_trials: DECLARED,
  })) as Obj;
  audit = (await callToolUntyped("check_research_audit", {
    best_sharpe: reported,
    n_obs: 756,
    n_trials: DECLARED,
  })) as Obj;
  await configureLedger({ ledger: null });
  if (hasChromium()) browser = await openBrowser();
}, 120_000);
afterAll(async () => browser?.close());

describe("the report's ledger data", () => {
  it("turns the verdict's ledger evidence into one trial_sharpes chart with the count sentence", () => {
    const ev = verdict.evidence;
    const chart = reportData(verdict).charts.find((c) => c.kind === "trial_sharpes") as Obj;
    expect(chart.counts).toEqual(ev.ledger.sharpe_histogram.counts);
    expect(chart.reported).toBe(reported);
    expect(chart.sentence).toBe(
      `The verdict used ${strategies.length} trials (the effective count, above the declared): ${DECLARED} ` +
        `declared, ${strategies.length} recorded by the research ledger 'momentum' since ${ev.ledger.since}` +
        `${effectiveWords(ev)}.`,
    );
  });

  it("draws research_audit's ledger too, marking its annualised Sharpe", () => {
    const chart = reportData(audit).charts.find((c) => c.kind === "trial_sharpes") as Obj;
    expect(chart.guard).toBe("research_audit");
    expect(chart.reported).toBe(audit.evidence.sharpe_annual);
    expect(chart.counts).toEqual(verdict.evidence.ledger.sharpe_histogram.counts);
    expect(chart.used).toBe(strategies.length);
  });

  it("draws one ledger's histogram once when a check_backtest result holds both verdicts, the other as a note", () => {
    const both = { tool: "check_backtest", status: "fail", results: [verdict, audit] };
    const data = reportData(both);
    expect(data.charts.filter((c) => c.kind === "trial_sharpes").map((c) => (c as Obj).guard)).toEqual([
      "trial_ledger",
    ]);
    expect(data.notes).toContain(
      `research_audit: ${reportData(audit).charts.find((c) => c.kind === "trial_sharpes")!.sentence} The ` +
        "ledger's Sharpes are the histogram drawn for trial_ledger.",
    );
  });

  it("without a ledger, states in the notes that the count is self-declared", async () => {
    const r = (await callToolUntyped("check_trial_ledger", { best_sharpe: 1, n_obs: 756, n_trials: DECLARED })) as Obj;
    const data = reportData(r);
    expect(data.charts.map((c) => c.kind)).not.toContain("trial_sharpes");
    expect(data.notes).toContain(
      `trial_ledger: The verdict used ${DECLARED} trials, self-declared: no research ledger recorded this search.`,
    );
  });
});

describeWithTool(CHROMIUM)("the ledger chart in chromium", () => {
  let f: Obj;
  beforeAll(async () => {
    const html = path.join(dir, "ledger.html");
    writeFileSync(html, await reportHtml(verdict));
    browser.errors.length = 0;
    await showReport(browser.page, html);
    expect(browser.errors).toEqual([]);
    f = await browser.page.$eval('figure[data-chart="trial_sharpes"]', (fig) => {
      const el = fig as HTMLElement;
      const canvas = fig.querySelector("canvas")!;
      const marker = fig.querySelector<HTMLElement>('[data-marker="reported"]')!;
      const column = Number(marker.dataset.canvasX);
      const px = canvas.getContext("2d")!.getImageData(column, 0, 1, canvas.height).data;
      let red = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i]! === 179 && px[i + 1]! === 38 && px[i + 2]! === 30) red++;
      const origin = fig.querySelector<HTMLElement>(".u-over")!.getBoundingClientRect().left;
      return {
        bins: Number(el.dataset.bins),
        edgesPx: JSON.parse(el.dataset.edgesPx!) as number[],
        bars: [...fig.querySelectorAll<HTMLElement>("[data-bar]")].map((b) => {
          const box = b.getBoundingClientRect();
          return {
            bin: Number(b.dataset.bar),
            value: Number(b.dataset.value),
            text: b.textContent,
            x: box.left - origin,
          };
        }),
        marker: { value: Number(marker.dataset.value), label: marker.textContent, x: Number(marker.dataset.x), red },
        caption: fig.querySelector("figcaption")!.textContent,
      };
    });
    mkdirSync(ARTEFACTS, { recursive: true });
    await browser.page
      .locator('figure[data-chart="trial_sharpes"]')
      .screenshot({ path: path.join(ARTEFACTS, "ledger-trial_sharpes.png") });
  }, 120_000);

  it("draws one count label per bin of the evidence's histogram, each over its own bin", () => {
    const h = verdict.evidence.ledger.sharpe_histogram;
    expect(f.bins).toBe(h.counts.length);
    expect(f.bars.length).toBe(h.counts.length);
    expect(f.bars.map((b: Obj) => b.value)).toEqual(h.counts);
    expect(f.bars.map((b: Obj) => b.text)).toEqual(h.counts.map(String));
    expect(h.counts.reduce((a: number, n: number) => a + n, 0)).toBe(strategies.length);
    for (const b of f.bars) {
      expect(b.x).toBeGreaterThanOrEqual(f.edgesPx[b.bin] - 8);
      expect(b.x).toBeLessThanOrEqual(f.edgesPx[b.bin + 1]);
    }
  });

  it("marks the reported Sharpe inside the bin that holds it, with its value as the label", () => {
    const edges: number[] = verdict.evidence.ledger.sharpe_histogram.edges;
    const bin = edges.findIndex((e, i) => i < edges.length - 1 && e <= reported && reported < edges[i + 1]!);
    expect(bin).toBeGreaterThanOrEqual(0);
    expect(f.marker.value).toBe(reported);
    expect(f.marker.label).toBe(`reported ${plain(reported)}`);
    expect(f.marker.x).toBeGreaterThanOrEqual(f.edgesPx[bin]);
    expect(f.marker.x).toBeLessThanOrEqual(f.edgesPx[bin + 1]);
    expect(f.marker.red).toBeGreaterThan(10);
  });

  it("states the count the verdict used, declared against recorded", () => {
    expect(verdict.evidence.n_trials).toBe(strategies.length);
    expect(f.caption).toBe(
      `The verdict used ${strategies.length} trials (the effective count, above the declared): ${DECLARED} ` +
        `declared, ${strategies.length} recorded by the research ledger 'momentum' since ` +
        `${verdict.evidence.ledger.since}${effectiveWords(verdict.evidence)}.`,
    );
  });
});
