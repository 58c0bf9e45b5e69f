import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { StdioClient } from "./lib/mcp.js";
import { HEAVY_CASES } from "./cases/light_beside.js";
const which = process.env.CASE ?? "quoted";
const c = HEAVY_CASES.find((h) => h.label.includes(which))!;
const dir = mkdtempSync(path.join(os.tmpdir(), "prof-"));
const params = c.params(dir);
process.env.NODE_OPTIONS = "--cpu-prof --cpu-prof-dir=/tmp/prof --cpu-prof-interval=200";
const client = new StdioClient(["--data-dir", dir]);
await client.initialize();
for (let i = 0; i < 20; i++) await client.request("tools/call", { name: "list_guards", arguments: {} });
const t0 = performance.now();
const done = client.expect(9);
let over = false;
void done.then(() => (over = true));
client.sendText(JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params }));
const lat: [number, number][] = [];
while (!over) {
  const t = performance.now();
  await client.request("tools/call", { name: "list_guards", arguments: {} });
  lat.push([Math.round(t - t0), Math.round(performance.now() - t)]);
}
console.log("heavy ms", Math.round(performance.now() - t0));
console.log(lat.filter(([, d]) => d > 15).map(([a, d]) => `${a}:${d}`).join(" "));
const s = lat.map(([, d]) => d).sort((a, b) => a - b);
console.log("n", s.length, "p99", s[Math.floor(0.99 * (s.length - 1))], "max", s.at(-1));
await client.close();
