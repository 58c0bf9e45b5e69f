// The report's data: everything the HTML page and the MCP App draw, taken from one tool result
// (and, for the equity curve only, the bundle's own inputs). Plain JSON, browser-safe.

export interface VerdictRow {
  readonly status: "PASS" | "FAIL" | "REJECTED";
  readonly guard: string;
  readonly skill: string;
  /** The first finding of the most severe kind, or the rejection message. */
  readonly finding: string;
  readonly severity: "error" | "warning" | "info" | "";
  /** How many further findings the row does not show. */
  readonly more: number;
}

/** Annualised net return and net Sharpe per round-trip cost level (cost_curve evidence). */
export interface CostCurveChart {
  readonly kind: "cost_curve";
  readonly guard: string;
  readonly bps: readonly number[];
  readonly annReturn: readonly number[];
  readonly sharpe: readonly (number | null)[];
  readonly costBps: number;
  /** null when the evidence says the breakeven is not finite. */
  readonly breakevenBps: number | null;
  /** The annualised return the breakeven is measured against (0 without a benchmark), or null. */
  readonly hurdle: number | null;
}

/** Net equity and drawdown at the stated cost, computed by the report from the bundle's inputs. */
export interface EquityChart {
  readonly kind: "equity";
  readonly guard: string;
  /** Seconds since the epoch per period when the returns have an ISO date index, else period numbers. */
  readonly x: readonly number[];
  readonly dated: boolean;
  readonly equity: readonly number[];
  readonly drawdown: readonly number[];
  readonly costBps: number;
  readonly maxDrawdown: number;
}

/** Histogram of the CSCV logits lambda (research_audit evidence), with the 0 line. */
export interface PboChart {
  readonly kind: "pbo_logits";
  readonly guard: string;
  /** Bin edges, one more than counts. */
  readonly edges: readonly number[];
  readonly counts: readonly number[];
  readonly pbo: number | null;
  readonly kept: number;
  readonly of: number;
  /** Where CSCV's matrix came from: the research ledger's kept returns, or the model_returns argument. */
  readonly source: "ledger" | "argument" | null;
  /** With source "ledger": the trials and dates aligned, and the counted trials left out. */
  readonly panel: { readonly trials: number; readonly dates: number; readonly leftOut: number } | null;
}

/** White / Hansen SPA p-values beside the best model's own t-test p-value (spa_test evidence). */
export interface SpaChart {
  readonly kind: "spa";
  readonly guard: string;
  readonly lower: number;
  readonly consistent: number;
  readonly upper: number;
  readonly naive: number | null;
  readonly alpha: number;
  readonly bestModel: string;
}

/** Deflated and probabilistic Sharpe ratio against the 1 - alpha threshold (trial_ledger evidence). */
export interface DsrChart {
  readonly kind: "dsr";
  readonly guard: string;
  readonly dsr: number;
  readonly psr: number | null;
  readonly threshold: number;
  readonly bestSharpe: number | null;
  readonly expectedMaxSharpe: number | null;
  readonly nTrials: number | null;
}

/**
 * The research ledger's recorded annualised Sharpes as a histogram, the reported Sharpe marked, and the trial
 * count the verdict used (trial_ledger and research_audit evidence: `ledger`, `n_trials*`).
 */
export interface TrialSharpesChart {
  readonly kind: "trial_sharpes";
  readonly guard: string;
  /** Bin edges, one more than counts (annualised Sharpe). */
  readonly edges: readonly number[];
  readonly counts: readonly number[];
  /** The annualised Sharpe the verdict judged, or null. */
  readonly reported: number | null;
  readonly ledger: string;
  readonly experiment: string | null;
  /** Distinct trials the ledger recorded, and the count the caller declared. */
  readonly recorded: number;
  readonly declared: number;
  /** The count the verdict used, and where it came from. */
  readonly used: number;
  readonly source: "declared" | "ledger";
  readonly since: string | null;
  /** "The verdict used 41 trials (the ledger's count, above the declared): 3 declared, 41 recorded by ...". */
  readonly sentence: string;
}

/**
 * The research ledger's clusters of trials whose returns correlate >= 0.9 (the effective number of trials,
 * trial_ledger and research_audit evidence `effective_trials`): each listed cluster's size and best Sharpe.
 */
export interface TrialClustersChart {
  readonly kind: "trial_clusters";
  readonly guard: string;
  /** Trials per listed cluster, largest first (the evidence lists the largest 50). */
  readonly sizes: readonly number[];
  /** Each listed cluster's best recorded annualised Sharpe (null: none recorded). */
  readonly bestSharpes: readonly (number | null)[];
  readonly recorded: number;
  readonly effective: number;
  /** All clusters (above sizes.length when not all are listed), and trials counted apart. */
  readonly clusters: number;
  readonly apart: number;
  readonly dates: number;
  readonly screened: boolean;
  readonly crossVariance: number | null;
  /** "3 effective of 12 recorded: 3 cluster(s) of returns correlated >= 0.9 over 756 common dates." */
  readonly sentence: string;
}

export type Chart =
  | CostCurveChart
  | EquityChart
  | PboChart
  | SpaChart
  | DsrChart
  | TrialSharpesChart
  | TrialClustersChart;

export interface ReportData {
  readonly title: string;
  /** PASS, FAIL or INCOMPLETE (upper case). */
  readonly status: string;
  /** check_backtest's headline ("PASS. 1 of 25 guards ran: ..."), null for one guard's result. */
  readonly headline: string | null;
  readonly verdicts: readonly VerdictRow[];
  readonly skipped: readonly { readonly guard: string; readonly needs: string }[];
  readonly charts: readonly Chart[];
  /** What the report computed itself, and what it could not draw and why. */
  readonly notes: readonly string[];
  /** Label and value pairs: input hash, tools hash, version, file hashes when present. */
  readonly provenance: readonly (readonly [string, string])[];
}
