import { BadInputError, Outcome, invalid, fieldPath, type Integer } from "../src/runtime/contract.js";
import { requireNumber } from "../src/lib/series.js";
import { variance, finiteOrNull, maxOf } from "../src/lib/stats.js";
import {
  expectedMaxSharpe,
  minTrackRecordLength,
  probabilisticSharpe,
  sharpeVarianceFactor,
} from "../src/lib/sharpe_inference.js";

export const skill = "backtest-validation";
export const title = "Deflated Sharpe ratio on the honest trial count";
export const required = ["best_sharpe", "n_obs"] as const;
export const optional = [
  "sharpes",
  "n_trials",
  "sharpe_variance",
  "periods_per_year",
  "skew",
  "kurtosis",
  "alpha",
] as const;
export const alternatives = [["sharpes", ["n_trials", "sharpe_variance"]]] as const;

const CONVENTION = "bailey-lopez-de-prado-2014";
/** Tolerance for "the reported Sharpe is in the trial list". */
const LIST_TOLERANCE = 1e-12;

/**
 * Deflates the best Sharpe ratio of a research process by the honest number of trials behind
 * it (deflated Sharpe ratio, Bailey and Lopez de Prado 2014) and reports the probabilistic
 * Sharpe ratio and the minimum track-record length.
 *
 * Inputs
 *   best_sharpe : the ANNUALISED Sharpe ratio you intend to report.
 *   n_obs : T, the number of per-period observations in the best strategy's track record (>= 2).
 *   sharpes : ANNUALISED Sharpe ratio of every trial that produced one, abandoned ones included.
 *   n_trials : honest number of trials, abandoned ones included (>= 1); defaults to the length
 *       of sharpes.
 *   sharpe_variance : variance of the ANNUALISED trial Sharpes across trials (>= 0); defaults to
 *       the sample variance (ddof 1) of sharpes.
 *   periods_per_year : periods per year, to de-annualise the Sharpes.
 *   skew : skewness of the best strategy's per-period returns.
 *   kurtosis : RAW kurtosis (normal = 3) of the best strategy's per-period returns.
 *   alpha : the DSR must exceed 1 - alpha, in (0, 1).
 *
 * Fails when the best Sharpe is not distinguishable from the best of N noise trials, or when
 * the reported Sharpe is above every listed trial (the trial count describes another search).
 */
export function check(
  best_sharpe: number,
  n_obs: Integer,
  sharpes?: readonly number[],
  n_trials?: Integer,
  sharpe_variance?: number,
  periods_per_year: Integer = 252,
  skew: number = 0,
  kurtosis: number = 3,
  alpha: number = 0.05,
) {
  requireNumber("best_sharpe", best_sharpe);
  requireInteger("n_obs", n_obs, 2);
  requireCombination(sharpes, n_trials, sharpe_variance);
  const list = sharpes === undefined ? null : requireSharpes(sharpes);
  if (n_trials !== undefined) requireInteger("n_trials", n_trials, 1);
  if (sharpe_variance !== undefined) requireNumber("sharpe_variance", sharpe_variance, { atLeast: 0 });
  if (list !== null && list.length >= 2 && sharpe_variance !== undefined) {
    throw invalid(
      "sharpe_variance",
      `cannot be given together with ${list.length} sharpes: the variance comes from the list`,
    );
  }
  requireInteger("periods_per_year", periods_per_year, 1);
  requireNumber("skew", skew);
  requireNumber("kurtosis", kurtosis);
  requireNumber("alpha", alpha);
  if (!(alpha > 0 && alpha < 1)) throw invalid("alpha", `must be in (0, 1), got ${alpha}`);

  const sr = best_sharpe / Math.sqrt(periods_per_year);
  const factor = sharpeVarianceFactor(sr, skew, kurtosis);
  if (!(factor > 0)) {
    throw invalid(
      "kurtosis",
      `the moments are inconsistent: 1 - skew SR + ((kurtosis - 1)/4) SR^2 = ${factor} <= 0 (skew ${skew}, kurtosis ${kurtosis}, per-period SR ${sr})`,
    );
  }

  const out = new Outcome();
  const nTrials = trialCount(out, list, n_trials);
  const annualVariance = sharpe_variance ?? (list !== null && list.length >= 2 ? variance(list) : null);
  const deflation = deflate(nTrials, annualVariance, periods_per_year);
  if (nTrials >= 2 && deflation === null) {
    out.error(
      `${nTrials} trials but their Sharpe spread is unknown: need >= 2 trials with a Sharpe, or sharpe_variance; DSR not computed`,
      "n_trials",
    );
  }
  const bestTrial = list === null ? null : maxOf(list);
  if (bestTrial !== null && best_sharpe > bestTrial + LIST_TOLERANCE) {
    out.error(
      `best_sharpe ${best_sharpe} is above every listed trial (max ${bestTrial}): the trial list does not contain the configuration you are reporting, so its trial count is a fiction`,
      "sharpes",
    );
  }

  const psr = probabilisticSharpe(sr, 0, n_obs, skew, kurtosis);
  const dsr = deflation === null ? null : probabilisticSharpe(sr, deflation.perPeriod, n_obs, skew, kurtosis);
  const minTrl = deflation === null ? null : minTrackRecordLength(sr, deflation.perPeriod, skew, kurtosis, alpha);
  if (dsr !== null && deflation !== null) reportDsr(out, dsr, alpha, deflation.annual, best_sharpe, nTrials);

  return out
    .note("psr", finiteOrNull(psr))
    .note("dsr", dsr === null ? null : finiteOrNull(dsr))
    .note("expected_max_sharpe", deflation?.annual ?? null)
    .note("expected_max_sharpe_per_period", deflation?.perPeriod ?? null)
    .note("sharpe_per_period", sr)
    .note("n_trials", nTrials)
    .note("sharpe_variance", annualVariance)
    .note("min_trl_obs", minTrl)
    .note("min_trl_years", minTrl === null ? null : minTrl / periods_per_year)
    .note("convention", CONVENTION)
    .note("best_sharpe", best_sharpe)
    .note("n_obs", n_obs)
    .note("periods_per_year", periods_per_year)
    .note("skew", skew)
    .note("kurtosis", kurtosis)
    .note("alpha", alpha)
    .note("best_trial_sharpe", bestTrial)
    .done();
}

/** The expected maximum Sharpe of N noise trials, annualised and per period; null when V is unknown. */
function deflate(
  nTrials: number,
  annualVariance: number | null,
  ppy: number,
): { annual: number; perPeriod: number } | null {
  if (nTrials === 1) return { annual: 0, perPeriod: 0 };
  if (annualVariance === null) return null;
  const annual = expectedMaxSharpe(nTrials, annualVariance);
  return { annual, perPeriod: annual / Math.sqrt(ppy) };
}

/** N: n_trials, raised to len(sharpes) with a warning when below it; warns on a single trial. */
function trialCount(out: Outcome, list: readonly number[] | null, nTrials: number | undefined): number {
  let n = nTrials ?? list!.length;
  if (list !== null && n < list.length) {
    out.warning(
      `n_trials ${n} is below the ${list.length} listed trials; using len(sharpes) = ${list.length}`,
      "n_trials",
    );
    n = list.length;
  }
  if (n === 1) out.warning("one trial: nothing to deflate (DSR = PSR against 0)", "n_trials");
  return n;
}

function reportDsr(out: Outcome, dsr: number, alpha: number, expectedMax: number, best: number, nTrials: number): void {
  const line = `DSR ${dsr.toFixed(6)} vs threshold ${(1 - alpha).toFixed(4)}; expected max Sharpe from noise SR* ${expectedMax.toFixed(4)} (annualised) vs observed ${best.toFixed(4)} after N = ${nTrials} trials`;
  if (dsr > 1 - alpha) out.info(`survives the search: ${line}`, "dsr");
  else out.error(`best Sharpe is NOT distinguishable from noise: ${line}`, "dsr");
}

/** Bad input unless one accepted combination is present: sharpes, or n_trials + sharpe_variance. */
function requireCombination(sharpes: unknown, nTrials: unknown, sharpeVariance: unknown): void {
  if (sharpes !== undefined || (nTrials !== undefined && sharpeVariance !== undefined)) return;
  throw new BadInputError(
    "missing_argument",
    "",
    "missing required input(s) ['sharpes or (n_trials + sharpe_variance)']",
  );
}

function requireSharpes(sharpes: readonly number[]): readonly number[] {
  if (!Array.isArray(sharpes)) throw invalid("sharpes", "must be an array of numbers");
  if (sharpes.length === 0) throw invalid("sharpes", "must not be empty");
  sharpes.forEach((s, i) => requireNumber(fieldPath("sharpes", i), s));
  return sharpes;
}

function requireInteger(field: string, x: unknown, min: number): void {
  if (typeof x !== "number" || !Number.isInteger(x) || x < min) {
    throw invalid(field, `must be an integer >= ${min}, got ${JSON.stringify(x) ?? String(x)}`);
  }
}
