// Runs every rule over two tables: the findings in stable order, their counts and the semver bump.
import { countBySeverity, type Finding, nextVersion, type Severity, suggestedBump, type Bump } from "./finding.js";
import { diffContext } from "./rule.js";
import { RULES } from "./rules/index.js";
import type { ToolTable } from "./table.js";

export interface SchemaDiff {
  /** What the old table is (a git ref), for the report's title. */
  readonly base: string;
  readonly findings: readonly Finding[];
  readonly counts: Record<Severity, number>;
  readonly bump: Bump;
  readonly version: string;
  readonly nextVersion: string;
}

const SEVERITY_ORDER: Record<Severity, number> = { breaking: 0, warning: 1, info: 2 };

export function diffTables(old: ToolTable, neu: ToolTable, base: string): SchemaDiff {
  const ctx = diffContext(old, neu);
  const findings = RULES.flatMap((r) => r.check(ctx)).sort(
    (a, b) =>
      (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0) || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity],
  );
  const bump = suggestedBump(findings);
  return {
    base,
    findings,
    counts: countBySeverity(findings),
    bump,
    version: old.version,
    nextVersion: nextVersion(old.version, bump),
  };
}

/** Whether the diff has a finding at `level` or above. */
export function reaches(diff: SchemaDiff, level: "breaking" | "warning"): boolean {
  return diff.counts.breaking > 0 || (level === "warning" && diff.counts.warning > 0);
}
