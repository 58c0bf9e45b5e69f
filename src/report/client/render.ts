/// <reference lib="dom" />
// The report page from ReportData: verdict table, one figure per chart, notes, provenance footer.
// Text goes in through textContent only (results are data, never markup).
import type { ReportData } from "../types.js";
import { drawChart } from "./plots.js";

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, cls?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

/** The guard's name, with its skill on a line of its own in smaller type. */
function guardCell(guard: string, skill: string): HTMLElement {
  const td = el("td", guard, "guard");
  if (skill) td.append(el("span", `[${skill}]`, "skill"));
  return td;
}

function verdictTable(data: ReportData): HTMLElement {
  const table = el("table", undefined, "verdicts");
  table.id = "verdicts";
  const head = el("tr");
  for (const h of ["status", "guard", "first finding"]) head.append(el("th", h));
  table.append(head);
  for (const v of data.verdicts) {
    const tr = el("tr");
    tr.dataset.guard = v.guard;
    const more = v.more > 0 ? ` (+${v.more} more)` : "";
    tr.append(
      el("td", v.status, `status ${v.status.toLowerCase()}`),
      guardCell(v.guard, v.skill),
      el("td", v.finding ? `${v.severity}: ${v.finding}${more}` : "", v.severity),
    );
    table.append(tr);
  }
  return table;
}

function skipped(data: ReportData): HTMLElement {
  const d = el("details");
  d.id = "skipped";
  d.append(el("summary", `${data.skipped.length} guards skipped: the bundle lacks the inputs each needs`));
  const ul = el("ul");
  for (const s of data.skipped) ul.append(el("li", `${s.guard}: needs ${s.needs}`));
  d.append(ul);
  return d;
}

function footer(data: ReportData): HTMLElement {
  const f = el("footer");
  f.id = "provenance";
  f.append(el("h2", "Provenance"));
  const dl = el("dl");
  for (const [k, v] of data.provenance) {
    const dd = el("dd", v);
    dd.dataset.key = k;
    dl.append(el("dt", k), dd);
  }
  f.append(dl);
  return f;
}

/** Replaces `root`'s content with the report. */
export function renderReport(root: HTMLElement, data: ReportData): void {
  root.replaceChildren();
  const h1 = el("h1", `${data.title}: ${data.status}`, `status ${data.status.toLowerCase()}`);
  h1.id = "status";
  root.append(h1);
  if (data.headline !== null) {
    const coverage = el("p", data.headline, "coverage");
    coverage.id = "coverage";
    root.append(coverage);
  }
  root.append(el("h2", "Verdicts"), verdictTable(data));
  if (data.skipped.length) root.append(skipped(data));
  const charts = el("section");
  charts.id = "charts";
  if (data.charts.length) charts.append(el("h2", "Charts"));
  root.append(charts);
  for (const c of data.charts) drawChart(charts, c);
  if (data.notes.length) {
    const ul = el("ul");
    ul.id = "notes";
    for (const n of data.notes) ul.append(el("li", n));
    root.append(el("h2", "Notes"), ul);
  }
  root.append(footer(data));
}
