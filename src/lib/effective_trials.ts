// The effective number of trials (docs/ledger.md, "Effective trials"): trials whose returns correlate at
// or above CLUSTER_CORRELATION on their aligned dates are one idea. Clusters are the connected components
// of that graph (single linkage at the correlation distance sqrt((1 - rho) / 2) of Lopez de Prado 2019,
// "A Data Science Solution to the Multiple-Testing Crisis in Financial Research"), and the effective count
// is how many there are. Invariant to the order of trials and to scaling a trial's returns. Above EXACT_WORK
// the pairs checked exactly are the candidates of a seeded screen (src/lib/correlation_screen.ts), which can
// miss a join (a higher count), never make one.
import { screenPairs } from "./correlation_screen.js";

/** Two trials whose returns correlate at least this much are one cluster (81% shared variance). */
export const CLUSTER_CORRELATION = 0.9;
/** Up to this many multiply-adds (pairs x dates) every pair's correlation is computed exactly. */
export const EXACT_WORK = 50_000_000;

export interface EffectiveClusters {
  /** Members (column positions) of each cluster, each ascending; clusters in order of their first member. */
  readonly clusters: readonly (readonly number[])[];
  /** True when candidate pairs were screened (src/lib/correlation_screen.ts) before the exact check. */
  readonly screened: boolean;
}

/**
 * Clusters the columns (equal length T, per-period returns aligned on dates; NaN a missing date, which
 * counts as the column's mean, pulling correlations toward 0). A column without spread is its own cluster.
 */
export function clusterTrials(
  columns: readonly ArrayLike<number>[],
  /** "auto": screened above EXACT_WORK; "exact" or "screened" force one path (to compare them). */
  path: "auto" | "exact" | "screened" = "auto",
): EffectiveClusters {
  const m = columns.length;
  const t = m === 0 ? 0 : columns[0]!.length;
  const cols = columns.map((c) => (c instanceof Float64Array ? c : Float64Array.from(c)));
  const means = Float64Array.from(cols, finiteMean);
  // Standardized rows, made when a pair of them is first checked (screened: only the candidates' rows).
  const rows: (Float64Array | undefined)[] = new Array(m);
  const row = (c: number) => (rows[c] ??= standardized(cols[c]!, means[c]!));
  const parent = Int32Array.from({ length: m }, (_, i) => i);
  const screened = path === "auto" ? (m * (m - 1) * t) / 2 > EXACT_WORK : path === "screened";
  const link = (i: number, j: number) => {
    if (dot(row(i), row(j), t) < CLUSTER_CORRELATION) return false;
    union(parent, i, j);
    return true;
  };
  if (screened) screenPairs(cols, means, (i) => find(parent, i), link);
  else exactLink(m, parent, link);
  return { clusters: components(parent), screened };
}

/** The mean of a column's finite values (0 when it has none). */
export function finiteMean(col: Float64Array): number {
  let n = 0;
  let sum = 0;
  for (let i = 0; i < col.length; i++) {
    const v = col[i]!;
    if (Number.isFinite(v)) {
      n++;
      sum += v;
    }
  }
  return n > 0 ? sum / n : 0;
}

/** A column centred on its finite mean and scaled to unit norm, NaN as 0 (all 0 without spread). */
function standardized(col: Float64Array, mu: number): Float64Array {
  const z = new Float64Array(col.length);
  let ss = 0;
  for (let i = 0; i < col.length; i++) {
    const v = col[i]!;
    const d = Number.isFinite(v) ? v - mu : 0;
    z[i] = d;
    ss += d * d;
  }
  const scale = ss > 0 ? 1 / Math.sqrt(ss) : 0;
  for (let i = 0; i < col.length; i++) z[i]! *= scale;
  return z;
}

function find(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    parent[i] = parent[parent[i]!]!;
    i = parent[i]!;
  }
  return i;
}

function union(parent: Int32Array, a: number, b: number): void {
  const ra = find(parent, a);
  const rb = find(parent, b);
  if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
}

/** The inner product of two unit-norm rows (their correlation), unrolled in fours. */
function dot(a: Float64Array, b: Float64Array, len: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < len; i += 4) {
    s0 += a[i]! * b[i]!;
    s1 += a[i + 1]! * b[i + 1]!;
    s2 += a[i + 2]! * b[i + 2]!;
    s3 += a[i + 3]! * b[i + 3]!;
  }
  for (; i < len; i++) s0 += a[i]! * b[i]!;
  return s0 + s1 + s2 + s3;
}

function exactLink(m: number, parent: Int32Array, link: (i: number, j: number) => boolean): void {
  for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) if (find(parent, i) !== find(parent, j)) link(i, j);
}

/** The components of the union-find forest, each ascending, ordered by first member. */
function components(parent: Int32Array): number[][] {
  const byRoot = new Map<number, number[]>();
  for (let i = 0; i < parent.length; i++) {
    const r = find(parent, i);
    let members = byRoot.get(r);
    if (!members) byRoot.set(r, (members = []));
    members.push(i);
  }
  return [...byRoot.values()].sort((a, b) => a[0]! - b[0]!);
}
