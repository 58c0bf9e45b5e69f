/// <reference lib="dom" />
// Browser entry: draws the report from the data embedded in the page.
import { renderReport } from "./render.js";

const root = document.getElementById("report");
const embedded = document.getElementById("report-data");
if (root && embedded?.textContent) renderReport(root, JSON.parse(embedded.textContent));
