import {
  Outcome,
  invalid,
  fieldPath,
  type Cell,
  type Frame,
  type Integer,
  type Label,
  type Series,
} from "../src/contract/guard.js";
import { rocAuc } from "../src/lib/auc.js";
import { numericColumn } from "../src/lib/frame.js";
import { knnMeanLabel } from "../src/lib/knn.js";
import { step } from "../src/lib/progress.js";
import { contiguousKFold, embargoBars, purgeFold, type Fold } from "../src/lib/purged_kfold.js";
import { isDateIndex } from "../src/lib/series.js";
import { valuesView } from "../src/lib/series_or_array.js";
import { describeCell } from "../src/lib/describe_value.js";
import { mean } from "../src/lib/stats.js";
import { isFrame } from "../src/lib/frame_shape.js";
import { requireInteger } from "../src/lib/integer_checks.js";

export const skill = "lib-purgedcv";
export const title = "Purged cross-validation check";
export const required = ["x", "y", "horizon"] as const;
export const optional = ["splits", "n_splits", "embargo", "score_fn", "auc_tol"] as const;
export const slots = { x: "features", y: "target" } as const;

/** Neighbours of the default scorer. */
const KNN_K = 5;
/** Coordinate operations per progress step of the default scorer (about 10 ms of work). */
const WORK_PER_STEP = 1_000_000;

/** An in-process scorer: scores for the test rows (one per row, finite), higher = more likely 1. */
type Scorer = (x_train: number[][], y_train: number[], x_test: number[][]) => ArrayLike<number>;

/** One row of the per-fold table, keys in the spec's order. */
interface FoldRow {
  fold: number;
  test_start: number;
  test_end: number;
  n_test: number;
  n_train_naive: number;
  n_purged: number;
  n_embargoed: number;
  n_train: number;
}

/**
 * Catches leakage in time-series cross-validation (k-fold or walk-forward): training rows whose labels
 * (forward returns over a holding period) overlap the test block, and measures the AUC such a leak
 * manufactures, with and without purging and an embargo.
 *
 * When the label of bar i resolves at bar i + horizon, a training row just before a test block
 * knows part of the test period, and a row just after it shares the test labels' information.
 * Label spans are [i, i + horizon]; a test block spans [min(test), max(test) + horizon]. A
 * training row is purged when its span meets the test span (endpoints included) and embargoed
 * when it lies within floor(embargo x n) bars after that span. The guard counts both per fold and
 * scores every fold twice, with the naive and the purged training set (AUC by Mann-Whitney with
 * average ranks; default scorer: mean label of the 5 nearest training rows in squared Euclidean
 * distance, ties to the lower row index). Without splits, plain contiguous k-fold is audited as a
 * demonstration.
 *
 * Inputs
 *   x : features, rows = observations (n rows), columns = features; a frame or an array of
 *       equal-length number arrays (rows); finite.
 *   y : binary labels 0/1, one per row of x; y[i] resolves at bar i + horizon.
 *   horizon : label horizon h in bars, an integer with 1 <= h < n.
 *   splits : your folds, an array of [train_indices, test_indices] pairs of row positions
 *       (integers in [0, n), no duplicate within a set); at least 2 folds. Absent: plain
 *       contiguous k-fold with n_splits folds is audited.
 *   n_splits : number of folds of the plain k-fold used without splits, 2 <= n_splits <= n.
 *   embargo : embargo after each test block as a fraction of the sample, 0 <= embargo < 1;
 *       h_e = floor(embargo x n) bars.
 *   score_fn : in-process scorer (x_train, y_train, x_test) => one finite score per test row.
 *       Default: 5-nearest-neighbours mean label.
 *   auc_tol : AUC inflation (naive minus purged, in AUC points) that earns a warning.
 *     @minimum 0
 *
 * @keywords leakage, cross-validation, k-fold, labels, overlap, forward returns, purging, embargo, auc
 */
export async function check(
  x: Frame | readonly (readonly number[])[],
  y: Series | readonly Integer[],
  horizon: Integer,
  splits?: readonly (readonly (readonly Integer[])[])[],
  n_splits: Integer = 5,
  embargo: number = 0.01,
  score_fn?: (x_train: number[][], y_train: number[], x_test: number[][]) => ArrayLike<number>,
  auc_tol: number = 0.01,
) {
  const features = requireFeatures(x);
  const n = features.rows.length;
  const labels = requireLabels(y, n, features.index);
  requireInteger("horizon", horizon, { min: 1, max: n - 1, bounds: `in [1, n - 1] = [1, ${n - 1}]` });
  const userFolds = splits === undefined ? undefined : requireSplits(splits, n);
  requireInteger("n_splits", n_splits, { min: 2, max: n, bounds: `in [2, n] = [2, ${n}]` });
  if (typeof embargo !== "number" || !Number.isFinite(embargo) || embargo < 0)
    throw invalid("embargo", `must be a fraction of n in [0, 1), got ${describeCell(embargo)}`);
  if (embargo >= 1)
    throw invalid("embargo", `is a fraction of n, e.g. 0.01 (not a bar count); must be in [0, 1), got ${embargo}`);
  if (score_fn !== undefined && typeof score_fn !== "function")
    throw invalid("score_fn", `must be a function (x_train, y_train, x_test) => scores, got ${typeof score_fn}`);
  if (typeof auc_tol !== "number" || !Number.isFinite(auc_tol) || auc_tol < 0)
    throw invalid("auc_tol", `must be a finite number >= 0, got ${describeCell(auc_tol)}`);

  const he = embargoBars(embargo, n);
  const folds = userFolds ?? contiguousKFold(n, n_splits);
  const purged = folds.map((f) => purgeFold(f, horizon, he));
  const rows: FoldRow[] = folds.map((f, i) => ({
    fold: i,
    test_start: purged[i]!.testStart,
    test_end: purged[i]!.testEnd,
    n_test: f.test.length,
    n_train_naive: f.train.length,
    n_purged: purged[i]!.purged.length,
    n_embargoed: purged[i]!.embargoed.length,
    n_train: purged[i]!.kept.length,
  }));
  const leaks = rows.reduce((t, r) => t + r.n_purged, 0);

  const scorer = new FoldScorer(features.rows, labels, score_fn);
  const aucsUser: (number | null)[] = [];
  const aucsPurged: (number | null)[] = [];
  for (let i = 0; i < folds.length; i++) {
    aucsUser.push(await scorer.auc(folds[i]!.train, folds[i]!.test));
    aucsPurged.push(await scorer.auc(purged[i]!.kept, folds[i]!.test));
  }
  const aucUser = meanOrNull(aucsUser);
  const aucPurged = meanOrNull(aucsPurged);
  const inflation = aucUser === null || aucPurged === null ? null : aucUser - aucPurged;

  const out = new Outcome();
  reportFolds(out, rows, userFolds !== undefined, horizon, he, n_splits, leaks);
  reportAuc(out, aucUser, aucPurged, inflation, auc_tol);
  return out
    .note("folds", rows)
    .note("leaks", leaks)
    .note("n_folds", folds.length)
    .note("embargo_bars", he)
    .note("user_label", userFolds !== undefined ? "your splits" : `plain KFold(${n_splits})`)
    .note("auc_user", aucUser)
    .note("auc_purged", aucPurged)
    .note("auc_inflation", inflation)
    .note("fold_aucs_user", aucsUser)
    .note("fold_aucs_purged", aucsPurged)
    .done();
}

/** Purge and embargo findings: per fold with the caller's splits, one demonstration line without. */
function reportFolds(
  out: Outcome,
  rows: readonly FoldRow[],
  userSplits: boolean,
  h: number,
  he: number,
  k: number,
  leaks: number,
): void {
  if (!userSplits) {
    out.info(`plain KFold(${k}) would leak ${leaks} rows; pass your splits to audit them`, "folds");
    return;
  }
  for (const r of rows) {
    const block = `[${r.test_start}, ${r.test_end}]`;
    if (r.n_purged > 0)
      out.error(
        `${r.n_purged} training row(s) carry labels overlapping the test block ${block} + horizon ${h} (purge ` +
          "violation)",
        `fold ${r.fold}`,
      );
    if (r.n_embargoed > 0) {
      const from = r.test_end + h + 1;
      out.warning(
        `${r.n_embargoed} training rows inside the embargo of ${he} bars after the test block ${block} + ` +
          `horizon ${h} (rows ${from}..${from + he - 1})`,
        `fold ${r.fold}`,
      );
    }
  }
  if (rows.every((r) => r.n_purged === 0 && r.n_embargoed === 0))
    out.info("no training row overlaps a test label span, and none sits inside the embargo", "folds");
}

function reportAuc(
  out: Outcome,
  user: number | null,
  purged: number | null,
  inflation: number | null,
  tol: number,
): void {
  if (user === null || purged === null) {
    const side =
      user === null && purged === null
        ? "either training set"
        : user === null
          ? "the naive training sets"
          : "the purged training sets";
    out.warning(
      `AUC not computable: no fold could be scored with ${side} (a training set with a single class or no ` +
        "rows, or a test set with a single class)",
      "auc",
    );
  } else if (inflation! > tol) {
    out.warning(
      `naive AUC ${user.toFixed(3)} vs purged AUC ${purged.toFixed(3)}: the overlap inflates AUC by ` +
        `${inflation!.toFixed(3)} (tolerance ${tol})`,
      "auc",
    );
  } else {
    out.info(
      `naive AUC ${user.toFixed(3)}, purged AUC ${purged.toFixed(3)} (inflation ${inflation!.toFixed(3)}, ` +
        `tolerance ${tol})`,
      "auc",
    );
  }
}

function meanOrNull(xs: readonly (number | null)[]): number | null {
  const ok = xs.filter((v): v is number => v !== null);
  return ok.length === 0 ? null : mean(ok);
}

/** Scores folds with the caller's scorer or the default k-NN, reporting progress as it goes. */
class FoldScorer {
  constructor(
    private readonly x: readonly (readonly number[])[],
    private readonly y: readonly number[],
    private readonly fn: Scorer | undefined,
  ) {}

  /** The fold's test AUC with this training set; null when either side has a single class. */
  async auc(train: readonly number[], test: readonly number[]): Promise<number | null> {
    if (!hasBothClasses(train, this.y) || !hasBothClasses(test, this.y)) return null;
    const scores = this.fn === undefined ? await this.knn(train, test) : await this.callUser(train, test);
    return rocAuc(
      scores,
      test.map((i) => this.y[i]!),
    );
  }

  private async knn(train: readonly number[], test: readonly number[]): Promise<number[]> {
    const d = this.x[0]!.length;
    const chunk = Math.max(1, Math.floor(WORK_PER_STEP / Math.max(1, train.length * d)));
    const scores: number[] = [];
    for (let at = 0; at < test.length; at += chunk) {
      for (const v of knnMeanLabel(this.x, this.y, train, test.slice(at, at + chunk), KNN_K)) scores.push(v);
      await step(Math.min(at + chunk, test.length), test.length);
    }
    return scores;
  }

  private async callUser(train: readonly number[], test: readonly number[]): Promise<number[]> {
    const got = this.fn!(
      train.map((i) => [...this.x[i]!]),
      train.map((i) => this.y[i]!),
      test.map((i) => [...this.x[i]!]),
    );
    await step(1, 1);
    const isList = Array.isArray(got) || ArrayBuffer.isView(got);
    if (!isList) throw invalid("score_fn", `must return an array of scores, got ${describeCell(got)}`);
    const scores = Array.from(got as ArrayLike<number>);
    if (scores.length !== test.length)
      throw invalid(
        "score_fn",
        `returned ${scores.length} score(s) for ${test.length} test row(s); it must return one score per test row`,
      );
    scores.forEach((s, i) => {
      if (typeof s !== "number" || !Number.isFinite(s))
        throw invalid("score_fn", `returned a score that is not a finite number at test row ${i}: ${describeCell(s)}`);
    });
    return scores;
  }
}

function hasBothClasses(rows: readonly number[], y: readonly number[]): boolean {
  let ones = 0;
  for (const i of rows) ones += y[i]!;
  return ones > 0 && ones < rows.length;
}

/** Feature rows of a frame or an array of rows: equal length >= 1, finite; n >= 2. */
function requireFeatures(x: Frame | readonly (readonly number[])[]): { rows: number[][]; index?: readonly Label[] } {
  let rows: number[][];
  let index: readonly Label[] | undefined;
  if (Array.isArray(x)) rows = featureRowsFromArrays(x as readonly unknown[]);
  else if (isFrame(x)) {
    if (x.columns.length === 0) throw invalid("x", "needs at least one feature column");
    const cols = x.columns.map((c) => numericColumn("x", x, c));
    rows = Array.from({ length: x.nrows }, (_, i) => cols.map((col) => col[i]!));
    index = x.index;
  } else throw invalid("x", `must be a frame or an array of number arrays (rows), got ${describeCell(x)}`);
  if (rows.length < 2) throw invalid("x", `needs at least 2 rows, got ${rows.length}`);
  return index === undefined ? { rows } : { rows, index };
}

function featureRowsFromArrays(x: readonly unknown[]): number[][] {
  const width = Array.isArray(x[0]) ? x[0].length : -1;
  return x.map((row, i) => {
    if (!Array.isArray(row))
      throw invalid(fieldPath("x", i), `each row must be an array of numbers, got ${describeCell(row)}`);
    if (row.length === 0) throw invalid(fieldPath("x", i), "a row needs at least one feature");
    if (row.length !== width)
      throw invalid(
        fieldPath("x", i),
        `row has ${row.length} value(s) but row 0 has ${width}; rows must have equal length`,
      );
    return row.map((v: unknown, j: number) => {
      if (typeof v !== "number" || !Number.isFinite(v))
        throw invalid(fieldPath("x", i, j), `features must be finite numbers, got ${describeCell(v)}`);
      return v;
    });
  });
}

/** Labels 0/1, one per feature row; dated labels must match a dated frame index. */
function requireLabels(y: Series | readonly Integer[], n: number, xIndex: readonly Label[] | undefined): number[] {
  const view = valuesView("y", y);
  if (view.values.length !== n)
    throw invalid(
      "y",
      `has ${view.values.length} label(s) but x has ${n} row(s); they pair by position and must have equal length`,
    );
  if (isDateIndex(xIndex) && isDateIndex(view.index)) {
    const at = xIndex.findIndex((l, i) => l !== view.index![i]);
    if (at >= 0)
      throw invalid(
        "y",
        `dates differ from x's at position ${at}: x has ${JSON.stringify(xIndex[at])}, y has ` +
          `${JSON.stringify(view.index[at])}`,
      );
  }
  return view.values.map((v: Cell, i) => {
    if (v !== 0 && v !== 1)
      throw invalid(fieldPath(view.base, i), `labels must be the integers 0 or 1, got ${describeCell(v)}`);
    return v;
  });
}

/** The caller's folds: >= 2 pairs [train, test] of non-empty, duplicate-free row positions in [0, n). */
function requireSplits(splits: unknown, n: number): Fold[] {
  if (!Array.isArray(splits))
    throw invalid("splits", `must be an array of [train_indices, test_indices] pairs, got ${describeCell(splits)}`);
  if (splits.length < 2) throw invalid("splits", `needs at least 2 folds, got ${splits.length}`);
  return splits.map((fold: unknown, i: number) => {
    if (!Array.isArray(fold) || fold.length !== 2 || !Array.isArray(fold[0]) || !Array.isArray(fold[1])) {
      throw invalid(
        fieldPath("splits", i),
        `each fold must be a pair [train_indices, test_indices] of arrays, got ${describeCell(fold)}`,
      );
    }
    return {
      train: requireIndexSet(fieldPath("splits", i, 0), "train", fold[0], n),
      test: requireIndexSet(fieldPath("splits", i, 1), "test", fold[1], n),
    };
  });
}

function requireIndexSet(field: string, what: string, xs: readonly unknown[], n: number): number[] {
  if (xs.length === 0) throw invalid(field, `the ${what} set is empty`);
  const seen = new Set<number>();
  return xs.map((v, j) => {
    const row = requireInteger(fieldPath(field, j), v, { min: 0, max: n - 1, bounds: `row position in [0, ${n})` });
    if (seen.has(row)) throw invalid(fieldPath(field, j), `duplicated index ${row} in the ${what} set`);
    seen.add(row);
    return row;
  });
}
