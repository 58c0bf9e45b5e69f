// callTool: the processing order of docs/contract.md §4.2, over the frozen table.
import type { GuardOutcome } from "../contract/guard.js";
import { BadInputError } from "../contract/guard.js";
import { GUARDS, type GuardEntry } from "../../generated/dispatch.js";
import { type CheckedLabels, closeMatches, decodeArgument, describeValue } from "./codec/index.js";
import { InternalToolError, clipName, internalError } from "./errors.js";
import { guardResult, elapsedSince, type Provenance, type ToolGuardResult } from "./result.js";
import { schemaError } from "./schema_errors.js";
import { shapeArguments } from "./shape.js";
import { validatorSkeleton } from "./validator_skeleton.js";
import type { CallProofs, ProvenRows } from "./codec/number_rows.js";
import { startInputHash } from "./input_hash.js";
import { loadGuards, loadTable, type GuardInfo, type ToolEntry } from "./table.js";
import { withRunContext, type ProgressEvent } from "../lib/progress.js";
import type { CallOptions } from "./call_options.js";
import { isCatalogueTool, runCatalogueTool } from "./catalogue/index.js";
import { requireNameCountOf } from "./catalogue/name_limits.js";
import { referenceSchema, resolveFileReferences, type FileAccess, type FileProvenance } from "./files/index.js";
import { checkBudget, checkCatalogueBudget, currentLimits, estimateCost, type Limits } from "./budget/index.js";
import { DEFAULT_POOL_SIZE } from "./budget/limits.js";
import { totalCells } from "./budget/measure.js";
import { timeLimit } from "./pool/limit_errors.js";
import {
  commitLedger,
  type LedgerUse,
  prepareLedger,
  readsLedger,
  takeLedgerChoice,
  usesLedger,
} from "./ledger_call.js";
import { checkTrialsPerCall } from "./ledger_caps.js";
import { Turns } from "./turns.js";
import { grouped } from "../lib/grouped.js";

export type { CallOptions } from "./call_options.js";

type Validator = { (data: unknown): boolean; errors?: import("ajv").ErrorObject[] | null };
let validators: Record<string, Validator> | null = null;

/** The precompiled validators, imported on the first call (listing tools does not need them). */
async function validatorsModule(): Promise<Record<string, Validator>> {
  validators ??= (await import("../../generated/validators.js")) as unknown as Record<string, Validator>;
  return validators;
}

/** Looks a tool up by name, or throws the unknown-tool / not-a-tool error. */
export function resolveTool(name: unknown): ToolEntry {
  if (typeof name !== "string" || name === "")
    throw new BadInputError("unknown_tool", "", "name must be a tool name; listTools() lists them");
  const { tools } = loadTable();
  const tool = tools.find((t) => t.name === name);
  if (tool) return tool;
  const excluded = loadGuards().find((g) => `check_${g.guard}` === name && g.tool === null);
  if (excluded) throw new BadInputError("not_a_tool", "", `${name} is not a tool: ${excluded.excluded_because}`);
  const names = tools.map((t) => t.name);
  const guesses = closeMatches(name, names, 3, 0.4);
  const dym = guesses.length ? ` - did you mean ${JSON.stringify(guesses)}?` : "";
  throw new BadInputError(
    "unknown_tool",
    "",
    `no tool named '${clipName(name)}'${dym}; ${names.length} tools are available`,
    guesses.length ? `did you mean ${JSON.stringify(guesses)}?` : null,
  );
}

function requireObject(args: unknown): Record<string, unknown> {
  const a = args === undefined ? {} : args;
  if (a === null || typeof a !== "object" || Array.isArray(a))
    throw new BadInputError("not_an_object", "", `arguments must be a JSON object, got ${describeValue(a)}`);
  return a as Record<string, unknown>;
}

function checkNames(tool: ToolEntry, guard: GuardInfo | undefined, args: Record<string, unknown>): void {
  const props = Object.keys(tool.input_schema.properties as object);
  const required = tool.input_schema.required as string[];
  const extra = Object.keys(args).filter((k) => !props.includes(k));
  if (extra.length) {
    const omitted = extra.find((k) => guard?.omitted && Object.hasOwn(guard.omitted, k));
    const note = omitted ? ` (${omitted} cannot cross a JSON boundary - call the guard in-process)` : "";
    const guess = closeMatches(extra[0]!, props, 1, 0.75)[0];
    const dym = guess ? ` - did you mean '${guess}' for '${clipName(extra[0]!)}'?` : "";
    const shown = extra.slice(0, 10).map(clipName);
    const more = extra.length > 10 ? ` ... and ${grouped(extra.length - 10)} more` : "";
    throw new BadInputError(
      "unexpected_argument",
      extra[0]!,
      `${tool.name} got unexpected argument(s) ${JSON.stringify(shown)}${more}${dym}${note}; accepted: ` +
        `${JSON.stringify(props)}`,
      guess ? `did you mean '${guess}' for '${clipName(extra[0]!)}'?` : null,
    );
  }
  const optional = props.filter((p) => !required.includes(p));
  const missing = required.filter((k) => !Object.hasOwn(args, k));
  for (const group of guard?.alternatives ?? []) {
    const met = group.some((alt) => (typeof alt === "string" ? [alt] : alt).every((n) => Object.hasOwn(args, n)));
    if (!met) missing.push(guard!.requires[guard!.required.length + guard!.alternatives.indexOf(group)]!);
  }
  if (missing.length) {
    throw new BadInputError(
      "missing_argument",
      missing[0]!.split(" ")[0]!,
      `${tool.name} is missing required input(s) ${JSON.stringify(missing)}; required: ` +
        `${JSON.stringify(required)}; optional: ${JSON.stringify(optional)}`,
    );
  }
}

/**
 * Steps 5-7: one shaping pass, the name check, the validator over the shaped JSON, then each
 * input decoded in parameter order (a decoding error of an earlier input wins over the
 * validator's error in a later one). Decoder and validator word a mismatch alike (codec/mismatch.ts).
 * `proven`: matrices of finite numbers the call's JSON check proved; neither validator nor decoder walks them again.
 */
export async function prepareArguments(
  tool: ToolEntry,
  guard: GuardInfo | undefined,
  args: Record<string, unknown>,
  checked: CheckedLabels = new WeakSet(),
  turns?: Turns,
  proven: ProvenRows = new WeakMap(),
): Promise<Record<string, unknown>> {
  const schema = tool.input_schema as Record<string, unknown>;
  const shaped = shapeArguments(args, schema);
  checkNames(tool, guard, shaped);
  const validate = (await validatorsModule())[`in_${tool.name}`]!;
  await turns?.boundary();
  const valid = validate(validatorSkeleton(shaped, schema, proven));
  const schemaFailure = valid ? null : schemaError(validate.errors ?? [], schema, shaped);
  const failingInput = schemaFailure?.field.split("/")[0];
  const props = schema.properties as Record<string, object>;
  const defs = (schema.$defs ?? {}) as Record<string, unknown>;
  const decoded: Record<string, unknown> = {};
  for (const name of Object.keys(props)) {
    await turns?.boundary();
    if (Object.hasOwn(shaped, name))
      decoded[name] = decodeArgument(shaped[name], props[name]!, name, defs, checked, proven);
    if (schemaFailure && failingInput === name) throw schemaFailure;
  }
  if (schemaFailure) throw schemaFailure;
  return decoded;
}

/** Forwards progress when it advances, at most every 250 ms, always the final step. */
export function throttledProgress(
  sink: ((p: ProgressEvent) => void) | undefined,
): ((p: ProgressEvent) => void) | undefined {
  if (!sink) return undefined;
  let last = -Infinity;
  let lastAt = -Infinity;
  return (p) => {
    const final = p.total !== undefined && p.progress >= p.total;
    const now = performance.now();
    if (p.progress <= last || (!final && now - lastAt < 250)) return;
    last = p.progress;
    lastAt = now;
    sink(p);
  };
}

type GuardModule = Awaited<ReturnType<GuardEntry["load"]>>;
const loaded = new Map<string, GuardModule>();

/** The guard's module, imported once (a repeated import() still costs a loader round trip). */
async function guardModule(guard: string, entry: GuardEntry): Promise<GuardModule> {
  let mod = loaded.get(guard);
  if (!mod) {
    mod = await entry.load();
    loaded.set(guard, mod);
  }
  return mod;
}

/** Forgets loaded guard modules (tests that substitute a fixture guard use this). */
export function forgetLoadedGuards(): void {
  loaded.clear();
}

/**
 * Runs a guard's check() with positional arguments; foreign exceptions become internal errors. `owned`: the
 * runtime decoded the inputs, so a pooled call moves their typed arrays' buffers to the worker (detached here).
 */
export async function invokeGuard(
  guard: string,
  inputs: Record<string, unknown>,
  options: CallOptions = {},
  owned = false,
): Promise<GuardOutcome> {
  const entry = GUARDS[guard];
  if (!entry) throw new BadInputError("unknown_tool", "", `no guard named '${clipName(guard)}'`);
  const positional = entry.params.map((p) => inputs[p]);
  const signal = options.signal;
  if (signal?.aborted) throw signal.reason ?? new DOMException("This operation was aborted", "AbortError");
  const limits = currentLimits();
  checkBudget(guard, inputs, options.workBudget ?? limits.workBudget, options.memoryBudget ?? limits.memoryBudget);
  const ms = options.timeLimitMs ?? limits.timeLimitMs;
  const pool = poolSizeFor(guard, inputs, options, limits);
  if (pool > 0)
    return (await poolModule()).runPooled(
      guard,
      inputs,
      { ...limits, poolSize: pool },
      { signal, onProgress: options.onProgress, timeLimitMs: ms, owned },
    );
  // Inline, the time limit stops a guard at its next WorkMeter check (async ones also by the timer).
  const limit = ms > 0 ? callTimer(ms) : undefined;
  const timeout = limit?.signal;
  const runSignal = timeout && signal ? AbortSignal.any([signal, timeout]) : (timeout ?? signal);
  const deadline = ms > 0 ? performance.now() + ms : undefined;
  try {
    const { check } = await guardModule(guard, entry);
    const ctx = { signal: runSignal, onProgress: throttledProgress(options.onProgress), deadline };
    return (await withRunContext(ctx, () => (check as (...a: unknown[]) => unknown)(...positional))) as GuardOutcome;
  } catch (e) {
    if (e instanceof BadInputError) throw e;
    if (signal?.aborted && (e === signal.reason || (e instanceof DOMException && e.name === "AbortError"))) throw e;
    if (timeout?.aborted || (e instanceof DOMException && e.name === "TimeoutError")) throw timeLimit(guard, ms);
    throw internalError(guard, e);
  } finally {
    limit?.clear();
  }
}

/**
 * A signal that aborts with a TimeoutError after `ms`, and its clear(): unlike AbortSignal.timeout, the timer
 * goes when the call ends (a pending timer per finished call kept thousands of timers alive in a busy process).
 */
function callTimer(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const reason = () => new DOMException("The operation was aborted due to timeout", "TimeoutError");
  const timer = setTimeout(() => controller.abort(reason()), ms);
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

let poolImport: Promise<typeof import("./pool/pool.js")> | null = null;
/** The pool module, imported on the first pooled call (tinypool is not loaded before). */
function poolModule(): Promise<typeof import("./pool/pool.js")> {
  poolImport ??= import("./pool/pool.js");
  return poolImport;
}
/** True once a pooled call has loaded the pool. */
export function poolLoaded(): boolean {
  return poolImport !== null;
}

/**
 * Calls estimated at this many work units or more run in the pool when their work is more than a few passes
 * over the values sent (POOL_MIN_UNITS_PER_VALUE); smaller ones stay inline (a thread hop costs more than they
 * do). A unit of guard work measured 60-150 ms per 1e6 (median) across the guards on a 2-core machine at load 10
 * (`npm run bench -- unit_cost`), so a call priced here is about 30 ms of guard work.
 */
export const POOL_MIN_UNITS = 200_000;
/**
 * Units per value sent below which a call under ALWAYS_POOL_UNITS stays inline: sending its inputs to a worker
 * (packing them, cloning its labels) is itself a pass over the values on this thread, and a 650,000-value
 * linear call measured a worse light-call p99 pooled than inline.
 */
export const POOL_MIN_UNITS_PER_VALUE = 4;
/** Calls estimated at this many units or more always run in the pool. */
export const ALWAYS_POOL_UNITS = 1e6;

/** The pool size to run this call on, or 0 to run it inline. Live functions cannot cross threads. */
function poolSizeFor(guard: string, inputs: Record<string, unknown>, options: CallOptions, limits: Limits): number {
  const mode = options.mode ?? (limits.poolSize > 0 ? "pooled" : "inline");
  if (mode === "inline") return 0;
  const live = (v: unknown) => typeof v === "function";
  if (
    Object.values(inputs).some((v) => live(v) || (v !== null && typeof v === "object" && Object.values(v).some(live)))
  )
    return 0;
  // The ledger's summary is not priced here: the guard's work on it is one pass over its Sharpes, and sending
  // 250,000 of them to a worker cost more than that pass (docs/ledger.md, "Caps and scale").
  const ledgerInput = GUARDS[guard]?.ledger;
  const priced = ledgerInput ? { ...inputs, [ledgerInput]: undefined } : inputs;
  const units = estimateCost(guard, priced)?.units ?? 0;
  if (units < POOL_MIN_UNITS) return 0;
  if (units < ALWAYS_POOL_UNITS && units < POOL_MIN_UNITS_PER_VALUE * totalCells(priced)) return 0;
  return limits.poolSize > 0 ? limits.poolSize : DEFAULT_POOL_SIZE;
}

export function provenance(inputSha256: string, files: readonly FileProvenance[] = []): Provenance {
  const { manifest, version } = loadTable();
  const out = { input_sha256: inputSha256, tools_sha256: manifest.tools_sha256, version };
  return files.length ? { ...out, files } : out;
}

/** Checks a result against its tool's output schema (§4.6). */
export async function checkOutput<T>(tool: ToolEntry, who: string, result: T): Promise<T> {
  const validate = (await validatorsModule())[`out_${tool.name}`]!;
  if (!validate(result)) {
    const e = validate.errors?.[0];
    throw new InternalToolError(
      `internal error in ${who}: result does not match the output schema at ` +
        `${e?.instancePath.slice(1) || "(root)"}: ${e?.message ?? "invalid"}`,
    );
  }
  return result;
}

async function callGuardTool(
  tool: ToolEntry,
  args: Record<string, unknown>,
  { provenanceOf, filesRead, checked, turns, proven }: Opened,
  t0: number,
  options: CallOptions,
): Promise<ToolGuardResult> {
  const guard = loadGuards().find((g) => g.guard === tool.guard)!;
  // openCall priced the arguments as sent; data read from files is priced here, before it is decoded.
  if (filesRead > 0)
    checkBudget(guard.guard, args, options.workBudget ?? currentLimits().workBudget, Number.POSITIVE_INFINITY);
  await turns.boundary();
  const inputs = await prepareArguments(tool, guard, args, checked, turns, proven);
  await turns.boundary();
  const { ledger, ran } = await runWithLedger(tool.name, guard.guard, inputs, options, turns);
  const outcome = ledger.findings.length ? { ...ran, findings: [...ran.findings, ...ledger.findings] } : ran;
  const prov = await provenanceOf();
  try {
    const withLedger = ledger.provenance ? { ...prov, ledger: ledger.provenance } : prov;
    const result = guardResult(tool.name, guard.guard, guard.skill, outcome, elapsedSince(t0), withLedger);
    return await checkOutput(tool, guard.guard, result);
  } catch (e) {
    if (e instanceof InternalToolError) throw e;
    throw internalError(guard.guard, e);
  }
}

/**
 * The guard's outcome and the ledger's use. The call's trials are fingerprinted (and, for a guard that reads
 * the ledger, its summary read) before the guard answers, a pooled guard that does not read the ledger
 * running on its thread meanwhile; they are recorded once it answered and before the call replies. A
 * guard that refuses its input or fails records nothing: only what a guard evaluated is a trial.
 */
async function runWithLedger(
  tool: string,
  guard: string,
  inputs: Record<string, unknown>,
  options: CallOptions,
  turns: Turns,
): Promise<{ ledger: LedgerUse; ran: GuardOutcome }> {
  const chosen = takeLedgerChoice(inputs, options);
  // Nothing to record or read (the library's default): the guard runs, priced once, in invokeGuard.
  if (!usesLedger(guard))
    return { ledger: { findings: [], provenance: null }, ran: await invokeGuard(guard, inputs, options, true) };
  checkTrialsPerCall(guard, inputs);
  // Decoded from the arguments, the inputs are the runtime's own (arrays, never typed arrays): a pooled
  // call copies them for its worker, and moves only the copies' buffers, so the ledger can still read them.
  if (readsLedger(guard) || poolSizeFor(guard, inputs, options, currentLimits()) === 0) {
    const prepared = await prepareLedger(tool, guard, inputs, chosen, () => turns.boundary());
    await turns.boundary();
    const ran = await invokeGuard(guard, inputs, options, true);
    return { ledger: await commitLedger(prepared, ran), ran };
  }
  const running = invokeGuard(guard, inputs, options, true);
  running.catch(() => undefined); // awaited below, after the trials are fingerprinted
  await new Promise<void>((resolve) => setImmediate(resolve)); // a pooled guard is on its thread by now
  const prepared = await prepareLedger(tool, guard, inputs, chosen, () => turns.boundary());
  const ran = await running;
  return { ledger: await commitLedger(prepared, ran), ran };
}

async function callCatalogueTool(
  tool: ToolEntry,
  args: Record<string, unknown>,
  { provenanceOf, checked, proven }: Opened,
  t0: number,
  options: CallOptions,
): Promise<Record<string, unknown>> {
  const name = tool.name;
  if (!isCatalogueTool(name))
    throw new InternalToolError(`internal error in ${name}: Error: no catalogue implementation for this tool`);
  const inputs = await prepareArguments(tool, undefined, args, checked, undefined, proven);
  // The time limit covers the catalogue tool's own work (check_backtest's guards each get their own).
  const ms = options.timeLimitMs ?? currentLimits().timeLimitMs;
  const deadline = ms > 0 && name !== "check_backtest" ? performance.now() + ms : undefined;
  const ctx = { signal: options.signal, onProgress: throttledProgress(options.onProgress), deadline };
  let body: Record<string, unknown>;
  try {
    body = await withRunContext(ctx, () =>
      runCatalogueTool(name, inputs, { options, callGuard: callGuardToolUntyped }),
    );
  } catch (e) {
    if (e instanceof BadInputError || e instanceof InternalToolError) throw e;
    if (options.signal?.aborted) throw e;
    if (e instanceof DOMException && e.name === "TimeoutError") throw timeLimit(name, ms, name);
    throw internalError(tool.name, e);
  }
  const result = {
    tool: "tool" in body ? body.tool : tool.name,
    ...body,
    elapsed_s: elapsedSince(t0),
    provenance: await provenanceOf(),
  };
  return checkOutput(tool, tool.name, result);
}

/**
 * What openCall hands on: the provenance, awaited once the work is done, how many files it read, and
 * the index label lists the file readers wrote themselves (known good, not checked again).
 */
interface Opened {
  readonly provenanceOf: () => Promise<Provenance>;
  readonly filesRead: number;
  readonly checked: CheckedLabels;
  /** The call's turns on the main thread (yields between phases once it has run a slice). */
  readonly turns: Turns;
  /** Matrices of finite numbers proven by the JSON check (codec/number_rows.ts). */
  readonly proven: CallProofs;
  /** The call is over: the proofs' shared cells go back for reuse once the hash thread no longer reads them. */
  readonly done: () => void;
}

/** The call's file references read under its time limit (the readers check it between blocks). */
async function readFiles(tool: ToolEntry, obj: Record<string, unknown>, access: FileAccess, options: CallOptions) {
  const ms = options.timeLimitMs ?? currentLimits().timeLimitMs;
  const deadline = ms > 0 ? performance.now() + ms : undefined;
  try {
    return await withRunContext({ signal: options.signal, deadline }, () =>
      resolveFileReferences(obj, referenceSchema(tool), access),
    );
  } catch (e) {
    if (e instanceof DOMException && e.name === "TimeoutError") throw timeLimit(tool.name, ms, tool.name);
    throw e;
  }
}

/**
 * Steps 1-4 of every call: resolve the tool, check and size the arguments and start their hash, read
 * file references. The provenance (with the hash) is awaited once the work is done.
 */
async function openCall(name: string, args: unknown, options: CallOptions) {
  const t0 = performance.now();
  const turns = new Turns();
  const tool = resolveTool(name);
  const obj = requireObject(args);
  // Priced first, on the raw arguments: an over-budget call is refused before its text is serialised,
  // hashed or decoded (file references are priced again once read, in callGuardTool).
  const budget = options.workBudget ?? currentLimits().workBudget;
  if (tool.guard) checkBudget(tool.guard, obj, budget, Infinity);
  else if (isCatalogueTool(tool.name)) {
    checkCatalogueBudget(tool.name, obj, budget);
    requireNameCountOf(tool.name, obj);
  }
  await turns.boundary();
  const { hash, rows: proven } = await startInputHash(obj);
  await turns.boundary();
  const access = { dirs: options.dataDirs, off: options.filesOff };
  const { args: resolved, files, checked } = await readFiles(tool, obj, access, options);
  const opened: Opened = {
    provenanceOf: async () => provenance(await hash, files),
    done: () => {
      const giveBack = () => proven.giveBack();
      hash.then(giveBack, giveBack);
    },
    filesRead: files.length,
    checked,
    turns,
    proven,
  };
  return { t0, tool, resolved, opened };
}

/**
 * callTool for dynamic names (used by the server). Resolves to the result or rejects with BadInputError /
 * InternalToolError.
 */
export async function callToolUntyped(
  name: string,
  args?: unknown,
  options: CallOptions = {},
): Promise<Record<string, unknown>> {
  const { t0, tool, resolved, opened } = await openCall(name, args, options);
  try {
    return tool.guard
      ? ((await callGuardTool(tool, resolved, opened, t0, options)) as unknown as Record<string, unknown>)
      : await callCatalogueTool(tool, resolved, opened, t0, options);
  } finally {
    opened.done();
  }
}

/** Calls a guard tool by name, exactly as callToolUntyped does (check_backtest runs each guard through it). */
export async function callGuardToolUntyped(
  name: string,
  args: Record<string, unknown>,
  options: CallOptions = {},
): Promise<ToolGuardResult> {
  const { t0, tool, resolved, opened } = await openCall(name, args, options);
  try {
    if (!tool.guard) throw new InternalToolError(`internal error in ${name}: Error: not a guard tool`);
    return await callGuardTool(tool, resolved, opened, t0, options);
  } finally {
    opened.done();
  }
}
