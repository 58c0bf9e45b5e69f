// The runtime's public API (docs/contract.md §4.1). No transport here.
import type { ToolArgs, ToolName, ToolResults } from "../../generated/types.js";
import type { GuardResult } from "../contract/guard.js";
import { callToolUntyped, invokeGuard, poolLoaded, type CallOptions } from "./call.js";
import { loadGuards, loadTable, type ToolEntry } from "./table.js";
import { BadInputError } from "../contract/guard.js";
import { clipName } from "./errors.js";
import { currentLimits } from "./budget/limits.js";
import { closeHashThreadIfStarted } from "./input_hash.js";

export { callToolUntyped, type CallOptions } from "./call.js";
export { inlineFileReferences } from "./inline_references.js";
export { BadInputError, InternalToolError, ToolError, internalError } from "./errors.js";
export type { ToolErrorWire } from "../contract/guard.js";
export { exportTools, FORMATS, selectTools, type ExportOptions, type Format } from "./exports.js";
export { ALWAYS_LOADED, DEFERRABLE_FORMATS } from "./deferred.js";
export {
  MAX_ARGUMENT_BYTES,
  MAX_POINTS,
  MAX_EVIDENCE_ROWS,
  MAX_EVIDENCE_ITEMS,
  MAX_EVIDENCE_CHARS,
  MAX_SKILL_CHARS,
  encodeSeries,
  decodeSeries,
  encodeFrame,
  decodeFrame,
  encodeEvidence,
  closeMatches,
} from "./codec/index.js";
export { jcsSha256 as canonicalSha256 } from "./table.js";
export {
  configureLimits,
  currentLimits,
  resetLimits,
  formatUnits,
  DEFAULT_MEMORY_BUDGET,
  DEFAULT_TIME_LIMIT_MS,
  DEFAULT_WORK_BUDGET,
  type Limits,
} from "./budget/index.js";
export { DEFAULT_POOL_SIZE } from "./budget/limits.js";
export {
  configureLedger,
  closeLedger,
  ledgerSetting,
  DEFAULT_LEDGER_FILE,
  DEFAULT_LEDGER_NAME,
  type LedgerOptions,
} from "../ledger/config.js";
export type { LedgerSummary } from "../contract/guard.js";
/** Starts the configured pool's threads ahead of the first heavy call (no-op without a pool). */
export async function warmPool(): Promise<void> {
  const limits = currentLimits();
  if (limits.poolSize > 0) await (await import("./pool/pool.js")).warmPool(limits);
}

/** Stops the worker pool's threads, the hash thread and the ledger's inflate thread, if they were started. */
export async function closePool(): Promise<void> {
  if (poolLoaded()) await (await import("./pool/pool.js")).closePool();
  await closeHashThreadIfStarted();
  await (await import("../ledger/inflate_thread.js")).closeInflateThread();
}
export { LimitError } from "./errors.js";
export type { ToolArgs, ToolName, ToolResults } from "../../generated/types.js";
export type {
  Series,
  Frame,
  Finding,
  GuardResult,
  Integer,
  IsoDate,
  IsoDateTime,
  IsoTimestamp,
} from "../contract/guard.js";
export type { ToolEntry } from "./table.js";

import { canonicalText } from "./canonical.js";
/** RFC 8785 canonical JSON (the text provenance hashes). */
export function canonicalJson(x: unknown): string {
  return canonicalText(x);
}

/** The frozen neutral tool table, in served order. */
export function listTools(): readonly ToolEntry[] {
  return loadTable().tools;
}

/** The package version and the served table's hash. */
export function tableInfo(): { version: string; tools_sha256: string; counts: Readonly<Record<string, number>> } {
  const { manifest, version } = loadTable();
  return { version, tools_sha256: manifest.tools_sha256, counts: manifest.counts };
}

/** Typed call: arguments are checked against the generated types at compile time. */
export function callTool<N extends ToolName>(
  name: N,
  args: ToolArgs[N],
  options?: CallOptions,
): Promise<ToolResults[N]> {
  return callToolUntyped(name, args, options) as unknown as Promise<ToolResults[N]>;
}

/** In-process: calls any guard (excluded ones included) with live values and no codec. */
export async function runGuard(
  name: string,
  inputs: Record<string, unknown> = {},
  options?: CallOptions,
): Promise<GuardResult> {
  const g = loadGuards().find((x) => x.guard === name);
  if (!g) throw new BadInputError("unknown_tool", "", `no guard named '${clipName(name)}'`);
  const accepted = [...g.required, ...g.optional];
  const extra = Object.keys(inputs).filter((k) => !accepted.includes(k));
  if (extra.length)
    throw new BadInputError(
      "unexpected_argument",
      extra[0]!,
      `${name} got unexpected input(s) ${JSON.stringify(extra.map(clipName))}; accepted: ${JSON.stringify(accepted)}`,
    );
  const outcome = await invokeGuard(name, inputs, options);
  return {
    guard: g.guard,
    skill: g.skill,
    passed: !outcome.findings.some((f) => f.severity === "error"),
    findings: outcome.findings,
    evidence: outcome.evidence,
  };
}
