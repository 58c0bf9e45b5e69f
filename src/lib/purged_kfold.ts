// Purged k-fold with embargo (purge_effect spec): contiguous folds, label spans [i, i + h],
// inclusive purge rule, embargo of h_e bars after each test block's label span.
import { Decimal } from "decimal.js";

/** One fold as row positions: the rows a model trains on and the rows it is tested on. */
export interface Fold {
  readonly train: readonly number[];
  readonly test: readonly number[];
}

/** What purging and embargoing did to one fold's training set. */
export interface PurgedFold {
  /** s = min(test). */
  readonly testStart: number;
  /** e = max(test). */
  readonly testEnd: number;
  /** Training rows whose span [i, i + h] meets the test span [s, e + h], endpoints included, in train order. */
  readonly purged: readonly number[];
  /** Training rows not purged with e + h < i <= e + h + h_e, in train order. */
  readonly embargoed: readonly number[];
  /** The training rows left, in train order. */
  readonly kept: readonly number[];
}

/**
 * Plain contiguous k-fold over rows 0..n-1: the first n mod k blocks have one extra row; each
 * block is a test set, every other row its training set (ascending). Requires 2 <= k <= n.
 */
export function contiguousKFold(n: number, k: number): Fold[] {
  if (!Number.isInteger(n) || !Number.isInteger(k) || k < 2 || k > n)
    throw new RangeError(`contiguousKFold needs integers 2 <= k <= n, got n=${n}, k=${k}`);
  const base = Math.floor(n / k);
  const extra = n % k;
  const folds: Fold[] = [];
  let start = 0;
  for (let f = 0; f < k; f++) {
    const size = base + (f < extra ? 1 : 0);
    const end = start + size;
    const test: number[] = [];
    const train: number[] = [];
    for (let i = 0; i < n; i++) (i >= start && i < end ? test : train).push(i);
    folds.push({ train, test });
    start = end;
  }
  return folds;
}

/**
 * Embargo length h_e = floor(embargo x n) in bars, computed on the decimal text of `embargo`
 * (so 0.29 x 100 is 29, not 28.999...). `embargo` in [0, 1), n >= 0.
 */
export function embargoBars(embargo: number, n: number): number {
  return new Decimal(embargo).times(n).floor().toNumber();
}

/** Purges (horizon h) and embargoes (`embargoLength` = h_e bars) one fold's training set; `test` non-empty. */
export function purgeFold(fold: Fold, horizon: number, embargoLength: number): PurgedFold {
  if (fold.test.length === 0) throw new RangeError("purgeFold needs a non-empty test set");
  let s = Infinity;
  let e = -Infinity;
  for (const t of fold.test) {
    if (t < s) s = t;
    if (t > e) e = t;
  }
  const spanEnd = e + horizon;
  const purged: number[] = [];
  const embargoed: number[] = [];
  const kept: number[] = [];
  for (const i of fold.train) {
    if (i <= spanEnd && i + horizon >= s) purged.push(i);
    else if (i > spanEnd && i <= spanEnd + embargoLength) embargoed.push(i);
    else kept.push(i);
  }
  return { testStart: s, testEnd: e, purged, embargoed, kept };
}

/** Contiguous k-fold with each training set purged (horizon h) and embargoed (h_e bars). */
export function purgedKFold(n: number, k: number, horizon: number, embargoLength: number): Fold[] {
  return contiguousKFold(n, k).map((f) => ({ train: purgeFold(f, horizon, embargoLength).kept, test: f.test }));
}
