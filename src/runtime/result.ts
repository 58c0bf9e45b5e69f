// Guard results (docs/contract.md §4.3): verdict, findings, evidence, summary and provenance.
import type { Finding, GuardOutcome } from "../contract/guard.js";
import { asciiOnly, encodeEvidence } from "./codec/index.js";
import type { FileProvenance } from "./files/index.js";
import type { LedgerProvenance } from "./ledger_call.js";

export interface Provenance {
  readonly input_sha256: string;
  readonly tools_sha256: string;
  readonly version: string;
  /** One record per file-backed input: the file's content_hash (SHA-256), size, rows and columns used. */
  readonly files?: readonly FileProvenance[];
  /** The research ledger the call recorded its trials in and read its count from. */
  readonly ledger?: LedgerProvenance;
}

export interface WireFinding {
  readonly severity: Finding["severity"];
  readonly message: string;
  readonly where: string | null;
}

export interface ToolGuardResult {
  readonly tool: string;
  readonly guard: string;
  readonly skill: string;
  readonly status: "pass" | "fail";
  readonly passed: boolean;
  readonly findings: readonly WireFinding[];
  readonly n_errors: number;
  readonly n_warnings: number;
  readonly evidence: Record<string, unknown>;
  readonly elapsed_s: number;
  readonly summary: string;
  readonly provenance: Provenance;
}

/** Seconds since `t0` (from performance.now), rounded to 4 decimals, never negative. */
export function elapsedSince(t0: number): number {
  return Math.max(0, Math.round((performance.now() - t0) * 10) / 10000);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** `<PASS|FAIL> <guard> [<skill>]: <e> error(s), <w> warning(s)` then one line per finding. */
export function summarize(
  guard: string,
  skill: string,
  findings: readonly WireFinding[],
  nErrors: number,
  nWarnings: number,
): string {
  const head =
    `${nErrors === 0 ? "PASS" : "FAIL"} ${guard} [${skill}]: ${plural(nErrors, "error")}, ` +
    `${plural(nWarnings, "warning")}`;
  const lines = findings.map((f) => `  ${f.severity}: ${f.message}${f.where !== null ? ` (where: ${f.where})` : ""}`);
  return [head, ...lines].join("\n");
}

/** A finding's message on the wire is at most this many characters (a backstop; guards bound their lists). */
export const MAX_MESSAGE_CHARS = 4000;

/** `text`, or its first MAX_MESSAGE_CHARS characters and how many were cut. */
function boundedMessage(text: string): string {
  if (text.length <= MAX_MESSAGE_CHARS) return text;
  return `${text.slice(0, MAX_MESSAGE_CHARS)} ... (${text.length - MAX_MESSAGE_CHARS} more characters cut)`;
}

function wireFinding(f: Finding): WireFinding {
  return {
    severity: f.severity,
    message: boundedMessage(asciiOnly(String(f.message))),
    where: f.where === null || f.where === undefined ? null : asciiOnly(String(f.where)),
  };
}

/** Builds the wire result of one guard call from its outcome. */
export function guardResult(
  tool: string,
  guard: string,
  skill: string,
  outcome: GuardOutcome,
  elapsed: number,
  provenance: Provenance,
): ToolGuardResult {
  const findings = outcome.findings.map(wireFinding);
  const nErrors = findings.filter((f) => f.severity === "error").length;
  const nWarnings = findings.filter((f) => f.severity === "warning").length;
  const evidence = encodeEvidence(outcome.evidence) as Record<string, unknown>;
  return {
    tool,
    guard,
    skill,
    status: nErrors === 0 ? "pass" : "fail",
    passed: nErrors === 0,
    findings,
    n_errors: nErrors,
    n_warnings: nWarnings,
    evidence: evidence && typeof evidence === "object" && !Array.isArray(evidence) ? evidence : {},
    elapsed_s: elapsed,
    summary: summarize(guard, skill, findings, nErrors, nWarnings),
    provenance,
  };
}
