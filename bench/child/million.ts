// Child process of the 1,000,000-point case, so that peak RSS is this process's own.
// argv: <tool> <file holding the arguments as JSON text>. Prints one JSON line.
import { readFileSync } from "node:fs";
import { callToolUntyped } from "../../src/runtime/index.js";

function vmHwmKb(): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

const [tool, file] = process.argv.slice(2);
if (!tool || !file) throw new Error("usage: million.ts <tool> <args.json>");
const text = readFileSync(file, "utf8");
const baselineRssKb = Math.round(process.memoryUsage().rss / 1024);
const baselineMaxRssKb = process.resourceUsage().maxRSS;
const t0 = performance.now();
const args = JSON.parse(text) as Record<string, unknown>;
const t1 = performance.now();
const result = await callToolUntyped(tool, args);
const t2 = performance.now();
process.stdout.write(
  `${JSON.stringify({
    tool,
    text_chars: text.length,
    total_ms: t2 - t0,
    parse_ms: t1 - t0,
    call_ms: t2 - t1,
    max_rss_kb: process.resourceUsage().maxRSS,
    vm_hwm_kb: vmHwmKb(),
    baseline_rss_kb: baselineRssKb,
    baseline_max_rss_kb: baselineMaxRssKb,
    status: result.status,
    elapsed_s: result.elapsed_s,
  })}\n`,
);
