// The research ledger in the call path: once per guard call, after decoding, the trials its `@trial`
// inputs carry are fingerprinted and recorded, and its `@ledger` input is filled with the ledger's
// summary. A ledger that cannot be opened, written or read never breaks the call: it adds a warning.
import { GUARDS } from "../../generated/dispatch.js";
import type { TrialInput } from "../contract/artefacts.js";
import type { Cell, Finding, Frame, Label, LedgerSummary, Series } from "../contract/guard.js";
import { ledgerErrorText, ledgerLocation, ledgerSetting, ledgerStore } from "../ledger/config.js";
import type { TrialRecord } from "../ledger/store.js";
import { LedgerFileGone } from "../ledger/sqlite_identity.js";
import { periodsFromIndex, trialStats } from "../ledger/trial.js";
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

/**
 * Records the call's trials and, for a guard that reads the ledger, fills its `@ledger` input in
 * `inputs`. Reads `inputs` without changing them otherwise. Off (no ledger configured): nothing is
 * recorded and the `@ledger` input stays empty, so the guard says its count is self-declared.
 */
export async function useLedger(
  tool: string,
  guard: string,
  inputs: Record<string, unknown>,
  chosen: ChosenLedger,
): Promise<LedgerUse> {
  const use = await recordAndRead(tool, guard, inputs, chosen);
  const spec = ledgerSetting().spec;
  if (use.provenance === null || spec === null) return use;
  const lowerBound = unrecordedWarning(ledgerLocation()!, chosen.name, spec, unrecordedLog(spec).count(chosen.name));
  if (lowerBound === null) return use;
  return {
    ...use,
    findings: [...use.findings, { severity: "warning", message: lowerBound, where: "ledger.unrecorded" }],
  };
}

async function recordAndRead(
  tool: string,
  guard: string,
  inputs: Record<string, unknown>,
  { name, experiment }: ChosenLedger,
): Promise<LedgerUse> {
  const entry = GUARDS[guard];
  const opening = usesLedger(guard) ? ledgerStore() : null;
  if (!entry || opening === null) return { findings: [], provenance: null };
  // Fingerprinted only for a ledger to record them in (off, a call pays nothing for its trials).
  const trials = callTrials(tool, entry.trials ?? [], inputs, experiment);
  const base = { name, location: ledgerLocation(), experiment, trials: trials.length };
  const findings: Finding[] = [];
  const attempt = attemptFor(name);
  const store = await attempt(findings, "could not be opened", trials.length, () => opening);
  if (store === null) return { findings, provenance: { ...base, backend: null, recorded: 0 } };
  const recorded = (await attempt(findings, "could not record", trials.length, () => store.record(name, trials))) ?? 0;
  const prov: LedgerProvenance = { ...base, backend: store.kind, recorded };
  if (!entry.ledger) return { findings, provenance: prov };
  // The whole ledger's current epoch: an experiment label names the call's trials, never a smaller count.
  const summary = await attempt(findings, "could not be read", 0, () => store.summary(name));
  if (summary === null) return { findings, provenance: prov };
  inputs[entry.ledger] = summary satisfies LedgerSummary;
  const past = ledgerSizeWarning(ledgerLocation(), summary.count);
  if (past) findings.push(past);
  const { count, digest, since, chainHead } = summary;
  return { findings, provenance: { ...prov, count, digest, since, chain_head: chainHead } };
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

/** The trials of a call's `@trial` inputs: one per series, one per numeric column of a frame. */
export function callTrials(
  tool: string,
  declared: readonly TrialInput[],
  inputs: Record<string, unknown>,
  experiment: string | null,
): TrialRecord[] {
  const at = new Date().toISOString();
  const out: TrialRecord[] = [];
  for (const d of declared) {
    const value = inputs[d.input];
    const given = d.periods === null ? undefined : inputs[d.periods];
    const periods = typeof given === "number" ? given : d.periodsDefault;
    const add = (input: string, values: ArrayLike<Cell>, index: readonly Label[] | undefined) => {
      if (!isNumeric(values)) return;
      const periodsPerYear = periods ?? periodsFromIndex(index);
      const stats = trialStats(values, index, periodsPerYear);
      if (stats !== null) out.push({ ...stats, tool, input, experiment, periodsPerYear, recordedAt: at });
    };
    if (d.kind === "series" && isSeries(value)) add(d.input, value.values, value.index);
    if (d.kind === "frame" && isFrame(value))
      for (const c of value.columns) add(`${d.input}.${c}`, value.data[c] ?? [], value.index);
  }
  return out;
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
