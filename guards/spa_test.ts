import { Outcome, invalid, fieldPath, type Frame, type Integer, type Series } from "../src/contract/guard.js";
import { numericCells, numericColumn } from "../src/lib/frame.js";
import { numericColumnsOf } from "../src/lib/numeric_columns.js";
import { requireNumber, requireNumbers } from "../src/lib/series.js";
import { sd } from "../src/lib/stats.js";
import { studentTCdf } from "../src/lib/normal.js";
import { checkPercentReturnColumns, checkPercentReturns, checkSampleLength } from "../src/lib/unit_checks.js";
import {
  bootstrapCounts,
  chooseBlockSize,
  differenceOf,
  differentials,
  releaseDifferentials,
  studentize,
  type Studentized,
} from "./_spa_test_core.js";
import { requireInteger } from "../src/lib/integer_checks.js";
import { describeCell } from "../src/lib/describe_value.js";

export const skill = "backtest-validation";
export const title = "Hansen's SPA test over every candidate";
export const required = ["benchmark_returns", "model_returns"] as const;
export const optional = ["reps", "block_size", "seed", "alpha"] as const;

const MAX_REPS = 100000;
const MAX_SEED = 4294967295;
/** Fewer rows than this are too short to judge a mean excess return. */
const MIN_OBS = 30;

/**
 * Tests whether the best of many candidate strategies, models or trading rules really beats a
 * benchmark (mean excess return) once the whole search is accounted for (data snooping, data mining,
 * luck), with Hansen's (2005) test for superior predictive ability, a refinement of White's reality
 * check.
 *
 * The statistic is the maximum studentized mean excess return over all candidates, bootstrapped
 * with the stationary bootstrap (MT19937 stream from seed).
 *
 * Inputs
 *   benchmark_returns : per-period simple returns as decimals (0.01 = 1%) of the benchmark or
 *       incumbent (higher is better); at least 10 finite values, fewer than 30 warn as too short to judge.
 *       A single number is a constant per-period return on every row (0: cash, the candidates' own returns).
 *   model_returns : per-period simple returns as decimals of every candidate tried, abandoned
 *       ones included; one column per candidate, rows aligned with benchmark_returns.
 *     @trial
 *   reps : bootstrap replications, 1 to 100000.
 *   block_size : mean block length of the stationary bootstrap in periods, a number in [1, n],
 *       or "auto" for the Politis-White (2004, Patton-Politis-White 2009) length.
 *   seed : MT19937 seed, an integer in [0, 2^32 - 1].
 *     @minimum 0 @maximum 4294967295
 *   alpha : significance level, in (0, 1).
 *     @exclusiveMinimum 0 @exclusiveMaximum 1
 *
 * Fails when the consistent SPA p-value is at or above alpha: the best candidate is consistent
 * with luck. Evidence carries the lower, consistent and upper p-values and per-candidate
 * statistics. `better_models` lists the candidates whose own bootstrap p-value (each candidate
 * tested alone against the benchmark, recentred as the consistent test is; `individual_pvalues`)
 * is below alpha, best studentized statistic first. It is not corrected for the search: only the
 * SPA p-value speaks for the whole set, and a name in better_models when the SPA test does not
 * reject is not evidence of skill.
 *
 * @keywords data snooping, data mining, beats a benchmark, trading rules, luck, reality check
 * @keywords superior predictive ability
 */
export async function check(
  benchmark_returns: Series | number,
  model_returns: Frame,
  reps: Integer = 1000,
  block_size: "auto" | number = "auto",
  seed: Integer = 0,
  alpha: number = 0.05,
) {
  const benchmarkSeries = constantOrSeries(benchmark_returns, model_returns);
  const benchmark = requireNumbers("benchmark_returns", benchmarkSeries, { minLength: 10 });
  const n = benchmark.length;
  const { names, columns } = requireModels(model_returns, benchmarkSeries);
  requireInteger("reps", reps, { min: 1, max: MAX_REPS });
  requireBlockSize(block_size, n);
  requireInteger("seed", seed, { min: 0, max: MAX_SEED });
  requireNumber("alpha", alpha);
  if (!(alpha > 0 && alpha < 1)) throw invalid("alpha", `must be in (0, 1), got ${alpha}`);

  const diff = differentials(benchmark, columns);
  const block = chooseBlockSize(diff, block_size);
  const st = studentize(diff, block.blockSize);
  const counts = await bootstrapCounts(diff, st, block.blockSize, reps, seed);
  releaseDifferentials(diff); // its tables are not read below: the next call reuses their memory

  const pvalues = { lower: counts.lower / reps, consistent: counts.consistent / reps, upper: counts.upper / reps };
  const individual = names.map((_, j) => (st.degenerate[j] ? 1 : counts.individual[j]! / reps));
  const better = betterModels(names, st, individual, alpha);
  const bestName = names[st.best]!;
  const naive = naivePvalue(differenceOf(columns[st.best]!, benchmark), diff.means[st.best]!);

  const out = new Outcome();
  checkSampleLength(out, "benchmark_returns", n, MIN_OBS, "a mean excess return");
  checkPercentReturns(out, "benchmark_returns", benchmark);
  checkPercentReturnColumns(out, "model_returns", columns);
  reportVerdict(out, { bestName, k: names.length, pvalues, naive, better, alpha });
  const degenerate = names.filter((_, j) => st.degenerate[j]);
  if (degenerate.length > 0) {
    out.warning(
      `${degenerate.length} candidate(s) ${JSON.stringify(degenerate)}: differential is constant: it cannot be ` +
        "studentized and never rejects",
      "spa",
    );
  }
  return out
    .note("pvalues", pvalues)
    .note("best_model", bestName)
    .note("n_models", names.length)
    .note("n_obs", n)
    .note("block_size", block.blockSize)
    .note("block_size_method", block.method)
    .note("reps", reps)
    .note("seed", seed)
    .note("prng", "mt19937")
    .note("statistic", st.statistic)
    .note("naive_pvalue", naive)
    .note("better_models", better)
    .note("individual_pvalues", byName(names, individual))
    .note("mean_excess", byName(names, diff.means))
    .note("studentized", byName(names, st.z))
    .note("alpha", alpha)
    .done();
}

interface Verdict {
  readonly bestName: string;
  readonly k: number;
  readonly pvalues: { readonly lower: number; readonly consistent: number; readonly upper: number };
  readonly naive: number | null;
  readonly better: readonly string[];
  readonly alpha: number;
}

function reportVerdict(out: Outcome, v: Verdict): void {
  const p = v.pvalues;
  const naive = v.naive === null ? "n/a (constant differential)" : v.naive.toPrecision(4);
  if (p.consistent < v.alpha) {
    out.info(
      `REJECT H0: ${v.bestName} beats the benchmark after the whole search of ${v.k} candidate(s); consistent ` +
        `p = ${p.consistent} (lower ${p.lower}, upper ${p.upper}) < alpha ${v.alpha}; better_models ` +
        `${JSON.stringify(v.better)}`,
      "spa",
    );
  } else {
    out.error(
      `CANNOT REJECT H0: the best of ${v.k} candidate(s) (${v.bestName}) is consistent with luck, consistent p ` +
        `= ${p.consistent} (lower ${p.lower}, upper ${p.upper}) >= alpha ${v.alpha}, its own t-test said p = ` +
        `${naive}`,
      "spa",
    );
  }
}

/** Candidates with p_k < alpha, by z descending, ties in column order. */
function betterModels(
  names: readonly string[],
  st: Studentized,
  individual: readonly number[],
  alpha: number,
): string[] {
  const picked = names.map((_, j) => j).filter((j) => individual[j]! < alpha);
  picked.sort((a, b) => st.z[b]! - st.z[a]! || a - b);
  return picked.map((j) => names[j]!);
}

/** One-sided t-test p-value of the mean differential, 1 - F_t(t; n - 1); null when its sd is 0. */
function naivePvalue(d: Float64Array, dbar: number): number | null {
  const s = sd(d);
  if (!(s > 0)) return null;
  const t = dbar / (s / Math.sqrt(d.length));
  return 1 - studentTCdf(t, d.length - 1);
}

/** {name: value} in column order; defineProperty keeps a column named "__proto__" as data. */
function byName(names: readonly string[], values: ArrayLike<number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (let j = 0; j < names.length; j++) {
    const name = names[j]!;
    if (name === "__proto__")
      Object.defineProperty(out, name, { value: values[j]!, enumerable: true, writable: true, configurable: true });
    else out[name] = values[j]!;
  }
  return out;
}

/** A constant benchmark as a series on the candidates' rows and labels; a series as it came. */
function constantOrSeries(benchmark: Series | number, frame: Frame): Series {
  if (typeof benchmark !== "number") return benchmark;
  requireNumber("benchmark_returns", benchmark, { above: -1 });
  const rows = frame !== null && typeof frame === "object" && Number.isInteger(frame.nrows) ? frame.nrows : 0;
  const values = new Array<number>(rows).fill(benchmark);
  return frame.index === undefined ? { values } : { values, index: frame.index };
}

/** The candidate columns: >= 1, unique names, finite cells, rows matching the benchmark. */
function requireModels(
  frame: Frame,
  benchmark: Series,
): { names: readonly string[]; columns: readonly ArrayLike<number>[] } {
  if (
    frame === null ||
    typeof frame !== "object" ||
    !Array.isArray(frame.columns) ||
    typeof frame.data !== "object" ||
    frame.data === null
  ) {
    throw invalid("model_returns", "must be a frame with one column per candidate");
  }
  const names = frame.columns;
  if (names.length === 0) throw invalid("model_returns", "must have at least one candidate column, got none");
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name))
      throw invalid(fieldPath("model_returns", "columns"), `duplicate column name ${JSON.stringify(name)}`);
    seen.add(name);
  }
  const n = benchmark.values.length;
  if (frame.nrows !== n) {
    throw invalid(
      "model_returns",
      `has ${frame.nrows} row(s) but benchmark_returns has ${n}; rows pair with the benchmark and must match`,
    );
  }
  requireSameLabels(frame, benchmark);
  // Columns the tool layer proved finite numbers (n each, as nrows is): no cell to check, no array to make.
  const proven = numericColumnsOf(frame);
  if (proven !== undefined) return { names, columns: proven };
  const columns = names.map((name) => {
    // The names are the frame's own columns: only a missing data entry needs numericColumn's lookup and message.
    const cells = frame.data[name];
    const col =
      cells === undefined ? numericColumn("model_returns", frame, name) : numericCells("model_returns", name, cells);
    if (col.length !== n)
      throw invalid(
        fieldPath("model_returns", "records"),
        `column ${JSON.stringify(name)} has ${col.length} cell(s), expected ${n}`,
      );
    return col;
  });
  return { names, columns };
}

/** When both carry labels, row t of the frame must have the benchmark's label t. */
function requireSameLabels(frame: Frame, benchmark: Series): void {
  const a = benchmark.index;
  const b = frame.index;
  if (a === undefined || b === undefined) return;
  for (let t = 0; t < Math.max(a.length, b.length); t++) {
    if (a[t] !== b[t]) {
      const la = a[t] === undefined ? "(none)" : JSON.stringify(a[t]);
      const lb = b[t] === undefined ? "(none)" : JSON.stringify(b[t]);
      throw invalid(
        fieldPath("model_returns", "index", t),
        `labels differ from benchmark_returns' at position ${t}: benchmark_returns has ${la}, model_returns has ${lb}`,
      );
    }
  }
}

function requireBlockSize(blockSize: unknown, n: number): void {
  if (blockSize === "auto") return;
  if (typeof blockSize !== "number" || !Number.isFinite(blockSize) || blockSize < 1 || blockSize > n) {
    throw invalid("block_size", `must be "auto" or a number in [1, ${n}] (n = rows), got ${describeCell(blockSize)}`);
  }
}
