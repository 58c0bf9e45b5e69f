import { Decimal } from "decimal.js";
import { Outcome, invalid, type Series, type Integer } from "../src/contract/guard.js";
import { requireNumber } from "../src/lib/series.js";
import { allEqual, mean, sd } from "../src/lib/stats.js";
import { checkPercentReturns, checkSampleLength, plain } from "../src/lib/unit_checks.js";
import { requireInteger } from "../src/lib/integer_checks.js";
import { requireDecimalReturns } from "../src/lib/decimal_returns.js";
import { WorkMeter } from "../src/lib/work_meter.js";

export const skill = "lib-quantstats";
export const title = "Risk-free rate convention";
export const required = ["returns", "rf"] as const;
export const optional = ["periods_per_year", "reported_sharpe", "tolerance"] as const;

/** The conventions in table order (ties in matching resolve to the earlier one). */
const CONVENTIONS = ["annual_rf_geometric", "annual_rf_simple", "rf_as_per_period", "no_rf"] as const;
type Convention = (typeof CONVENTIONS)[number];

/** Read as a per-period rate, rf would exceed this annual rate: it is plausibly annual. */
const ANNUAL_PLAUSIBILITY = 0.25;
/** |rf| at or above this looks like a percentage (5 meaning 5%). */
const PERCENT_LOOKING = 0.5;
/** Fewer returns than this are too short to judge a Sharpe. */
const MIN_OBS = 30;

/** The amount each convention subtracts every period; null when it is undefined (rf <= -1 geometric). */
function perPeriodDeduction(c: Convention, rf: number, ppy: number): number | null {
  switch (c) {
    case "annual_rf_geometric":
      return rf > -1 ? (1 + rf) ** (1 / ppy) - 1 : null;
    case "annual_rf_simple":
      return rf / ppy;
    case "rf_as_per_period":
      return rf;
    case "no_rf":
      return 0;
  }
}

type SharpeTable = Record<Convention, number | null>;

function sharpeByConvention(r: readonly number[], rf: number, ppy: number): SharpeTable {
  const mu = mean(r);
  const sigma = sd(r);
  const table = {} as SharpeTable;
  for (const c of CONVENTIONS) {
    const k = perPeriodDeduction(c, rf, ppy);
    table[c] = k === null ? null : ((mu - k) / sigma) * Math.sqrt(ppy);
  }
  return table;
}

interface Match {
  readonly matching: Convention[];
  readonly matched: Convention | null;
  readonly nearest: Convention | null;
}

/** Conventions within max(tol x |S_c|, tol) of the reported Sharpe; the closest wins, ties in table order. */
function matchReported(table: SharpeTable, reported: number, tol: number): Match {
  const dist = (c: Convention) => Math.abs(reported - table[c]!);
  const defined = CONVENTIONS.filter((c) => table[c] !== null);
  const matching = defined.filter((c) => dist(c) <= Math.max(tol * Math.abs(table[c]!), tol));
  const closest = (cs: readonly Convention[]) =>
    cs.reduce<Convention | null>((best, c) => (best === null || dist(c) < dist(best) ? c : best), null);
  return { matching, matched: closest(matching), nearest: closest(defined) };
}

const fmt = (x: number | null) => (x === null ? "n/a" : x.toFixed(4));

/** The Sharpe under each convention; when rf looks annual, rf_as_per_period is marked as the wrong one. */
function sharpeList(table: SharpeTable, plausiblyAnnual = false): string {
  const mark = (c: Convention) =>
    c === "rf_as_per_period" && plausiblyAnnual
      ? " (wrong convention here: it subtracts an annual rf every period)"
      : "";
  return CONVENTIONS.map((c) => `${c} ${fmt(table[c])}${mark(c)}`).join(", ");
}

/** rf / 100 in exact decimal arithmetic, for the percentage hint. */
function percentHint(rf: number): string {
  return new Decimal(rf).div(100).toString();
}

/** A reported Sharpe that matches only after x sqrt(P) or / sqrt(P) mixes per-period and annualised units. */
interface UnitMix {
  readonly reading: "per_period" | "annualised_twice";
  readonly convention: Convention;
}

function unitMix(table: SharpeTable, reported: number, tol: number, ppy: number): UnitMix | null {
  if (ppy === 1) return null;
  const up = matchReported(table, reported * Math.sqrt(ppy), tol).matched;
  if (up !== null) return { reading: "per_period", convention: up };
  const down = matchReported(table, reported / Math.sqrt(ppy), tol).matched;
  return down === null ? null : { reading: "annualised_twice", convention: down };
}

function reportUnitMix(out: Outcome, mix: UnitMix, table: SharpeTable, reported: number, ppy: number): void {
  const c = mix.convention;
  if (mix.reading === "per_period") {
    out.warning(
      `reported Sharpe ${reported} is a PER-PERIOD Sharpe: x sqrt(${ppy}) = ${plain(reported * Math.sqrt(ppy))} ` +
        `matches ${c} (${fmt(table[c])}); the annualised Sharpe is ${fmt(table[c])}`,
      "reported_sharpe",
    );
  } else {
    out.warning(
      `reported Sharpe ${reported} was annualised twice (or a per-period rate annualised again): / sqrt(${ppy}) = ` +
        `${plain(reported / Math.sqrt(ppy))} matches ${c} (${fmt(table[c])}); the annualised Sharpe is ` +
        `${fmt(table[c])}`,
      "reported_sharpe",
    );
  }
}

function reportMatch(
  out: Outcome,
  m: Match,
  table: SharpeTable,
  reported: number,
  rf: number,
  plausiblyAnnual: boolean,
): void {
  const where = "reported_sharpe";
  if (m.matched === null) {
    const near = m.nearest === null ? "none" : `${m.nearest} (${fmt(table[m.nearest])})`;
    out.warning(
      `reported Sharpe ${reported} matches none of the conventions; the nearest is ${near}. Sharpes: ` +
        `${sharpeList(table)}`,
      where,
    );
  } else if (m.matched === "rf_as_per_period" && plausiblyAnnual) {
    out.error(
      `reported Sharpe ${reported} has an ANNUAL rate subtracted from every period: rf ${rf} was treated as a ` +
        `per-period rate (${(rf * 100).toFixed(4)}% a period); with rf de-annualised the Sharpe is about ` +
        `${fmt(table.annual_rf_geometric)}`,
      where,
    );
  } else if (m.matched === "rf_as_per_period") {
    out.info(
      `reported Sharpe ${reported} subtracts rf ${rf} every period; rf looks per-period, and subtracting it ` +
        "every period is right if it is",
      where,
    );
  } else if (m.matched === "no_rf") {
    out.info(`reported Sharpe ${reported} matches no_rf: the library ignored rf`, where);
  } else {
    out.info(
      `reported Sharpe ${reported} matches ${m.matched} (rf ${rf} de-annualised ` +
        `${m.matched === "annual_rf_geometric" ? "geometrically" : "by dividing by periods per year"})`,
      where,
    );
  }
}

/**
 * Infers which risk-free convention produced a reported Sharpe ratio (rf of zero, or excess returns
 * over cash), and fails an ANNUAL risk-free rate (a T-bill yield) subtracted from every daily or
 * monthly return, or a risk-free rate given in percent.
 *
 * Inputs
 *   returns : per-period simple returns of the strategy as decimals (0.01 =
 *       1%); at least 3, finite, > -1, not all equal; fewer than 30 warn that
 *       the sample is too short to judge.
 *     @trial
 *   rf : the risk-free argument as passed to the library, a decimal rate
 *       (0.05 = 5%); its period (annual or per period) is what the guard infers.
 *   periods_per_year : periods per year P, for annualising; >= 1.
 *   reported_sharpe : the annualised Sharpe ratio a library reported; one that
 *       matches only after x sqrt(P) (per period) or / sqrt(P) (annualised
 *       twice) is named as a unit mix-up.
 *   tolerance : a convention matches when |reported - S_c| <= max(tolerance x
 *       |S_c|, tolerance), relative and absolute; >= 0.
 *
 * Each convention subtracts a per-period amount k before the annualised Sharpe
 * (mean - k) / sd x sqrt(P): annual_rf_geometric (1 + rf)^(1/P) - 1,
 * annual_rf_simple rf / P, rf_as_per_period rf, no_rf 0.
 *
 * @keywords risk-free rate, t-bill, sharpe ratio, excess returns, annual, daily, percent
 */
export function check(
  returns: Series,
  rf: number,
  periods_per_year: Integer = 252,
  reported_sharpe?: number,
  tolerance: number = 0.02,
) {
  const ppy = requireInteger("periods_per_year", periods_per_year, { min: 1 });
  const r = requireDecimalReturns("returns", returns, ppy, 3);
  if (allEqual(r))
    throw invalid("returns", `all ${r.length} values are equal (${r[0]}): the Sharpe ratio is undefined`);
  const rate = requireNumber("rf", rf);
  const reported =
    reported_sharpe === undefined || reported_sharpe === null
      ? null
      : requireNumber("reported_sharpe", reported_sharpe);
  const tol = requireNumber("tolerance", tolerance, { atLeast: 0 });

  // Cancellation and the time limit are checked after reading and after each pass of statistics.
  const meter = new WorkMeter(4 * r.length);
  meter.tick(2 * r.length);
  const table = sharpeByConvention(r, rate, ppy);
  meter.tick(r.length);
  const plausiblyAnnual = Math.abs(rate) * ppy > ANNUAL_PLAUSIBILITY;
  const m: Match =
    reported === null ? { matching: [], matched: null, nearest: null } : matchReported(table, reported, tol);
  const mix = reported !== null && m.matched === null ? unitMix(table, reported, tol, ppy) : null;

  const out = new Outcome();
  checkPercentReturns(out, "returns", r, ppy);
  meter.tick(r.length);
  checkSampleLength(out, "returns", r.length, MIN_OBS, "a Sharpe ratio");
  if (Math.abs(rate) >= PERCENT_LOOKING) {
    out.error(`rf ${rate} looks like a percentage, not a decimal rate: did you mean ${percentHint(rate)}?`, "rf");
  }
  if (reported === null) out.info(`Sharpe by rf convention: ${sharpeList(table, plausiblyAnnual)}`, "sharpe");
  else if (mix === null) reportMatch(out, m, table, reported, rate, plausiblyAnnual);
  else reportUnitMix(out, mix, table, reported, ppy);

  return out
    .note("sharpe_by_convention", { ...table })
    .note("matched_convention", m.matched)
    .note("rf_per_period", perPeriodDeduction("annual_rf_geometric", rate, ppy))
    .note("matching_conventions", m.matching)
    .note("unit_mix", mix === null ? null : { ...mix })
    .note("nearest_convention", m.nearest)
    .note("rf_plausibly_annual", plausiblyAnnual)
    .note("rf", rate)
    .note("periods_per_year", ppy)
    .note("reported_sharpe", reported)
    .note("tolerance", tol)
    .done();
}
