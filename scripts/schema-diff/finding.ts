// One change a diff reports, its severity, and the semver bump it calls for.
export const SEVERITIES = ["breaking", "warning", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];
export type Bump = "major" | "minor" | "patch" | "none";

export interface Finding {
  /** The rule that found it (a module under scripts/schema-diff/rules). */
  readonly rule: string;
  readonly severity: Severity;
  readonly tool: string;
  /** The input, or the output field path, the change is about; absent for tool-level changes. */
  readonly input?: string;
  readonly message: string;
  /** The bump this change alone calls for: breaking -> major; additions -> minor; wording -> patch. */
  readonly bump: Bump;
}

const ORDER: readonly Bump[] = ["none", "patch", "minor", "major"];

/** The largest bump among the findings. */
export function suggestedBump(findings: readonly Finding[]): Bump {
  return findings.reduce<Bump>((b, f) => (ORDER.indexOf(f.bump) > ORDER.indexOf(b) ? f.bump : b), "none");
}

/** The version after `bump` under plain semver (x.y.z). */
export function nextVersion(version: string, bump: Bump): string {
  const [major = 0, minor = 0, patch = 0] = version.split(/[.+-]/).map((p) => Number.parseInt(p, 10) || 0);
  if (bump === "major") return `${major + 1}.0.0`;
  if (bump === "minor") return `${major}.${minor + 1}.0`;
  if (bump === "patch") return `${major}.${minor}.${patch + 1}`;
  return version;
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  return Object.fromEntries(SEVERITIES.map((s) => [s, findings.filter((f) => f.severity === s).length])) as Record<
    Severity,
    number
  >;
}
