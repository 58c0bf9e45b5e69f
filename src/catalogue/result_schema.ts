// The shared guard-result output schema (docs/contract.md §4.3), inline and closed.
import type { Schema } from "./json.js";

const str = { type: "string" };
const int = { type: "integer" };

/**
 * One file-backed input: {field, file, content_hash ("sha256:<hex>"), bytes, format, rows, columns,
 * index}. Kept as a plain object here: spelled out, it nests past the generated validators' line
 * limit inside check_backtest's results; the runtime builds it from one interface (FileProvenance).
 */
const FILE_PROVENANCE: Schema = { type: "object" };

/**
 * The research ledger a guard call used: {name, backend, location, experiment, trials (this call's),
 * recorded (new ones), and, when the guard read it, count, digest (the trial set's two-level SHA-256, see
 * src/ledger/digest.ts) and since}. A plain object for the same reason as FILE_PROVENANCE; the runtime builds it
 * from one interface.
 */
const LEDGER_PROVENANCE: Schema = { type: "object" };

export const PROVENANCE_SCHEMA: Schema = {
  type: "object",
  properties: {
    input_sha256: str,
    tools_sha256: str,
    version: str,
    files: { type: "array", items: FILE_PROVENANCE },
    ledger: LEDGER_PROVENANCE,
  },
  required: ["input_sha256", "tools_sha256", "version"],
  additionalProperties: false,
};

export const FINDING_SCHEMA: Schema = {
  type: "object",
  properties: {
    severity: { type: "string", enum: ["error", "warning", "info"] },
    message: str,
    where: { type: ["string", "null"] },
  },
  required: ["severity", "message", "where"],
  additionalProperties: false,
};

export const GUARD_RESULT_SCHEMA: Schema = {
  type: "object",
  properties: {
    tool: str,
    guard: str,
    skill: str,
    status: { type: "string", enum: ["pass", "fail"] },
    passed: { type: "boolean" },
    findings: { type: "array", items: FINDING_SCHEMA },
    n_errors: int,
    n_warnings: int,
    evidence: { type: "object" },
    elapsed_s: { type: "number", minimum: 0 },
    summary: str,
    provenance: PROVENANCE_SCHEMA,
  },
  required: [
    "tool",
    "guard",
    "skill",
    "status",
    "passed",
    "findings",
    "n_errors",
    "n_warnings",
    "evidence",
    "elapsed_s",
    "summary",
    "provenance",
  ],
  additionalProperties: false,
};

/**
 * A catalogue result schema: `tool` first, the tool's own keys, then `elapsed_s` and
 * `provenance`. describe_guard redefines `tool` as the described guard's tool (or null).
 */
export function catalogueResult(properties: Schema, required: readonly string[]): Schema {
  return {
    type: "object",
    properties: { tool: str, ...properties, elapsed_s: { type: "number", minimum: 0 }, provenance: PROVENANCE_SCHEMA },
    required: [...new Set(["tool", ...required, "elapsed_s", "provenance"])],
    additionalProperties: false,
  };
}
