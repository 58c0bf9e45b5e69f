// The research ledger in the call path: once per guard call, after decoding, the trials its `@trial`
// inputs carry are fingerprinted and its `@ledger` input is filled with the ledger's summary; once the guard
// answered, they are recorded (a refused call records nothing). A ledger that cannot be opened, written or
// read never breaks the call: it adds a warning.
import { GUARDS } from "../../generated/dispatch.js";
import type { TrialInput } from "../contract/artefacts.js";
import type { Cell, Finding, Frame, GuardOutcome, Label, LedgerSummary, Series } from "../contract/guard.js";
import { absentSqliteLedger, absentStore } from "../ledger/absent.js";
import { ledgerErrorText, ledgerLocation, ledgerSetting, ledgerStore, ledgerStoreOpened } from "../ledger/config.js";
import { ledgerExtras } from "../ledger/effective.js";
import { previewSummary } from "../ledger/preview.js";
import { encodedBytes, encodeReturns, RETURNS_BUDGET_BYTES } from "../ledger/returns.js";
import type { LedgerStore, StoreSummary, TrialRecord } from "../ledger/store.js";
import { LedgerFileGone } from "../ledger/sqlite_identity.js";
import { correctedValues, flaggedMistake, type UnitMistake } from "../ledger/unit_correction.js";
import { type Pause, pacedTrialStats, periodsFromIndex } from "../ledger/trial.js";
import { unrecordedLog, unrecordedWarning } from "../ledger/unrecorded.js";
import { ledgerSizeWarning } from "./ledger_caps.js";

/** What a result's provenance says about the ledger a call used. */
export interface LedgerProvenance {
  readonly name: string;
  readonly backend: "sqlite" | "postgres" | null;
  readonly location: string | null;
  readonly experiment: string | null;
  /** Trials this call carried, and how many of them the ledger had not seen. */
  readonly trials: number;
  readonly recorded: number;
  /** The ledger's count and trial-set digest, when the call read them (a guard with a `@ledger` input). */
  readonly count?: number;
  readonly digest?: string;
  readonly since?: string | null;
  /** The hash of the ledger's chain head the digest covers, when the call read it (null: no chain head). */
  readonly chain_head?: string | null;
}

export interface LedgerUse {
  /** Warnings for the result (a ledger that could not be used). */
  readonly findings: readonly Finding[];
  readonly provenance: LedgerProvenance | null;
}

/** The in-process caller's ledger name and experiment (the operator's; a tool argument never names a ledger). */
export interface LedgerChoice {
  readonly ledger?: string;
  readonly experiment?: string;
}

/** The ledger and experiment a call records into. */
export interface ChosenLedger {
  readonly name: string;
  readonly experiment: string | null;
}

/**
 * The call's ledger (the call options', else the process's) and experiment label (the argument's, else the
 * options'), the label taken out of `inputs` (mutated: the guard never sees it).
 */
export function takeLedgerChoice(inputs: Record<string, unknown>, choice: LedgerChoice): ChosenLedger {
  const name = choice.ledger ?? ledgerSetting().name;
  const experiment = (inputs["experiment"] as string | undefined) ?? choice.experiment ?? null;
  delete inputs["experiment"];
  return { name, experiment };
}

/** A ledger is configured and the guard has trials to record or a `@ledger` input to fill. */
export function usesLedger(guard: string): boolean {
  const entry = GUARDS[guard];
  return ledgerSetting().spec !== null && Boolean(entry && (entry.trials?.length || entry.ledger));
}

/** The guard reads the ledger (a `@ledger` input): its trials are recorded and the summary read before it runs. */
export function readsLedger(guard: string): boolean {
  return Boolean(GUARDS[guard]?.ledger);
}

/** A call's ledger work between the guard's start and its answer: the store, the trials, what was read. */
export interface PreparedLedger {
  readonly base: Omit<LedgerProvenance, "backend" | "recorded">;
  readonly name: string;
  readonly findings: Finding[];
  /** Null when the store could not be opened (a warning says so). */
  readonly store: LedgerStore | null;
  readonly sources: readonly TrialSource[];
  /** The trial of each source as sent (null: a series with no Sharpe, not recorded). */
  readonly perSource: readonly (TrialRecord | null)[];
  readonly trials: readonly TrialRecord[];
  /** The summary the guard was given (a `@ledger` input). */
  readonly summary: StoreSummary | null;
}

/**
 * Before the guard runs: fingerprints the call's trials, opens the store and, for a guard that reads the
 * ledger, fills its `@ledger` input in `inputs` with the summary as it will be once this call's trials are
 * recorded. Records nothing (commitLedger does, once the guard answered). Null when no ledger is used.
 */
export async function prepareLedger(
  tool: string,
  guard: string,
  inputs: Record<string, unknown>,
  { name, experiment }: ChosenLedger,
  pause: Pause = () => undefined,
): Promise<PreparedLedger | null> {
  const entry = GUARDS[guard];
  if (!entry || !usesLedger(guard)) return null;
  // Fingerprinted only for a ledger to record them in (off, a call pays nothing for its trials).
  const sources = trialSources(entry.trials ?? [], inputs);
  const at = new Date().toISOString();
  const keep = ledgerSetting().keepReturns;
  const perSource: (TrialRecord | null)[] = [];
  for (const s of sources) perSource.push(await trialOf(tool, s, experiment, at, null, keep, pause));
  const trials = perSource.filter((t) => t !== null);
  // A call with nothing to record reads a ledger file that is not there yet as empty, and creates none.
  const absent = trials.length === 0 && !ledgerStoreOpened() ? absentSqliteLedger(ledgerSetting().spec!) : null;
  const opening = absent === null ? ledgerStore()! : Promise.resolve(absentStore(absent));
  const base = { name, location: ledgerLocation(), experiment, trials: trials.length };
  const findings: Finding[] = [];
  const attempt = attemptFor(name);
  const store = await attempt(findings, "could not be opened", trials.length, () => opening);
  const prepared = { base, name, findings, store, sources, perSource, trials, summary: null };
  if (store === null || !entry.ledger) return prepared;
  // The whole ledger's current epoch: an experiment label names the call's trials, never a smaller count.
  const preview = await attempt(findings, "could not be read", 0, () => previewSummary(store, name, trials));
  if (preview === null) return { ...prepared, summary: null };
  const { summary, pending } = preview;
  // The effective count and a panel from the returns kept so far and this call's own (kept when it commits).
  const withPanel = (entry.trials ?? []).some((d) => d.kind === "frame" && inputs[d.input] === undefined);
  const extras = await attempt(findings, "could not be read", 0, () =>
    ledgerExtras(store, summary, keep, withPanel, pending),
  );
  inputs[entry.ledger] = { ...summary, ...extras } satisfies LedgerSummary;
  const past = ledgerSizeWarning(ledgerLocation(), summary.count);
  if (past) findings.push(past);
  return { ...prepared, summary };
}

/**
 * After the guard answered (a refused or failed call records nothing): records the trials it evaluated,
 * a series its findings flag in the wrong unit as the series meant (flagged), before the call replies.
 */
export async function commitLedger(prepared: PreparedLedger | null, ran: GuardOutcome): Promise<LedgerUse> {
  if (prepared === null) return { findings: [], provenance: null };
  return withLowerBound(prepared.name, await commit(prepared, ran));
}

async function commit(prepared: PreparedLedger, ran: GuardOutcome): Promise<LedgerUse> {
  const { base, name, findings, store, summary } = prepared;
  if (store === null) return { findings, provenance: { ...base, backend: null, recorded: 0 } };
  const attempt = attemptFor(name);
  const trials = await withinBudget(store, name, await correctedTrials(prepared, ran.findings), findings);
  const recorded = (await attempt(findings, "could not record", trials.length, () => store.record(name, trials))) ?? 0;
  const prov: LedgerProvenance = { ...base, backend: store.kind, recorded };
  if (summary === null) return { findings, provenance: prov };
  const { count, digest, since, chainHead } = summary;
  return { findings, provenance: { ...prov, count, digest, since, chain_head: chainHead } };
}

/** The use with a warning that the count is a lower bound while trials went unrecorded (until acknowledged). */
function withLowerBound(name: string, use: LedgerUse): LedgerUse {
  const spec = ledgerSetting().spec;
  if (use.provenance === null || spec === null) return use;
  const lowerBound = unrecordedWarning(ledgerLocation()!, name, spec, unrecordedLog(spec).count(name));
  if (lowerBound === null) return use;
  return {
    ...use,
    findings: [...use.findings, { severity: "warning", message: lowerBound, where: "ledger.unrecorded" }],
  };
}

/** The call's trials, each one whose input the findings flag in the wrong unit replaced by the corrected series'. */
async function correctedTrials(
  { sources, perSource }: PreparedLedger,
  findings: readonly Finding[],
): Promise<TrialRecord[]> {
  const out: TrialRecord[] = [];
  for (const [i, s] of sources.entries()) {
    const trial = perSource[i];
    if (!trial) continue;
    const mistake = flaggedMistake(findings, s.field);
    const keep = trial.returns !== undefined;
    out.push(
      mistake === null
        ? trial
        : ((await trialOf(trial.tool, s, trial.experiment, trial.recordedAt, mistake, keep)) ?? trial),
    );
  }
  return out;
}

/**
 * The trials with their returns while the ledger's returns budget lasts; past it a trial keeps its
 * statistics only and a warning says how many (the effective count then counts them as independent).
 */
async function withinBudget(
  store: LedgerStore,
  name: string,
  trials: TrialRecord[],
  findings: Finding[],
): Promise<TrialRecord[]> {
  const attempt = attemptFor(name);
  if (!trials.some((t) => t.returns !== undefined)) return trials;
  const known = await attempt(findings, "could not keep returns", 0, () => store.returnsRoom(name));
  // A store that cannot keep returns said why (the warning above); its trials keep their statistics.
  if (known === null) return trials.map(({ returns: _, ...stats }) => stats);
  let room = known;
  let dropped = 0;
  const out = trials.map((t) => {
    if (t.returns === undefined) return t;
    const bytes = encodedBytes(t.returns);
    if (bytes <= room) {
      room -= bytes;
      return t;
    }
    dropped++;
    const { returns: _, ...stats } = t;
    return stats;
  });
  if (dropped > 0)
    findings.push({
      severity: "warning",
      message:
        `research ledger ${ledgerLocation()} kept the statistics but not the returns of ${dropped} trial(s): its ` +
        `returns budget of ${RETURNS_BUDGET_BYTES / 2 ** 20} MiB (compressed) is spent, so the effective count ` +
        "counts them as independent",
      where: "ledger",
    });
  return out;
}

/**
 * Runs one ledger step of ledger `name`; a failure adds a warning naming the ledger and what was lost, counts
 * the lost trials (and those a vanished file held) in the unrecorded-trials log, and yields null.
 */
const attemptFor =
  (name: string) =>
  async <T>(findings: Finding[], what: string, lost: number, step: () => Promise<T>): Promise<T | null> => {
    try {
      return await step();
    } catch (e) {
      const reason = ledgerErrorText(e);
      const vanished = e instanceof LedgerFileGone ? e.vanished : 0;
      unrecordedLog(ledgerSetting().spec!).note(name, lost + vanished, `${what} (${reason})`);
      const loss = lost > 0 ? `; this call's ${lost} trial(s) were not recorded` : "";
      findings.push({
        severity: "warning",
        message:
          `research ledger ${ledgerLocation()} ${what} (${reason})${loss}; the guard answered without it, ` +
          "so any trial count below is self-declared",
        where: "ledger",
      });
      return null;
    }
  };

/** One series a call's `@trial` input carries: a series, or one numeric column of a frame. */
export interface TrialSource {
  /** The input as recorded ("returns", "model_returns.m3"). */
  readonly input: string;
  /** The argument it came from, as findings name it ("model_returns"). */
  readonly field: string;
  readonly values: ArrayLike<number>;
  readonly index: readonly Label[] | undefined;
  readonly periodsPerYear: number | null;
}

/** The series of a call's `@trial` inputs: one per series, one per numeric column of a frame. */
function trialSources(declared: readonly TrialInput[], inputs: Record<string, unknown>): TrialSource[] {
  const out: TrialSource[] = [];
  for (const d of declared) {
    const value = inputs[d.input];
    const given = d.periods === null ? undefined : inputs[d.periods];
    const periods = typeof given === "number" ? given : d.periodsDefault;
    const add = (input: string, values: ArrayLike<Cell>, index: readonly Label[] | undefined) => {
      if (isNumeric(values))
        out.push({ input, field: d.input, values, index, periodsPerYear: periods ?? periodsFromIndex(index) });
    };
    if (d.kind === "series" && isSeries(value)) add(d.input, value.values, value.index);
    if (d.kind === "frame" && isFrame(value))
      for (const c of value.columns) add(`${d.input}.${c}`, value.data[c] ?? [], value.index);
  }
  return out;
}

/**
 * The trial of one source (of its corrected series when `mistake` is set), with its returns encoded when
 * `keepReturns`; null for one with no Sharpe. `pause` runs between the fingerprint's chunks.
 */
async function trialOf(
  tool: string,
  s: TrialSource,
  experiment: string | null,
  recordedAt: string,
  mistake: UnitMistake | null,
  keepReturns: boolean,
  pause: Pause = () => undefined,
): Promise<TrialRecord | null> {
  const values = mistake === null ? s.values : correctedValues(mistake, s.values);
  const stats = await pacedTrialStats(values, s.index, s.periodsPerYear, pause);
  if (stats === null) return null;
  const { input, periodsPerYear } = s;
  const record: TrialRecord = { ...stats, tool, input, experiment, periodsPerYear, recordedAt, flagged: mistake };
  return keepReturns ? { ...record, returns: encodeReturns(values, s.index) } : record;
}

const isList = (v: unknown): v is ArrayLike<Cell> => Array.isArray(v) || v instanceof Float64Array;
const isSeries = (v: unknown): v is Series<Cell> =>
  v !== null && typeof v === "object" && isList((v as Series<Cell>).values);
/** Every cell a number (NaN is a missing one): a return series, not labels or flags. */
function isNumeric(values: ArrayLike<Cell>): values is ArrayLike<number> {
  if (values instanceof Float64Array) return true;
  for (let i = 0; i < values.length; i++) if (typeof values[i] !== "number") return false;
  return true;
}
const isFrame = (v: unknown): v is Frame =>
  v !== null && typeof v === "object" && Array.isArray((v as Frame).columns) && "data" in v;
