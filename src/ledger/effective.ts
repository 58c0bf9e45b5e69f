// The tool layer's measure of a ledger's effective number of trials (and its kept returns as a panel for
// a guard without its own), from the returns the store kept. Kept per process for the last trial set read.
import type { EffectiveTrials, LedgerPanel, LedgerSummary, TrialCluster } from "../contract/guard.js";
import { type Aligned, alignReturns, MIN_OVERLAP_DATES, MIN_OVERLAP_SHARE } from "../lib/align_returns.js";
import { CLUSTER_CORRELATION, clusterTrials } from "../lib/effective_trials.js";
import { variance } from "../lib/stats.js";
import { type Moments, moments, momentsOfColumns } from "./column_moments.js";
import { decodeReturns, type TrialReturns } from "./returns.js";
import type { KeptReturns, LedgerStore, TrialRecord } from "./store.js";

export const EFFECTIVE_METHOD =
  `clusters of trials whose returns correlate >= ${CLUSTER_CORRELATION} on common dates (single linkage on the ` +
  "correlation distance of Lopez de Prado 2019); min overlap " +
  `${100 * MIN_OVERLAP_SHARE}% of the common dates and >= ${MIN_OVERLAP_DATES}`;
/** Clusters listed in evidence (the largest). */
const LISTED = 50;

export interface LedgerExtras {
  readonly effective: EffectiveTrials;
  readonly panel?: LedgerPanel;
}

let last: { key: string; kept: KeptReturns; aligned: Aligned; effective: EffectiveTrials } | null = null;

/**
 * The effective count of the trials `summary` counts, and the panel when `withPanel`. `pending`: the
 * calling guard's own trials, not recorded yet (they are once it answered) but counted by `summary` (a
 * preview): their returns join the kept ones, so a verdict sees the trials its own call brings.
 */
export async function ledgerExtras(
  store: LedgerStore,
  summary: LedgerSummary,
  keepReturns: boolean,
  withPanel: boolean,
  pending: readonly TrialRecord[] = [],
): Promise<LedgerExtras> {
  if (!keepReturns)
    return {
      effective: unavailable(
        summary.count,
        "the ledger keeps statistics only (--ledger-keep-returns=false): the effective count and the ledger's " +
          "PBO need the trials' returns",
      ),
    };
  const key = JSON.stringify([store.location, summary.ledger, summary.digest]);
  if (last?.key !== key) {
    const kept = withPending(await store.returns(summary.ledger), pending);
    const aligned = alignReturns(kept.series);
    last = { key, kept, aligned, effective: measure(kept, summary.count, aligned) };
  }
  const { kept, aligned, effective } = last;
  return withPanel ? { effective, panel: panelOf(kept, aligned, summary.count) } : { effective };
}

/** The kept returns with those of the pending trials the ledger does not hold yet (once each, in call order). */
export function withPending(kept: KeptReturns, pending: readonly TrialRecord[]): KeptReturns {
  const held = new Set([...kept.series.map((s) => s.fingerprint), ...(kept.heldWithout ?? [])]);
  const series = [...kept.series];
  let without = kept.without;
  for (const t of pending) {
    if (held.has(t.fingerprint)) continue;
    held.add(t.fingerprint);
    if (t.returns === undefined) {
      without++;
      continue;
    }
    const d = decodeReturns(t.returns.values, t.returns.index);
    const { fingerprint, sharpeAnnual, periodsPerYear } = t;
    series.push({ ...d, fingerprint, total: t.returns.total, sharpeAnnual, periodsPerYear });
  }
  return { series, without, heldWithout: kept.heldWithout };
}

function unavailable(recorded: number, reason: string): EffectiveTrials {
  return {
    available: false,
    reason,
    method: EFFECTIVE_METHOD,
    n_trials_recorded: recorded,
    n_trials_effective: null,
    n_clusters: 0,
    n_aligned: 0,
    n_not_aligned: 0,
    n_without_returns: recorded,
    n_truncated: 0,
    n_dates: 0,
    cross_cluster_sharpe_variance: null,
    clusters: [],
    screened: false,
  };
}

/** Clusters of the aligned trials; every other trial counts as its own. */
export function measure(
  kept: KeptReturns,
  recorded: number,
  aligned: Aligned = alignReturns(kept.series),
): EffectiveTrials {
  if (kept.series.length === 0)
    return unavailable(recorded, `the ledger kept no returns for its ${recorded} counted trial(s)`);
  const { clusters, screened } = clusterTrials(aligned.columns);
  const notAligned = kept.series.length - aligned.trials.length;
  const single = momentsOfColumns(clusters.filter((m) => m.length === 1).map((m) => aligned.columns[m[0]!]!));
  const described = clusters.map((members) =>
    describe(
      single,
      members.map((c) => kept.series[aligned.trials[c]!]!),
      members.map((c) => aligned.columns[c]!),
    ),
  );
  const inAligned = new Set(aligned.trials);
  const loose = kept.series.filter((_, i) => !inAligned.has(i)).map((s) => s.sharpeAnnual);
  const sharpes = [...described.map((d) => d.sharpe), ...loose].filter((x): x is number => x !== null);
  return {
    available: true,
    reason: null,
    method: EFFECTIVE_METHOD,
    n_trials_recorded: recorded,
    n_trials_effective: clusters.length + notAligned + kept.without,
    n_clusters: clusters.length,
    n_aligned: aligned.trials.length,
    n_not_aligned: notAligned,
    n_without_returns: kept.without,
    n_truncated: kept.series.filter((s) => s.total > s.values.length).length,
    n_dates: aligned.dates.length,
    cross_cluster_sharpe_variance: sharpes.length >= 2 ? variance(sharpes) : null,
    clusters: described.sort((a, b) => b.size - a.size).slice(0, LISTED),
    screened,
  };
}

/**
 * A cluster's size, best recorded Sharpe, and the annualised Sharpe of its members' returns weighted by
 * inverse variance (the diagonal of the minimum-variance allocation) on the dates they hold.
 */
function describe(
  single: ReadonlyMap<Float64Array, Moments>,
  members: readonly TrialReturns[],
  columns: readonly Float64Array[],
): TrialCluster {
  const recorded = members.map((m) => m.sharpeAnnual).filter((x): x is number => x !== null);
  const ppy = members.find((m) => m.periodsPerYear !== null)?.periodsPerYear ?? null;
  const best = recorded.length ? Math.max(...recorded) : null;
  // One member: its weighted series is its own finite values (their moments computed with the others').
  if (columns.length === 1) {
    const own = single.get(columns[0]!) ?? moments(columns[0]!);
    return { size: 1, best_sharpe: best, sharpe: annualSharpe(own, ppy) };
  }
  const t = columns[0]?.length ?? 0;
  const weights = columns.map((c) => {
    const v = finiteVariance(c);
    return v > 0 ? 1 / v : 0;
  });
  const sum = new Float64Array(t);
  const w = new Float64Array(t);
  columns.forEach((c, i) => {
    const wi = weights[i]!;
    for (let d = 0; d < t; d++)
      if (Number.isFinite(c[d]!)) {
        sum[d]! += wi * c[d]!;
        w[d]! += wi;
      }
  });
  const series = new Float64Array(t).fill(Number.NaN);
  for (let d = 0; d < t; d++) if (w[d]! > 0) series[d] = sum[d]! / w[d]!;
  return { size: members.length, best_sharpe: best, sharpe: annualSharpe(moments(series), ppy) };
}

const finiteVariance = (c: Float64Array) => moments(c).variance;

/** mean / sd x sqrt(periods per year); null without a period or spread. */
function annualSharpe(m: Moments, ppy: number | null): number | null {
  const sd = m.n >= 2 ? Math.sqrt(m.variance) : 0;
  return ppy === null || !(sd > 0) ? null : (m.mean / sd) * Math.sqrt(ppy);
}

/** The trials holding a value on every common date, as columns in recording order. */
function panelOf(kept: KeptReturns, aligned: Aligned, recorded: number): LedgerPanel {
  const columns = aligned.complete.map((c) => Array.from(aligned.columns[c]!));
  return {
    dates: aligned.dates,
    fingerprints: aligned.complete.map((c) => kept.series[aligned.trials[c]!]!.fingerprint),
    columns,
    left_out: recorded - columns.length,
  };
}
