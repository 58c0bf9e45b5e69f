// The HTML report on every screen, in chromium: at phone, tablet and desktop widths nothing is wider
// than the window, every chart fits its card and redraws when the window is resized; a bundle whose
// returns come by file reference still gets its equity chart; marker labels sit in a key, not on the data.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hasChromium, openBrowser, showReport, type Browser } from "./chromium.js";
import { CHROMIUM, describeWithTool } from "../helpers/system_tool.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SAMPLE = JSON.parse(readFileSync(path.join(ROOT, "data", "sample-bundle.json"), "utf8"));
const WIDTHS = [390, 768, 1280] as const;
const dir = mkdtempSync(path.join(tmpdir(), "fin-skills-widths-"));
type Obj = Record<string, any>;

/** fin-skills check <bundle> --html <out>, from source; the report's path. */
function report(name: string, bundle: Obj): string {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(bundle));
  const html = path.join(dir, `${name}.html`);
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "src/cli/fin-skills.ts"), "check", file, "--html", html],
    { cwd: ROOT, encoding: "utf8", timeout: 120_000 },
  );
  expect(r.status, r.stderr).toBe(1); // the sample fails cost_curve and spa_test
  return html;
}

/** The sample with its returns and turnover in a CSV file beside the bundle, referenced by column. */
function byReference(): Obj {
  const { returns, turnover } = SAMPLE;
  const rows = returns.index.map((d: string, i: number) => `${d},${returns.values[i]},${turnover.values[i]}`);
  writeFileSync(path.join(dir, "paths.csv"), `date,ret,turn\n${rows.join("\n")}\n`);
  return {
    ...SAMPLE,
    returns: { file: "paths.csv", column: "ret", index: "date" },
    turnover: { file: "paths.csv", column: "turn", index: "date" },
  };
}

let browser: Browser;
beforeAll(async () => {
  if (!hasChromium()) return;
  browser = await openBrowser();
});
afterAll(async () => browser?.close());

async function open(html: string, width: number): Promise<void> {
  await showReport(browser.page, html, width);
}

/** Everything on the page that sticks out: the page itself, and any canvas, key or label past its figure. */
async function overflow(): Promise<string[]> {
  return browser.page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) out.push(`page ${root.scrollWidth} > window ${window.innerWidth}`);
    for (const fig of document.querySelectorAll<HTMLElement>("figure")) {
      const box = fig.getBoundingClientRect();
      for (const e of fig.querySelectorAll<HTMLElement>("canvas, .key, .bar-label")) {
        const r = e.getBoundingClientRect();
        if (r.right > box.right + 0.5 || r.left < box.left - 0.5)
          out.push(
            `${fig.dataset.chart} ${e.className || e.tagName}: ${r.left}-${r.right} outside ${box.left}-${box.right}`,
          );
      }
    }
    return out;
  });
}

const canvasWidths = () =>
  browser.page.$$eval("figure canvas", (cs) => cs.map((c) => Math.round(c.getBoundingClientRect().width)));

describeWithTool(CHROMIUM)("the HTML report at 390, 768 and 1280 px", () => {
  let sample: string;
  beforeAll(() => {
    sample = report("sample", SAMPLE);
  }, 180_000);

  for (const width of WIDTHS)
    it(`has no horizontal overflow at ${width} px`, async () => {
      await open(sample, width);
      expect(await overflow()).toEqual([]);
      for (const w of await canvasWidths()) expect(w).toBeLessThanOrEqual(width);
    });

  it("redraws its charts to the new width when the window narrows", async () => {
    await open(sample, 1280);
    const wide = await canvasWidths();
    await browser.page.setViewportSize({ width: 390, height: 900 });
    await browser.page.waitForFunction(
      (before) =>
        [...document.querySelectorAll("figure canvas")].every(
          (c, i) => c.getBoundingClientRect().width < (before as number[])[i]!,
        ),
      wide,
    );
    expect(await overflow()).toEqual([]);
  });

  it("draws drawdown in its own panel below equity, and marker labels in a key below each chart", async () => {
    await open(sample, 1280);
    const equity = await browser.page.$$eval('figure[data-chart="equity"] .plot', (ps) =>
      ps.map((p) => p.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })),
    );
    expect(equity).toHaveLength(2);
    expect(equity[1]!.top).toBeGreaterThanOrEqual(equity[0]!.bottom);
    const inPlot = await browser.page.$$eval(".plot [data-marker]", (ms) => ms.length);
    expect(inPlot).toBe(0);
    const keyed = await browser.page.$$eval(".key [data-marker]", (ms) =>
      ms.map((m) => (m as HTMLElement).dataset.marker),
    );
    expect(keyed).toEqual(expect.arrayContaining(["breakeven", "stated_cost", "alpha", "threshold"]));
  });

  it("labels the return axis with one number of decimals for every tick", async () => {
    await open(sample, 1280);
    const ticks = await browser.page.$eval('figure[data-chart="cost_curve"]', (f) =>
      JSON.parse((f as HTMLElement).dataset.ticks ?? "{}"),
    );
    const decimals = (ticks.ret as string[]).filter((t) => t !== "").map((t) => t.replace(/^-?\d+\.?|%$/g, "").length);
    expect(decimals.length).toBeGreaterThan(2);
    expect(new Set(decimals).size).toBe(1);
  });
});

describeWithTool(CHROMIUM)("a bundle whose returns come by file reference", () => {
  it("gets the same equity chart as the inline bundle", async () => {
    const html = report("by-reference", byReference());
    await open(html, 1280);
    const charts = await browser.page.$$eval("figure", (fs) => fs.map((f) => (f as HTMLElement).dataset.chart));
    expect(charts).toContain("equity");
    const notes = await browser.page.$$eval("#notes li", (ls) => ls.map((l) => l.textContent));
    expect(notes.filter((n) => n?.includes("not drawn"))).toEqual([]);
  }, 180_000);
});
