// The guard contract: the types and helpers every guard uses. Imports nothing.
// The compiler maps these aliases to JSON Schema fragments by name (docs/contract.md §3.4),
// so each alias must stay a plain `type X = ...` declared in this file.

/** A whole number; the schema says "integer" and the runtime rejects fractions. */
export type Integer = number;
/** An ISO-8601 calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;
/** An ISO-8601 date-time, `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|+HH:MM]`. */
export type IsoDateTime = string;
/** Either an ISO-8601 date or a date-time. */
export type IsoTimestamp = string;

/** An index label: an ISO date or date-time string, or a plain label. */
export type Label = string | number;
/** One value of a series or cell of a frame, after decoding (NaN is missing in numeric data). */
export type Cell = number | string | boolean | null;
/** The normalised dtypes of the payload codec. */
export type Dtype = "float64" | "int64" | "bool" | "string" | "datetime";

/**
 * A one-dimensional labelled array. Numeric series carry NaN for missing values; other
 * kinds carry null. `index` is absent for a bare list (positions pair by order).
 */
export interface Series<T extends Cell = number> {
  readonly values: readonly T[];
  readonly index?: readonly Label[];
  readonly name?: string;
  readonly dtype?: Dtype;
  readonly freq?: string;
}

/**
 * A table stored by column. Every column array has `nrows` cells; numeric columns carry NaN
 * for missing cells, other columns null. `index` is absent when the payload had none.
 */
export interface Frame {
  readonly columns: readonly string[];
  readonly data: Readonly<Record<string, readonly Cell[]>>;
  readonly nrows: number;
  readonly index?: readonly Label[];
  readonly indexName?: string;
  readonly dtypes?: Readonly<Record<string, Dtype>>;
  readonly freq?: string;
}

/**
 * What a research ledger recorded: the count and spread of the trials since its last reset. The tool
 * layer reads it and hands it to a guard's `@ledger` input (guards do no I/O).
 */
export interface LedgerSummary {
  readonly ledger: string;
  readonly experiment: string | null;
  /** Distinct trials (fingerprints) recorded since the ledger's last reset. */
  readonly count: number;
  /** The recorded annualised Sharpes (non-null ones), in recording order. */
  readonly sharpes: readonly number[];
  /** Earliest recordedAt counted (ISO-8601 UTC), or null for an empty ledger. */
  readonly since: string | null;
  /** Which trial set a verdict was deflated by: the two-level SHA-256 of its fingerprints (src/ledger/digest.ts). */
  readonly digest: string;
  /** The most observations any counted trial had (finite values), or null for an empty ledger. */
  readonly longestNObs: number | null;
  /** The highest recorded annualised Sharpe, or null when no counted trial has one. */
  readonly maxSharpe: number | null;
  /**
   * The histogram of `sharpes` (sharpe_distribution.ts's sharpeHistogram), kept by the store as trials arrive;
   * absent (a summary passed by hand): the guard computes it from `sharpes`.
   */
  readonly sharpeHistogram?: { readonly edges: readonly number[]; readonly counts: readonly number[] };
  /** dilutionProofVariance of `sharpes` (recorded_spread.ts), kept likewise; absent: computed from `sharpes`. */
  readonly dilutionVariance?: number | null;
  /** The effective number of trials the tool layer measured from the returns the ledger kept. */
  readonly effective?: EffectiveTrials;
  /** The kept returns as a panel, for a guard whose own frame of trials was not given. */
  readonly panel?: LedgerPanel;
}

/** One cluster of trials whose returns move together (docs/ledger.md, "Effective trials"). */
export interface TrialCluster {
  readonly size: number;
  /** The best annualised Sharpe recorded among its trials (null when none had one). */
  readonly best_sharpe: number | null;
  /** Annualised Sharpe of its inverse-variance-weighted returns on the aligned dates (null without one). */
  readonly sharpe: number | null;
}

/** The effective number of trials of a ledger, or why it could not be measured. */
export interface EffectiveTrials {
  readonly available: boolean;
  /** Why it is unavailable (returns not kept, none kept); null when available. */
  readonly reason: string | null;
  readonly method: string;
  readonly n_trials_recorded: number;
  /** Clusters among the aligned trials, plus every trial that could not be aligned or has no returns. */
  readonly n_trials_effective: number | null;
  readonly n_clusters: number;
  readonly n_aligned: number;
  /** Trials whose returns do not overlap the common dates enough: each counted as independent. */
  readonly n_not_aligned: number;
  /** Trials the ledger kept no returns for (kept off, over budget, before returns were kept): independent. */
  readonly n_without_returns: number;
  /** Trials whose returns were cut to their latest points (the per-trial cap). */
  readonly n_truncated: number;
  readonly n_dates: number;
  /** Variance (ddof 1) of the clusters' annualised Sharpes (Lopez de Prado 2019); null below 2 clusters. */
  readonly cross_cluster_sharpe_variance: number | null;
  /** The largest clusters first (at most 50). */
  readonly clusters: readonly TrialCluster[];
  /** True when candidate pairs were screened (sketches and sign-projection bands) before the exact correlation. */
  readonly screened: boolean;
}

/** The ledger's kept returns on common dates: trials with a value on every date, in recording order. */
export interface LedgerPanel {
  readonly dates: readonly Label[];
  readonly fingerprints: readonly string[];
  readonly columns: readonly (readonly number[])[];
  /** Counted trials left out (no returns kept, or missing some of the dates). */
  readonly left_out: number;
}

export type Severity = "error" | "warning" | "info";

export interface Finding {
  readonly severity: Severity;
  readonly message: string;
  readonly where: string | null;
}

/**
 * What `check()` returns: findings in the guard's order, and evidence in its key order. E is the
 * evidence's type as the guard's `note()` chain built it (a loose record besides); the compiler reads
 * E to type each tool's result.
 */
export interface GuardOutcome<E extends object = Record<never, never>> {
  readonly findings: readonly Finding[];
  readonly evidence: Readonly<Record<string, unknown>> & Readonly<E>;
}

/** Evidence E after `note(key, value)`: the key takes the value's type (a repeated key is replaced). */
export type Noted<E extends object, K extends string, V> = [K] extends [keyof E]
  ? Omit<E, K> & { readonly [P in K]: V }
  : E & { readonly [P in K]: V };

/** A guard outcome with its verdict, as `runGuard` returns it. */
export interface GuardResult extends GuardOutcome {
  readonly guard: string;
  readonly skill: string;
  readonly passed: boolean;
}

/**
 * Collects findings and evidence in order; `done()` freezes them into a GuardOutcome. Chain the
 * notes (`out.note(a, x).note(b, y).done()`): each note's key and value type join E, so a note whose
 * result is discarded is missing from the tool's typed evidence.
 */
export class Outcome<E extends object = Record<never, never>> {
  private readonly findings: Finding[] = [];
  private readonly evidence: Record<string, unknown> = {};

  error(message: string, where: string | null = null): this {
    return this.add("error", message, where);
  }
  warning(message: string, where: string | null = null): this {
    return this.add("warning", message, where);
  }
  info(message: string, where: string | null = null): this {
    return this.add("info", message, where);
  }
  /** Records one evidence entry; a repeated key keeps its first position and the last value. */
  note<K extends string, V>(key: K, value: V): Outcome<Noted<E, K, V>> {
    this.evidence[key] = value;
    return this as unknown as Outcome<Noted<E, K, V>>;
  }
  /** True while no error finding has been added. */
  get passing(): boolean {
    return !this.findings.some((f) => f.severity === "error");
  }
  done(): GuardOutcome<E> {
    return { findings: [...this.findings], evidence: { ...this.evidence } as Record<string, unknown> & E };
  }
  private add(severity: Severity, message: string, where: string | null): this {
    this.findings.push({ severity, message, where });
    return this;
  }
}

export type BadInputCode =
  | "not_an_object"
  | "not_json"
  | "too_large"
  | "unknown_tool"
  | "not_a_tool"
  | "unexpected_argument"
  | "missing_argument"
  | "invalid_value"
  | "unknown_name";

/** What a tool error says to a caller on any channel (MCP result, CLI, HTTP): code, field, hint, message. */
export interface ToolErrorWire {
  readonly code: string;
  readonly field: string;
  readonly hint: string | null;
  readonly message: string;
}

/**
 * The base of every error a tool call reports to its caller (bad input, unknown tool, internal
 * error). Transports render `wire()` and never re-format messages themselves.
 */
export abstract class ToolError extends Error {
  abstract readonly code: string;
  abstract readonly field: string;
  abstract readonly hint: string | null;
  wire(): ToolErrorWire {
    return { code: this.code, field: this.field, hint: this.hint, message: this.message };
  }
}

/**
 * The one error type for bad input. `field` is a slash path with no leading slash
 * (`returns/index/3`); "" means the whole call. Value-level messages start `<field>: `.
 */
export class BadInputError extends ToolError {
  override readonly name = "BadInputError";
  constructor(
    readonly code: BadInputCode,
    readonly field: string,
    message: string,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

/** Bad input at `field`: the message becomes `<field>: <detail>`. */
export function invalid(field: string, detail: string, hint: string | null = null): BadInputError {
  return new BadInputError("invalid_value", field, field === "" ? detail : `${field}: ${detail}`, hint);
}

/** Extends a field path (already escaped) with raw segments, escaping `~` and `/` as JSON Pointer does. */
export function fieldPath(base: string, ...segments: readonly (string | number)[]): string {
  let out = base;
  for (const s of segments) {
    const part = typeof s === "number" ? String(s) : escapePointer(s);
    if (part !== "") out = out === "" ? part : `${out}/${part}`;
  }
  return out;
}

/** A raw segment with `~` and `/` escaped as JSON Pointer does (the segment itself when it has neither). */
function escapePointer(s: string): string {
  return s.includes("~") || s.includes("/") ? s.replace(/~/g, "~0").replace(/\//g, "~1") : s;
}
