// Trials' returns aligned on common dates (docs/ledger.md, "Effective trials"): the common dates are those
// at least half of the trials hold; a trial holding at least MIN_OVERLAP_SHARE of them (and MIN_OVERLAP_DATES)
// is aligned, its missing dates NaN; the rest do not overlap enough and stand apart. A series without an
// index is aligned by position (its i-th point is period i).
import type { Label } from "../contract/guard.js";

/** A trial must hold this share of the common dates to be aligned. */
export const MIN_OVERLAP_SHARE = 0.8;
/** And at least this many of them. */
export const MIN_OVERLAP_DATES = 30;

export interface ReturnSeries {
  readonly values: ArrayLike<number>;
  /** Labels in time order (ISO dates sort as text); null: positions 0..n-1. */
  readonly index: readonly Label[] | null;
}

export interface Aligned {
  /** The common dates, in order. */
  readonly dates: readonly Label[];
  /** Positions (in the input) of the aligned trials, ascending. */
  readonly trials: readonly number[];
  /** One column per aligned trial, on `dates`; NaN where the trial has no value. Read only: a series on
   * exactly the common dates is its own column. */
  readonly columns: readonly Float64Array[];
  /** Aligned trials holding a finite value on every common date (a complete panel). */
  readonly complete: readonly number[];
}

const key = (l: Label) => (typeof l === "number" ? `n${l}` : `s${l}`);

export function alignReturns(series: readonly ReturnSeries[]): Aligned {
  const positions = new Map<number, number[]>();
  const byPosition = (n: number) => {
    let p = positions.get(n);
    if (!p) positions.set(n, (p = Array.from({ length: n }, (_, i) => i)));
    return p;
  };
  const labels = series.map((s) => s.index ?? byPosition(s.values.length));
  const dates = commonDates(labels);
  // Built on first use: series on exactly the common dates (the usual case) never need it.
  let atMap: Map<string, number> | null = null;
  const at = { get: (k: string) => (atMap ??= new Map(dates.map((d, i) => [key(d), i]))).get(k) };
  const need = Math.max(MIN_OVERLAP_DATES, Math.ceil(MIN_OVERLAP_SHARE * dates.length));
  const trials: number[] = [];
  const columns: Float64Array[] = [];
  const complete: number[] = [];
  // Series sharing one label array (as the ledger decodes them) compare it with the dates once.
  let lastSame: { labels: readonly Label[]; same: boolean } | null = null;
  series.forEach((s, c) => {
    if (lastSame?.labels !== labels[c]) lastSame = { labels: labels[c]!, same: sameLabels(labels[c]!, dates) };
    const same = lastSame.same;
    // A series on exactly the common dates is its own column (no copy).
    const col = same && s.values instanceof Float64Array ? s.values : new Float64Array(dates.length).fill(Number.NaN);
    let held = 0;
    if (same)
      for (let i = 0; i < s.values.length; i++) {
        const v = s.values[i]!;
        if (col !== s.values) col[i] = v;
        if (Number.isFinite(v)) held++;
      }
    else
      for (let i = 0; i < s.values.length; i++) {
        const row = at.get(key(labels[c]![i]!));
        if (row === undefined) continue;
        const v = s.values[i]!;
        col[row] = v;
        if (Number.isFinite(v)) held++;
      }
    if (held < need) return;
    trials.push(c);
    columns.push(col);
    if (held === dates.length) complete.push(columns.length - 1);
  });
  return { dates, trials, columns, complete };
}

/** Labels held by at least half the series, sorted (numbers before text, each in its own order). */
function commonDates(labels: readonly (readonly Label[])[]): Label[] {
  if (labels.length === 0) return [];
  // The usual case: every series on the same dates (one pass of comparisons, no map).
  const first = labels[0]!;
  if (labels.every((l) => sameLabels(l, first))) return sorted(first);
  const count = new Map<string, { label: Label; n: number }>();
  for (const ls of labels)
    for (const l of new Set(ls)) {
      const k = key(l);
      const e = count.get(k);
      if (e) e.n++;
      else count.set(k, { label: l, n: 1 });
    }
  const half = labels.length / 2;
  return sorted([...count.values()].filter((e) => e.n >= half).map((e) => e.label));
}

function sorted(ls: readonly Label[]): Label[] {
  const inOrder = ls.every((l, i) => i === 0 || compare(ls[i - 1]!, l) < 0);
  return inOrder ? ls.slice() : [...new Set(ls)].sort(compare);
}

function compare(a: Label, b: Label): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function sameLabels(a: readonly Label[], b: readonly Label[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
