// A child process's resident memory from /proc (Linux): current (VmRSS) and peak (VmHWM), in kB.
import { readFileSync } from "node:fs";

export function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!m) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(m[1]);
}
