// What Linux says about a process: its CPU time so far (/proc/<pid>/stat) and its memory (/proc/<pid>/status).
import { readFileSync } from "node:fs";

/** User + system CPU the process used so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * 10;
}

/** A memory figure of the process in kB (/proc/<pid>/status): resident now, or its peak. */
export function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : Number.NaN;
}
