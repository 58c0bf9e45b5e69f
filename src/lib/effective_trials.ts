// The effective number of trials (docs/ledger.md, "Effective trials"): trials whose returns correlate at
// or above CLUSTER_CORRELATION on their aligned dates are one idea. Clusters are the connected components
// of that graph (single linkage at the correlation distance sqrt((1 - rho) / 2) of Lopez de Prado 2019,
// "A Data Science Solution to the Multiple-Testing Crisis in Financial Research"), and the effective count
// is how many there are. Invariant to the order of trials and to scaling a trial's returns.

/** Two trials whose returns correlate at least this much are one cluster (81% shared variance). */
export const CLUSTER_CORRELATION = 0.9;
/** Up to this many multiply-adds (pairs x dates) every pair's correlation is computed exactly. */
export const EXACT_WORK = 50_000_000;
/** Screening: a pair is checked exactly only when its correlation over SCREEN_DATES[i] evenly spaced dates
 * reaches SCREEN_LEVELS[i]; a pair at CLUSTER_CORRELATION on all dates is far above both on normal returns. */
const SCREEN_DATES = [16, 128] as const;
const SCREEN_LEVELS = [0.4, 0.65] as const;

export interface EffectiveClusters {
  /** Members (column positions) of each cluster, each ascending; clusters in order of their first member. */
  readonly clusters: readonly (readonly number[])[];
  /** True when pairs were screened on date subsets before the exact check (more than EXACT_WORK). */
  readonly screened: boolean;
}

/**
 * Clusters the columns (equal length T, per-period returns aligned on dates; NaN a missing date, which
 * counts as the column's mean, pulling correlations toward 0). A column without spread is its own cluster.
 */
export function clusterTrials(columns: readonly ArrayLike<number>[]): EffectiveClusters {
  const m = columns.length;
  const t = m === 0 ? 0 : columns[0]!.length;
  const z = standardized(columns, t);
  const parent = Int32Array.from({ length: m }, (_, i) => i);
  const screened = (m * (m - 1) * t) / 2 > EXACT_WORK && t > SCREEN_DATES[1];
  if (screened) screenedLink(z, m, t, parent);
  else exactLink(z, m, t, parent);
  return { clusters: components(parent), screened };
}

/** Columns centred on their finite mean and scaled to unit norm, NaN as 0, in one M x T array. */
function standardized(columns: readonly ArrayLike<number>[], t: number): Float64Array {
  const z = new Float64Array(columns.length * t);
  columns.forEach((col, c) => {
    let n = 0;
    let sum = 0;
    for (let i = 0; i < t; i++) {
      const v = col[i]!;
      if (Number.isFinite(v)) {
        n++;
        sum += v;
      }
    }
    const mu = n > 0 ? sum / n : 0;
    let ss = 0;
    const base = c * t;
    for (let i = 0; i < t; i++) {
      const v = col[i]!;
      const d = Number.isFinite(v) ? v - mu : 0;
      z[base + i] = d;
      ss += d * d;
    }
    const scale = ss > 0 ? 1 / Math.sqrt(ss) : 0;
    for (let i = 0; i < t; i++) z[base + i]! *= scale;
  });
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

function dot(z: Float64Array, a: number, b: number, len: number): number {
  let s = 0;
  for (let i = 0; i < len; i++) s += z[a + i]! * z[b + i]!;
  return s;
}

function exactLink(z: Float64Array, m: number, t: number, parent: Int32Array): void {
  for (let i = 0; i < m; i++)
    for (let j = i + 1; j < m; j++) {
      if (find(parent, i) === find(parent, j)) continue;
      if (dot(z, i * t, j * t, t) >= CLUSTER_CORRELATION) union(parent, i, j);
    }
}

/** Pairs screened on two date subsets, then checked exactly. */
function screenedLink(z: Float64Array, m: number, t: number, parent: Int32Array): void {
  const k0 = SCREEN_DATES[0];
  const k1 = SCREEN_DATES[1];
  // The coarse screen in single precision: half the memory traffic of its 16-date rows, ample for a 0.4 screen.
  const coarse = Float32Array.from(sketch(z, m, t, k0));
  const fine = sketch(z, m, t, k1);
  const level0 = SCREEN_LEVELS[0];
  const level1 = SCREEN_LEVELS[1];
  const row = new Float32Array(k0);
  for (let i = 0; i < m; i++) {
    row.set(coarse.subarray(i * k0, (i + 1) * k0));
    for (let j = i + 1; j < m; j++) {
      if (coarseDot(row, coarse, j * k0) < level0) continue;
      if (find(parent, i) === find(parent, j)) continue;
      if (dot(fine, i * k1, j * k1, k1) < level1) continue;
      if (dot(z, i * t, j * t, t) >= CLUSTER_CORRELATION) union(parent, i, j);
    }
  }
}

/** The 16-date screen of one pair, unrolled in fours. */
function coarseDot(row: Float32Array, all: Float32Array, at: number): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  for (let i = 0; i < 16; i += 4) {
    a += row[i]! * all[at + i]!;
    b += row[i + 1]! * all[at + i + 1]!;
    c += row[i + 2]! * all[at + i + 2]!;
    d += row[i + 3]! * all[at + i + 3]!;
  }
  return a + b + c + d;
}

/** Each column at k evenly spaced dates, centred and scaled to unit norm again (a subsample correlation). */
function sketch(z: Float64Array, m: number, t: number, k: number): Float64Array {
  const out = new Float64Array(m * k);
  for (let c = 0; c < m; c++) {
    let sum = 0;
    for (let d = 0; d < k; d++) {
      const v = z[c * t + Math.floor(((d + 0.5) * t) / k)]!;
      out[c * k + d] = v;
      sum += v;
    }
    const mu = sum / k;
    let ss = 0;
    for (let d = 0; d < k; d++) {
      const v = out[c * k + d]! - mu;
      out[c * k + d] = v;
      ss += v * v;
    }
    const scale = ss > 0 ? 1 / Math.sqrt(ss) : 0;
    for (let d = 0; d < k; d++) out[c * k + d]! *= scale;
  }
  return out;
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
