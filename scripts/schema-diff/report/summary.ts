// The one-line summary every format shares.
import type { SchemaDiff } from "../diff.js";

export function summaryLine(d: SchemaDiff): string {
  const c = d.counts;
  const bump = d.bump === "none" ? "no release needed" : `suggested bump: ${d.bump} (${d.version} -> ${d.nextVersion})`;
  return `${c.breaking} breaking, ${c.warning} warning, ${c.info} info against ${d.base}; ${bump}`;
}
