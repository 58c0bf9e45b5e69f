// A 1,000,000-point series end to end through callToolUntyped (JSON.parse of the argument
// text, validate, decode, guard), each run in a fresh child process for its own peak RSS.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Row } from "../report.js";
import { ROOT } from "../lib/paths.js";
import { spread } from "../lib/stats.js";

const N = 1_000_000;
const RUNS = 3;
const TARGET_MS = 1500;
const TARGET_MB = 600;

interface ChildReport {
  tool: string;
  text_chars: number;
  total_ms: number;
  parse_ms: number;
  call_ms: number;
  max_rss_kb: number;
  vm_hwm_kb: number | null;
  baseline_rss_kb: number;
  baseline_max_rss_kb: number;
  status: string;
}

/** Seeded returns rounded to 3 decimals, so 1e6 of them fit under MAX_ARGUMENT_BYTES (8e6). */
export function returns(n: number): number[] {
  let s = 12345;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    s = (s * 16807) % 2147483647;
    out[i] = Math.round((s / 2147483647 - 0.5) * 40 + 0.4) / 1000; // about -0.02..0.02, mean 0.0004
  }
  return out;
}

function runChild(tool: string, file: string): ChildReport {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "bench/child/million.ts"), tool, file],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split("\n").pop()!) as ChildReport;
}

export async function million(): Promise<{ rows: Row[]; raw: ChildReport[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fin-skills-bench-"));
  const raw: ChildReport[] = [];
  const rows: Row[] = [];
  try {
    const values = returns(N);
    const cases: [string, object][] = [
      ["check_cost_curve", { returns: values, turnover: 0.5 }],
      ["check_rf_convention", { returns: values, rf: 0.05 }],
    ];
    for (const [tool, args] of cases) {
      const file = path.join(dir, `${tool}.json`);
      writeFileSync(file, JSON.stringify(args));
      const reports = Array.from({ length: RUNS }, () => runChild(tool, file));
      raw.push(...reports);
      const t = spread(reports.map((r) => r.total_ms));
      const m = spread(reports.map((r) => r.max_rss_kb / 1024));
      const last = reports[reports.length - 1]!;
      const parse = spread(reports.map((r) => r.parse_ms)).median;
      const call = spread(reports.map((r) => r.call_ms)).median;
      rows.push(
        {
          case: "4 one million",
          label: `${tool}, 1e6 returns: JSON.parse + callToolUntyped`,
          unit: "ms",
          value: t.median,
          spread: t,
          target: TARGET_MS,
          note:
            `${(last.text_chars / 1e6).toFixed(2)} M chars of argument text; JSON.parse ${parse.toFixed(0)} ms + ` +
            `callToolUntyped ${call.toFixed(0)} ms; status ${last.status}; each run a fresh child (node --import ` +
            "tsx)",
        },
        {
          case: "4 one million",
          label: `${tool}, 1e6 returns: child peak RSS (maxRSS)`,
          unit: "MB",
          value: m.median,
          spread: m,
          target: TARGET_MB,
          note:
            `child RSS before JSON.parse ${(last.baseline_rss_kb / 1024).toFixed(0)} MB (modules + the text); ` +
            `VmHWM ${last.vm_hwm_kb === null ? "n/a" : `${(last.vm_hwm_kb / 1024).toFixed(0)} MB`}`,
        },
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, raw };
}
