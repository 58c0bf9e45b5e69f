/// <reference lib="dom" />
// MCP App entry (the ui:// resource): the host sends the tool's arguments and result over the
// MCP Apps extension (postMessage); the page draws the same report as the HTML file from them.
import { App } from "@modelcontextprotocol/ext-apps/app-with-deps";
import { reportData } from "../data.js";
import { renderReport } from "./render.js";

type Obj = Record<string, unknown>;
const root = document.getElementById("report")!;
let args: Obj | undefined;

/** check_backtest takes {slots}; a guard tool takes its inputs directly. */
const bundleOf = (a: Obj | undefined): Obj | undefined =>
  a && typeof a.slots === "object" && a.slots !== null ? (a.slots as Obj) : a;

const app = new App({ name: "fin-skills report", version: "1" });
app.ontoolinput = (params) => {
  args = params.arguments as Obj | undefined;
};
app.ontoolresult = (result) => {
  const data = result.structuredContent as Obj | undefined;
  if (data) renderReport(root, reportData(data, bundleOf(args)));
  else root.textContent = "The tool returned no structured result to draw.";
};
void app.connect();
