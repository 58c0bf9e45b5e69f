import {
  Outcome,
  invalid,
  fieldPath,
  type Cell,
  type Integer,
  type IsoDate,
  type Series,
} from "../src/contract/guard.js";
import { formatIsoDate, parseIsoDate, requireIsoDate } from "../src/lib/dates.js";
import { isDateIndex, requireDatedIndex, requireNumber } from "../src/lib/series.js";
import { valuesView } from "../src/lib/series_or_array.js";
import { namedList } from "../src/lib/named_list.js";
import { describeCell } from "../src/lib/describe_value.js";
import { compoundedReturn, episodeDrawdown, labelEpisodes, type Episode } from "../src/lib/regimes.js";
import { finiteOrNull, mean, minMax, sd, sharpe } from "../src/lib/stats.js";
import { checkPercentReturns } from "../src/lib/unit_checks.js";
import { requireInteger } from "../src/lib/integer_checks.js";
import { requireAboveMinusOne } from "../src/lib/decimal_returns.js";
import { WorkMeter } from "../src/lib/work_meter.js";

/** Fewer observations in a regime than this are too short to judge its Sharpe or return. */
const MIN_REGIME_OBS = 30;

export const skill = "regime-detection";
export const title = "Regime coverage";
export const required = ["dates", "asset", "strategy", "position", "labels"] as const;
export const optional = ["how", "min_regimes", "min_episodes"] as const;
export const slots = { asset: "underlying_returns", strategy: "returns", labels: "regime_labels" } as const;

/** Periods per year used for annualising (fixed by the spec). */
const PERIODS_PER_YEAR = 252;

type RegimeLabel = string | number;

/** One row of the per-label table, keys in the spec's order. */
interface RegimeRow {
  label: RegimeLabel;
  n_obs: number;
  share: number;
  n_episodes: number;
  longest_episode: number;
  first: string;
  last: string;
  asset_ann: number | null;
  strat_sharpe: number | null;
  strat_maxdd: number | null;
  in_mkt: number;
  hit_rate: number | null;
  ep_ret_mean: number | null;
  ep_ret_min: number | null;
  ep_ret_max: number | null;
  ep_tstat: number | null;
  worst_ep_share: number | null;
}

/**
 * Fails a test period that contains a single market regime (only a bull market, no crisis or
 * high-volatility episode), and reports per regime the number of separate episodes, not just days.
 *
 * A strategy tested only in a bull market, or only in one volatility regime, has not been
 * tested; 200 days of "high volatility" that are one contiguous crisis are one observation of
 * that regime. Per label (in first-appearance order) the table gives observations, episodes
 * (maximal runs), annualised arithmetic asset return, strategy Sharpe (252 periods a year),
 * the worst drawdown within any one episode, time in the market, hit rate and episode-return
 * statistics, plus one line per label for a result card's "regimes covered" field.
 *
 * Inputs
 *   dates : test-period dates (ISO dates), strictly increasing, at least 2.
 *   asset : per-period simple returns of the underlying as decimals (0.01 = 1%), one per date;
 *       finite, > -1; its Sharpe annualised at 252 periods a year; percent-looking returns (median
 *       |return| above 0.2 a day) are an error.
 *     @trial 252
 *   strategy : per-period simple returns of the strategy as decimals, net of costs, one per date;
 *       finite, > -1; its Sharpe annualised at 252 periods a year.
 *     @trial 252
 *   position : position per period (any scale, 0 = flat), one per date; finite.
 *   labels : regime label per period (non-empty strings or integers), one per date.
 *   how : how the labels were made: an ex-ante rule or an ex-post label
 *       (e.g. "ex-ante rule: 60d vol > median"); "unstated" earns a warning.
 *   min_regimes : fewest distinct labels the test period must contain.
 *     @minimum 1
 *   min_episodes : fewest episodes per label before a warning.
 *     @minimum 1
 *
 * A regime with fewer than 30 observations gets a warning that its Sharpe and return are too
 * short to judge; returns that look like percent (median |return| above 0.2 a day) are an error.
 *
 * @keywords regime, bull market, crisis, volatility, episodes, test period
 */
export function check(
  dates: readonly IsoDate[],
  asset: Series,
  strategy: Series,
  position: Series,
  labels: Series<Cell> | readonly (string | Integer)[],
  how: string = "unstated",
  min_regimes: Integer = 2,
  min_episodes: Integer = 2,
) {
  const days = requireDates(dates);
  const n = days.length;
  const a = requireAboveMinusOne("asset", requirePeriodSeries("asset", asset, days, {}));
  const s = requireAboveMinusOne("strategy", requirePeriodSeries("strategy", strategy, days, {}));
  const p = requirePeriodSeries("position", position, days, {});
  const labs = requireLabels(labels, days);
  if (typeof how !== "string" || how.trim() === "")
    throw invalid("how", `must be a non-empty string, got ${describeCell(how)}`);
  requireInteger("min_regimes", min_regimes, { min: 1 });
  requireInteger("min_episodes", min_episodes, { min: 1 });

  // Cancellation and the time limit are checked between the passes (reading, episodes, each regime).
  const meter = new WorkMeter(8 * n);
  meter.tick(5 * n);
  const groups = labelEpisodes(labs);
  meter.tick(n);
  const rows = groups.map((g) => {
    meter.tick(2 * g.rows.length);
    return regimeRow(g.label, g.rows, g.episodes, days, a, s, p, n);
  });
  const out = new Outcome();
  checkPercentReturns(out, "asset", a);
  checkPercentReturns(out, "strategy", s);
  if (how === "unstated")
    out.warning(`how is "unstated": say whether the labels are an ex-ante rule or an ex-post label`, "how");
  const k = groups.length;
  if (k < min_regimes)
    out.error(
      `the test period contains ${k} regime label(s) (need ${min_regimes}); a single regime is not a backtest`,
      "labels",
    );
  else out.info(`${k} regimes covered: ${namedList(rows.map((r) => String(r.label)))}`, "labels");
  for (const r of rows) {
    if (r.n_obs < MIN_REGIME_OBS) {
      out.warning(
        `'${r.label}' has ${r.n_obs} observation(s): too short to judge its Sharpe or return (this guard needs ` +
          `${MIN_REGIME_OBS})`,
        String(r.label),
      );
    }
    if (r.n_episodes < min_episodes) {
      out.warning(
        `'${r.label}' has ${r.n_episodes} episode(s): one episode is one observation of the regime (need ` +
          `${min_episodes})`,
        String(r.label),
      );
    }
  }
  return out
    .note("table", rows)
    .note(
      "regimes_covered",
      rows.map((r) => cardLine(r, how)),
    )
    .note("n_regimes", k)
    .note("how", how)
    .done();
}

/** Day numbers of `dates`: parseable ISO dates, strictly increasing, n >= 2. */
function requireDates(dates: readonly IsoDate[]): number[] {
  if (!Array.isArray(dates)) throw invalid("dates", `must be an array of ISO dates, got ${describeCell(dates)}`);
  if (dates.length < 2) throw invalid("dates", `needs at least 2 dates, got ${dates.length}`);
  // fast path first; the path string is built only for a bad value
  const days = dates.map(
    (d, i) => (typeof d === "string" ? parseIsoDate(d) : null) ?? requireIsoDate(fieldPath("dates", i), d),
  );
  for (let i = 1; i < days.length; i++) {
    if (days[i] === days[i - 1]) throw invalid(fieldPath("dates", i), `duplicate date ${JSON.stringify(dates[i])}`);
    if (days[i]! < days[i - 1]!)
      throw invalid(
        fieldPath("dates", i),
        `dates must be strictly increasing: ${JSON.stringify(dates[i])} comes after ${JSON.stringify(dates[i - 1])}`,
      );
  }
  return days;
}

/** A dated index must carry exactly `dates` (compared as dates); `field` names the input. */
function requireSameDates(
  field: string,
  index: readonly (string | number)[] | undefined,
  days: readonly number[],
): void {
  if (!isDateIndex(index)) return;
  const ms = requireDatedIndex(field, { index });
  for (let i = 0; i < days.length; i++) {
    if (ms[i] !== days[i]! * 86400000) {
      throw invalid(
        field,
        `dates differ from dates' at position ${i}: dates has ${JSON.stringify(formatIsoDate(days[i]!))}, ` +
          `${field} has ${JSON.stringify(index[i])}`,
      );
    }
  }
}

function requireLength(field: string, len: number, n: number): void {
  if (len !== n) throw invalid(field, `has ${len} value(s) but dates has ${n}; every input needs one value per date`);
}

/** A numeric series with one finite value per date, dated like `dates` when dated. */
function requirePeriodSeries(
  field: string,
  x: Series,
  days: readonly number[],
  rule: { above?: number },
): readonly number[] {
  if (typeof x !== "object" || x === null || !Array.isArray(x.values))
    throw invalid(field, "must be a series of numbers");
  requireLength(field, x.values.length, days.length);
  requireSameDates(field, x.index, days);
  const values = x.values as readonly unknown[];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const ok = typeof v === "number" && Number.isFinite(v) && (rule.above === undefined || v > rule.above);
    if (!ok) requireNumber(fieldPath(field, "values", i), v, rule); // throws the field's message
  }
  return values as readonly number[];
}

/** Labels: non-empty strings or integers, one per date. */
function requireLabels(labels: Series<Cell> | readonly (string | Integer)[], days: readonly number[]): RegimeLabel[] {
  const view = valuesView("labels", labels);
  requireLength("labels", view.values.length, days.length);
  requireSameDates("labels", view.index, days);
  return view.values.map((v, i) => {
    if (typeof v === "string" && v !== "") return v;
    const where = fieldPath(view.base, i);
    if (v === null || v === undefined || (typeof v === "number" && Number.isNaN(v)))
      throw invalid(where, `labels[${i}] is missing (null or NaN); every period needs a regime label`);
    if (v === "") throw invalid(where, `labels[${i}] is an empty string; every period needs a regime label`);
    if (typeof v === "number" && Number.isInteger(v)) return v;
    throw invalid(where, `labels[${i}] must be a string or an integer, got ${describeCell(v)}`);
  });
}

/** The table row of one label over its row positions. */
function regimeRow(
  label: RegimeLabel,
  rows: readonly number[],
  eps: readonly Episode[],
  days: readonly number[],
  a: readonly number[],
  s: readonly number[],
  p: readonly number[],
  n: number,
): RegimeRow {
  const sIn = rows.map((i) => s[i]!);
  const inMarket = rows.filter((i) => p[i] !== 0);
  const epRet = eps.map((e) => compoundedReturn(s, e));
  const losses = epRet.filter((r) => r < 0);
  const epSd = sd(epRet);
  const [epMin, epMax] = minMax(epRet);
  return {
    label,
    n_obs: rows.length,
    share: rows.length / n,
    n_episodes: eps.length,
    longest_episode: minMax(eps.map((e) => e.end - e.start))[1],
    first: formatIsoDate(days[rows[0]!]!),
    last: formatIsoDate(days[rows[rows.length - 1]!]!),
    asset_ann: finiteOrNull(mean(rows.map((i) => a[i]!)) * PERIODS_PER_YEAR),
    strat_sharpe: finiteOrNull(sharpe(sIn, PERIODS_PER_YEAR)),
    strat_maxdd: finiteOrNull(minMax(eps.map((e) => episodeDrawdown(s, e)))[0]),
    in_mkt: inMarket.length / rows.length,
    hit_rate: inMarket.length === 0 ? null : inMarket.filter((i) => s[i]! > 0).length / inMarket.length,
    ep_ret_mean: finiteOrNull(mean(epRet)),
    ep_ret_min: finiteOrNull(epMin),
    ep_ret_max: finiteOrNull(epMax),
    ep_tstat: eps.length >= 2 && epSd > 0 ? finiteOrNull((mean(epRet) / epSd) * Math.sqrt(eps.length)) : null,
    worst_ep_share: losses.length === 0 ? null : finiteOrNull(epMin / losses.reduce((t, r) => t + r, 0)),
  };
}

/** "+x.x" / "-x.x": a percentage with one decimal and an explicit sign. */
function signedPct(x: number): string {
  const t = (x * 100).toFixed(1);
  return x >= 0 ? `+${t}` : t;
}

/** The result-card line of one label. */
function cardLine(r: RegimeRow, how: string): string {
  const asset = r.asset_ann === null ? "n/a" : `${signedPct(r.asset_ann)}%`;
  const sharpeText = r.strat_sharpe === null ? "n/a" : r.strat_sharpe.toFixed(2);
  const dd = r.strat_maxdd === null ? "n/a" : `${(r.strat_maxdd * 100).toFixed(1)}%`;
  return (
    `${r.label} [${how}]: ${r.n_obs} obs / ${r.n_episodes} episodes, ${r.first}..${r.last}, ` +
    `asset ${asset}/yr, strategy Sharpe ${sharpeText} (in market ${(r.in_mkt * 100).toFixed(0)}%) maxDD ${dd}`
  );
}
