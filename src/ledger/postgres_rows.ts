// Trial records to and from the PostgreSQL ledger's rows: one multi-row INSERT per record call.
import { CURRENT_EPOCH, TRIALS } from "./postgres_schema.js";
import type { TrialRecord } from "./store.js";

/** The columns of a trial, in TrialRecord's order, as the SELECTs and the INSERT name them. */
export const TRIAL_COLUMNS =
  "fingerprint, tool, input, experiment, n_obs, periods_per_year, mean, sd, skew, kurtosis, sharpe_annual, " +
  "recorded_at, flagged";

/** The columns' PostgreSQL types, in TRIAL_COLUMNS' order. */
export const TRIAL_TYPES = [
  "text",
  "text",
  "text",
  "text",
  "int",
  "float8",
  "float8",
  "float8",
  "float8",
  "float8",
  "float8",
  "text",
  "text",
];

/** Inserts the trials of ledger $1 (arrays $2..$14, one element per trial) not yet in its current epoch. */
export const INSERT_TRIALS = `INSERT INTO ${TRIALS} (ledger, epoch, ${TRIAL_COLUMNS})
SELECT $1, ${CURRENT_EPOCH}, ${TRIAL_COLUMNS}
FROM unnest(${TRIAL_TYPES.map((t, i) => `$${i + 2}::${t}[]`).join(", ")}) WITH ORDINALITY AS t(${TRIAL_COLUMNS}, ord)
ORDER BY ord
ON CONFLICT (ledger, epoch, fingerprint) DO NOTHING`;

export interface TrialRow {
  fingerprint: string;
  tool: string;
  input: string;
  experiment: string | null;
  n_obs: number;
  periods_per_year: number | null;
  mean: number;
  sd: number;
  skew: number;
  kurtosis: number;
  sharpe_annual: number | null;
  recorded_at: string;
  flagged: string | null;
  /** Present in listings: the trial's retraction, when the operator retracted it. */
  retraction_at?: string | null;
  retraction_reason?: string | null;
}

/** recordedAt as toISOString writes it (so text order is time order); throws on a date that is not one. */
function isoInstant(at: string): string {
  const t = new Date(at);
  if (Number.isNaN(t.getTime())) throw new Error(`ledger: recordedAt is not a date: ${JSON.stringify(at)}`);
  return t.toISOString();
}

/** A float8 array element: numbers as JavaScript prints them, except -0, which the driver would print as 0. */
function float(v: number | null): number | string | null {
  return Object.is(v, -0) ? "-0" : v;
}

/** The INSERT's parameters: the ledger, then one array per column. */
export function insertParams(ledger: string, trials: readonly TrialRecord[]): unknown[] {
  const col = <T>(f: (t: TrialRecord) => T) => trials.map(f);
  return [
    ledger,
    col((t) => t.fingerprint),
    col((t) => t.tool),
    col((t) => t.input),
    col((t) => t.experiment),
    col((t) => t.nObs),
    col((t) => float(t.periodsPerYear)),
    col((t) => float(t.mean)),
    col((t) => float(t.sd)),
    col((t) => float(t.skew)),
    col((t) => float(t.kurtosis)),
    col((t) => float(t.sharpeAnnual)),
    col((t) => isoInstant(t.recordedAt)),
    col((t) => t.flagged ?? null),
  ];
}

export function fromRow(r: TrialRow): TrialRecord {
  return {
    fingerprint: r.fingerprint,
    tool: r.tool,
    input: r.input,
    experiment: r.experiment,
    nObs: r.n_obs,
    periodsPerYear: r.periods_per_year,
    mean: r.mean,
    sd: r.sd,
    skew: r.skew,
    kurtosis: r.kurtosis,
    sharpeAnnual: r.sharpe_annual,
    recordedAt: r.recorded_at,
    flagged: r.flagged ?? null,
    retracted:
      r.retraction_at == null
        ? null
        : { fingerprint: r.fingerprint, at: r.retraction_at, reason: r.retraction_reason! },
  };
}
