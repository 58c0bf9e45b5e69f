// Hierarchical risk parity (Lopez de Prado 2016, as PyPortfolioOpt computes it): correlation
// distance, agglomerative clustering with Lance-Williams updates, quasi-diagonal order and
// recursive bisection. Inputs are complete (no NaN); callers check that first.

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

/** An m x m matrix of zeros. */
export function zeroMatrix(m: number): number[][] {
  return Array.from({ length: m }, () => new Array<number>(m).fill(0));
}

/** Fills row and column `a` of the sample covariance (ddof = 1) from b >= a; O(m n) work. */
export function fillCovarianceRow(centred: readonly Float64Array[], a: number, cov: number[][]): void {
  const ca = centred[a]!;
  const n = ca.length;
  for (let b = a; b < centred.length; b++) {
    const cb = centred[b]!;
    let s = 0;
    for (let t = 0; t < n; t++) s += ca[t]! * cb[t]!;
    cov[a]![b] = cov[b]![a] = s / (n - 1);
  }
}

/** Sample covariance matrix (ddof = 1) of the columns of `rows` (rows x assets), two-pass. */
export function sampleCovariance(rows: readonly (readonly number[])[]): number[][] {
  const m = rows.length === 0 ? 0 : rows[0]!.length;
  const centred = centredColumns(Array.from({ length: m }, (_, j) => rows.map((r) => r[j]!)));
  const cov = zeroMatrix(m);
  for (let a = 0; a < m; a++) fillCovarianceRow(centred, a, cov);
  return cov;
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
 * Agglomerative clustering of the square distance matrix `d`. Leaves are 0..N-1; merge k creates
 * id N + k. Each step merges the closest pair of current clusters; ties go to the
 * lexicographically smallest (id, id) pair. (Square-root clipping at 0 guards rounding only.)
 */
export function linkage(d: readonly (readonly number[])[], method: LinkageMethod): Merge[] {
  const n = d.length;
  const ids = Math.max(1, 2 * n - 1);
  // Distances between live clusters in an n x n table: a merge takes its left child's slot.
  const dist = new Float64Array(n * n);
  const slot = new Int32Array(ids);
  for (let i = 0; i < n; i++) slot[i] = i;
  const at = (a: number, b: number) => slot[a]! * n + slot[b]!;
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) dist[a * n + b] = d[a]![b]!;
  const size = new Array<number>(ids).fill(1);
  let active = Array.from({ length: n }, (_, i) => i);
  const merges: Merge[] = [];
  while (active.length > 1) {
    // `active` stays ascending (new ids are the largest), so the first strict minimum is the
    // lexicographically smallest pair among ties.
    let bi = -1;
    let bj = -1;
    let best = Infinity;
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
  }
  return merges;
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
function clusterVariance(cov: readonly (readonly number[])[], items: readonly number[]): number {
  const inv = items.map((i) => 1 / cov[i]![i]!);
  const total = inv.reduce((s, x) => s + x, 0);
  const u = inv.map((x) => x / total);
  let v = 0;
  items.forEach((a, p) => items.forEach((b, q) => (v += u[p]! * cov[a]![b]! * u[q]!)));
  return v;
}

/** Recursive bisection of `order` into positional halves; returns weights indexed by asset. */
export function recursiveBisection(cov: readonly (readonly number[])[], order: readonly number[]): number[] {
  const w = new Array<number>(cov.length).fill(0);
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
      const vl = clusterVariance(cov, left);
      const vr = clusterVariance(cov, right);
      const a = 1 - vl / (vl + vr);
      for (const i of left) w[i]! *= a;
      for (const i of right) w[i]! *= 1 - a;
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
  readonly distance: number[][];
}

/** HRP from a covariance matrix whose diagonal is > 0. */
export function hrpFromCovariance(cov: readonly (readonly number[])[], method: LinkageMethod): HrpResult {
  const distance = correlationDistance(correlationFromCovariance(cov));
  const merges = linkage(distance, method);
  const order = quasiDiagonalOrder(merges, cov.length);
  return { weights: recursiveBisection(cov, order), order, merges, distance };
}

/** HRP weights from complete return rows (rows x assets); every column must have variance > 0. */
export function hrpWeights(rows: readonly (readonly number[])[], method: LinkageMethod): HrpResult {
  return hrpFromCovariance(sampleCovariance(rows), method);
}
