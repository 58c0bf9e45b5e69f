// Hierarchical risk parity (Lopez de Prado 2016, as PyPortfolioOpt computes it with scipy): correlation
// distance, agglomerative clustering, quasi-diagonal order and recursive bisection. Inputs are complete
// (no NaN); callers check that first. Single linkage (the default) needs no K x K table: Prim's minimum
// spanning tree on distances computed as needed, O(K) memory beyond the columns. The other methods
// update cluster distances (Lance-Williams), which needs one K x K table.
import type { WorkMeter } from "./work_meter.js";

export type LinkageMethod = "single" | "complete" | "average" | "weighted" | "centroid" | "median" | "ward";
export const LINKAGE_METHODS: readonly LinkageMethod[] = [
  "single",
  "complete",
  "average",
  "weighted",
  "centroid",
  "median",
  "ward",
];

/** One merge: ids `left` < `right` joined at `distance`, creating a cluster of `size` leaves. */
export interface Merge {
  readonly left: number;
  readonly right: number;
  readonly distance: number;
  readonly size: number;
}

/** Distance between leaves a and b (symmetric, 0 on the diagonal). */
export type DistanceFn = (a: number, b: number) => number;

/** Counts work done in a sync loop (WorkMeter.tick: cancellation checks and progress). */
export type Tick = (units: number) => void;

/** Columns minus their means, as typed arrays (input column-major: one array per asset). */
export function centredColumns(columns: readonly (readonly number[])[]): Float64Array[] {
  return columns.map((col) => {
    const n = col.length;
    const c = new Float64Array(n);
    let s = 0;
    for (let t = 0; t < n; t++) s += c[t] = col[t]!;
    const mu = s / n;
    for (let t = 0; t < n; t++) c[t]! -= mu;
    return c;
  });
}

function dot(x: Float64Array, y: Float64Array): number {
  let s = 0;
  for (let t = 0; t < x.length; t++) s += x[t]! * y[t]!;
  return s;
}

/**
 * Sample covariance (ddof = 1) and correlation distance D = sqrt(clip((1 - rho) / 2, 0, 1)) of centred
 * columns, each computed when asked (O(T)); the columns are packed in one array, only the K variances
 * are stored beyond them.
 */
export class ColumnStats {
  readonly variances: Float64Array;
  readonly size: number;
  /** Rows per column. */
  readonly rows: number;
  private readonly packed: Float64Array;

  constructor(centred: readonly Float64Array[]) {
    this.size = centred.length;
    this.rows = centred[0]?.length ?? 0;
    this.packed = new Float64Array(this.size * this.rows);
    centred.forEach((c, a) => this.packed.set(c, a * this.rows));
    this.variances = Float64Array.from(centred, (c) => dot(c, c) / (c.length - 1));
  }

  covariance(a: number, b: number): number {
    if (a === b) return this.variances[a]!;
    const [x, n] = [this.packed, this.rows];
    let s = 0;
    for (let t = 0, i = a * n, j = b * n; t < n; t++) s += x[i + t]! * x[j + t]!;
    return s / (n - 1);
  }

  correlation(a: number, b: number): number {
    return a === b ? 1 : this.covariance(a, b) / Math.sqrt(this.variances[a]! * this.variances[b]!);
  }

  readonly distance: DistanceFn = (a, b) => Math.sqrt(Math.min(1, Math.max(0, (1 - this.correlation(a, b)) / 2)));

  /** distance(a, b) into out[b] for every b with skip[b] = 0 (the same arithmetic, in one loop). */
  readonly distancesFrom: RowDistances = (a, skip, out) => {
    const [x, n, v] = [this.packed, this.rows, this.variances];
    const va = v[a]!;
    for (let b = 0; b < this.size; b++) {
      if (skip[b]) continue;
      let s = 0;
      for (let t = 0, i = a * n, j = b * n; t < n; t++) s += x[i + t]! * x[j + t]!;
      const r = a === b ? 1 : s / (n - 1) / Math.sqrt(va * v[b]!);
      out[b] = Math.sqrt(Math.min(1, Math.max(0, (1 - r) / 2)));
    }
  };

  /** u' Sigma u with inverse-variance weights u over `items`, as the variance of the weighted sum. */
  clusterVariance(items: readonly number[]): number {
    let total = 0;
    for (const i of items) total += 1 / this.variances[i]!;
    const n = this.rows;
    const y = new Float64Array(n);
    for (const i of items) {
      const u = 1 / this.variances[i]! / total;
      for (let t = 0, o = i * n; t < n; t++) y[t]! += u * this.packed[o + t]!;
    }
    return dot(y, y) / (n - 1);
  }
}

/** Distances from leaf a to every leaf b with skip[b] = 0, written to out[b]. */
export type RowDistances = (a: number, skip: Uint8Array, out: Float64Array) => void;

/** RowDistances from a pairwise distance function. */
export function rowDistancesOf(d: DistanceFn): RowDistances {
  return (a, skip, out) => {
    for (let b = 0; b < out.length; b++) if (!skip[b]) out[b] = d(a, b);
  };
}

/** Sample covariance matrix (ddof = 1) of the columns of `rows` (rows x assets), two-pass. */
export function sampleCovariance(rows: readonly (readonly number[])[]): number[][] {
  const m = rows.length === 0 ? 0 : rows[0]!.length;
  const s = new ColumnStats(centredColumns(Array.from({ length: m }, (_, j) => rows.map((r) => r[j]!))));
  return Array.from({ length: m }, (_, a) => Array.from({ length: m }, (_, b) => s.covariance(a, b)));
}

/** Pearson correlation from a covariance matrix (diagonal exactly 1). */
export function correlationFromCovariance(cov: readonly (readonly number[])[]): number[][] {
  return cov.map((row, a) => row.map((c, b) => (a === b ? 1 : c / Math.sqrt(cov[a]![a]! * cov[b]![b]!))));
}

/** D_ij = sqrt(clip((1 - rho_ij) / 2, 0, 1)). */
export function correlationDistance(rho: readonly (readonly number[])[]): number[][] {
  return rho.map((row) => row.map((r) => Math.sqrt(Math.min(1, Math.max(0, (1 - r) / 2)))));
}

/** Lance-Williams distance from the merge of i and j to cluster l. */
function lanceWilliams(
  method: LinkageMethod,
  dil: number,
  djl: number,
  dij: number,
  ni: number,
  nj: number,
  nl: number,
): number {
  switch (method) {
    case "single":
      return Math.min(dil, djl);
    case "complete":
      return Math.max(dil, djl);
    case "average":
      return (ni * dil + nj * djl) / (ni + nj);
    case "weighted":
      return (dil + djl) / 2;
    case "centroid":
      return Math.sqrt(
        Math.max(0, (ni * dil * dil + nj * djl * djl) / (ni + nj) - (ni * nj * dij * dij) / (ni + nj) ** 2),
      );
    case "median":
      return Math.sqrt(Math.max(0, (dil * dil) / 2 + (djl * djl) / 2 - (dij * dij) / 4));
    case "ward":
      return Math.sqrt(Math.max(0, ((ni + nl) * dil * dil + (nj + nl) * djl * djl - nl * dij * dij) / (ni + nj + nl)));
  }
}

/**
 * Single linkage of n leaves in O(n) memory and n (n - 1) / 2 distance calls: Prim's minimum spanning
 * tree grown from leaf 0 (each step records the edge from the last added leaf, as scipy's
 * mst_single_linkage does), edges stably sorted by length, then labelled with a union-find. Merge k
 * creates id n + k. Ties follow scipy: equal edges keep Prim's order. `tick` gets the distances computed.
 */
export function singleLinkage(n: number, dist: DistanceFn | RowDistances, tick?: Tick): Merge[] {
  if (n < 2) return [];
  const rowDistances = dist.length === 3 ? (dist as RowDistances) : rowDistancesOf(dist as DistanceFn);
  const done = new Uint8Array(n);
  const near = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const row = new Float64Array(n);
  const from = new Int32Array(n - 1);
  const to = new Int32Array(n - 1);
  const height = new Float64Array(n - 1);
  let x = 0;
  for (let k = 0; k < n - 1; k++) {
    done[x] = 1;
    rowDistances(x, done, row);
    let y = -1;
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      if (done[i]) continue;
      const d = row[i]!;
      if (near[i]! > d) near[i] = d;
      if (y < 0 || near[i]! < best) [y, best] = [i, near[i]!];
    }
    [from[k], to[k], height[k]] = [x, y, best];
    x = y;
    tick?.(n - k - 1);
  }
  const order = Array.from({ length: n - 1 }, (_, k) => k).sort((a, b) => height[a]! - height[b]! || a - b);
  return labelMerges(n, order, from, to, height);
}

/** Turns sorted leaf-to-leaf edges into merges of cluster ids (union-find with path halving). */
function labelMerges(n: number, order: number[], from: Int32Array, to: Int32Array, height: Float64Array): Merge[] {
  const parent = Int32Array.from({ length: 2 * n - 1 }, (_, i) => i);
  const size = new Int32Array(2 * n - 1).fill(1);
  const find = (a: number) => {
    while (parent[a] !== a) a = parent[a] = parent[parent[a]!]!;
    return a;
  };
  return order.map((k, step) => {
    const [a, b] = [find(from[k]!), find(to[k]!)];
    const id = n + step;
    parent[a] = parent[b] = id;
    size[id] = size[a]! + size[b]!;
    return { left: Math.min(a, b), right: Math.max(a, b), distance: height[k]!, size: size[id]! };
  });
}

/**
 * Agglomerative clustering by Lance-Williams updates on one n x n table of cluster distances. Each step
 * merges the closest pair of current clusters; ties go to the lexicographically smallest (id, id)
 * pair. (Square-root clipping at 0 guards rounding only.) `tick` gets distances computed or compared.
 */
export function lanceWilliamsLinkage(n: number, d: DistanceFn, method: LinkageMethod, tick?: Tick): Merge[] {
  const ids = Math.max(1, 2 * n - 1);
  // Distances between live clusters in an n x n table: a merge takes its left child's slot.
  const dist = new Float64Array(n * n);
  const slot = new Int32Array(ids);
  for (let i = 0; i < n; i++) slot[i] = i;
  const at = (a: number, b: number) => slot[a]! * n + slot[b]!;
  for (let a = 0; a < n; a++) {
    for (let b = a; b < n; b++) dist[a * n + b] = dist[b * n + a] = d(a, b);
    tick?.(n - a);
  }
  const size = new Array<number>(ids).fill(1);
  let active = Array.from({ length: n }, (_, i) => i);
  const merges: Merge[] = [];
  while (active.length > 1) {
    // `active` stays ascending (new ids are the largest), so the first strict minimum is the
    // lexicographically smallest pair among ties.
    let bi = -1;
    let bj = -1;
    let best = Number.POSITIVE_INFINITY;
    for (let x = 0; x < active.length; x++) {
      const row = slot[active[x]!]! * n;
      for (let y = x + 1; y < active.length; y++) {
        const dd = dist[row + slot[active[y]!]!]!;
        if (bi < 0 || dd < best) [bi, bj, best] = [active[x]!, active[y]!, dd];
      }
    }
    const id = n + merges.length;
    const [ni, nj] = [size[bi]!, size[bj]!];
    active = active.filter((c) => c !== bi && c !== bj);
    slot[id] = slot[bi]!;
    for (const l of active) {
      const v = lanceWilliams(method, dist[at(bi, l)]!, dist[at(bj, l)]!, best, ni, nj, size[l]!);
      dist[at(id, l)] = v;
      dist[at(l, id)] = v;
    }
    size[id] = ni + nj;
    merges.push({ left: bi, right: bj, distance: best, size: ni + nj });
    active.push(id);
    tick?.((active.length * active.length) / 2);
  }
  return merges;
}

/** Clustering of n leaves: single linkage by spanning tree, the other methods by Lance-Williams. */
export function linkageOf(n: number, d: DistanceFn, method: LinkageMethod, tick?: Tick): Merge[] {
  return method === "single" ? singleLinkage(n, d, tick) : lanceWilliamsLinkage(n, d, method, tick);
}

/** Clustering of the square distance matrix `d` (leaves 0..N-1; merge k creates id N + k). */
export function linkage(d: readonly (readonly number[])[], method: LinkageMethod): Merge[] {
  return linkageOf(d.length, (a, b) => d[a]![b]!, method);
}

/** Leaves in pre-order of the tree (left child, the smaller id, first). */
export function quasiDiagonalOrder(merges: readonly Merge[], n: number): number[] {
  if (n === 0) return [];
  const order: number[] = [];
  const stack = [n + merges.length - 1];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id < n) order.push(id);
    else {
      const m = merges[id - n]!;
      stack.push(m.right, m.left);
    }
  }
  return order;
}

/** u' Sigma u with inverse-variance weights u over the assets in `items`. */
function matrixClusterVariance(cov: readonly (readonly number[])[], items: readonly number[]): number {
  const inv = items.map((i) => 1 / cov[i]![i]!);
  const total = inv.reduce((s, x) => s + x, 0);
  const u = inv.map((x) => x / total);
  let v = 0;
  items.forEach((a, p) => items.forEach((b, q) => (v += u[p]! * cov[a]![b]! * u[q]!)));
  return v;
}

/**
 * Recursive bisection of `order` into positional halves; returns weights indexed by asset. `variance`
 * is a cluster's inverse-variance-weighted variance: a covariance matrix, or columns (ColumnStats).
 */
export function recursiveBisection(
  variance: readonly (readonly number[])[] | ColumnStats,
  order: readonly number[],
  tick?: Tick,
): number[] {
  const clusterVariance =
    variance instanceof ColumnStats
      ? (items: readonly number[]) => variance.clusterVariance(items)
      : (items: readonly number[]) => matrixClusterVariance(variance, items);
  const n = variance instanceof ColumnStats ? variance.size : variance.length;
  const w = new Array<number>(n).fill(0);
  for (const i of order) w[i] = 1;
  let clusters: number[][] = [order.slice()];
  while (clusters.length > 0) {
    clusters = clusters
      .filter((c) => c.length > 1)
      .flatMap((c) => {
        const half = Math.floor(c.length / 2);
        return [c.slice(0, half), c.slice(half)];
      });
    for (let p = 0; p < clusters.length; p += 2) {
      const [left, right] = [clusters[p]!, clusters[p + 1]!];
      const vl = clusterVariance(left);
      const vr = clusterVariance(right);
      const a = 1 - vl / (vl + vr);
      for (const i of left) w[i]! *= a;
      for (const i of right) w[i]! *= 1 - a;
      tick?.(left.length + right.length);
    }
  }
  return w;
}

export interface HrpResult {
  /** Weight per asset, in input column order; sums to 1. */
  readonly weights: number[];
  /** Quasi-diagonal order of asset positions. */
  readonly order: number[];
  readonly merges: Merge[];
}

/**
 * HRP of complete columns (one array per asset, each with variance > 0). Memory beyond the columns:
 * O(K) for single linkage, one K x K table for the others. `meter` counts work units as the cost
 * table prices them (T per distance).
 */
export function hrpOfColumns(
  columns: readonly (readonly number[])[],
  method: LinkageMethod,
  meter?: WorkMeter,
): HrpResult {
  const stats = new ColumnStats(centredColumns(columns));
  const t = columns[0]?.length ?? 0;
  const tick = meter && ((k: number) => meter.tick(k * (t + HRP_UNITS_PER_DISTANCE)));
  const merges =
    method === "single"
      ? singleLinkage(stats.size, stats.distancesFrom, tick)
      : lanceWilliamsLinkage(stats.size, stats.distance, method, tick);
  const order = quasiDiagonalOrder(merges, stats.size);
  return { weights: recursiveBisection(stats, order, meter && ((k) => meter.tick(k * t))), order, merges };
}

/** Work units of one distance beyond its T multiply-adds (division, square roots, clipping). */
export const HRP_UNITS_PER_DISTANCE = 8;

/** HRP from a covariance matrix whose diagonal is > 0. */
export function hrpFromCovariance(cov: readonly (readonly number[])[], method: LinkageMethod): HrpResult {
  const distance = correlationDistance(correlationFromCovariance(cov));
  const merges = linkage(distance, method);
  const order = quasiDiagonalOrder(merges, cov.length);
  return { weights: recursiveBisection(cov, order), order, merges };
}

/** HRP weights from complete return rows (rows x assets); every column must have variance > 0. */
export function hrpWeights(rows: readonly (readonly number[])[], method: LinkageMethod): HrpResult {
  const m = rows.length === 0 ? 0 : rows[0]!.length;
  return hrpOfColumns(
    Array.from({ length: m }, (_, j) => rows.map((r) => r[j]!)),
    method,
  );
}
