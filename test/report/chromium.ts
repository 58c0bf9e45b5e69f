// Debian's chromium driven by playwright-core (no browser download; the suite never installs it, see
// test/helpers/system_tool.ts), started with a fresh profile and the project's flags; every request and
// console error kept.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM as TOOL, hasTool } from "../helpers/system_tool.js";

export const CHROMIUM = TOOL.command;
/** True when chromium is installed: the browser suites run only then (describeWithTool says what to install). */
export const hasChromium = () => hasTool(TOOL);

export interface Browser {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every URL the page asked for, in order. */
  readonly requests: string[];
  /** Console errors and uncaught page errors. */
  readonly errors: string[];
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), "fin-skills-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 820, height: 900 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const requests: string[] = [];
  const errors: string[] = [];
  // Anything not served from the file itself is recorded and refused.
  await context.route("**/*", (route) =>
    route.request().url().startsWith("file:") ? route.continue() : route.abort("blockedbyclient"),
  );
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("request", (r) => requests.push(r.url()));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return {
    context,
    page,
    requests,
    errors,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens the report file `html` (at `width` px when given) and waits until every figure says it is drawn; its URL. */
export async function showReport(page: Page, html: string, width?: number): Promise<string> {
  if (width !== undefined) await page.setViewportSize({ width, height: 900 });
  const url = pathToFileURL(html).href;
  await page.goto(url);
  await page.waitForFunction(() =>
    [...document.querySelectorAll("figure")].every((f) => (f as HTMLElement).dataset.drawn === "true"),
  );
  return url;
}
