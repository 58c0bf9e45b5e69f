import { BadInputError, Outcome, invalid, fieldPath, type Integer, type LedgerSummary } from "../src/contract/guard.js";
import { honestTrialCount, ledgerSharpeVariance } from "../src/lib/trial_count.js";
import { requireNumber } from "../src/lib/series.js";
import { variance, finiteOrNull, maxOf } from "../src/lib/stats.js";
import {
  deflateBestSharpe,
  minTrackRecordLength,
  noiseSharpeVarianceAnnual,
  sharpeVarianceFactor,
} from "../src/lib/sharpe_inference.js";
import { infer2025, type Inference2025 } from "./_trial_ledger_2025.js";
import { checkAnnualSharpe, checkSampleLength, kurtosisBelowRawFloor, plain } from "../src/lib/unit_checks.js";
import { requireInteger } from "../src/lib/integer_checks.js";
import { describeCell } from "../src/lib/describe_value.js";
import { verdictNumber } from "../src/lib/verdict_number.js";

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
  "convention",
  "autocorrelation",
  "alternative_sharpe",
  "prior_h1",
  "recorded_trials",
] as const;
export const alternatives = [["sharpes", "n_trials"]] as const;

/** Evidence names of the two conventions. */
const CONVENTION_NAMES = {
  "2014": "bailey-lopez-de-prado-2014",
  "2025": "lopez-de-prado-lipton-zoonekynd-2025",
} as const;
/** Fewer observations than this are too short to judge a Sharpe. */
const MIN_OBS = 30;
/** Tolerance for "the reported Sharpe is in the trial list". */
const LIST_TOLERANCE = 1e-12;

/**
 * Deflates the best Sharpe ratio of a research process (grid search, hyperparameter tuning, many
 * backtests tried) by the honest number of trials behind it, correcting for multiple testing and
 * selection bias: deflated Sharpe ratio (Bailey and Lopez de Prado 2014), probabilistic Sharpe ratio
 * and minimum track-record length.
 *
 * Inputs
 *   best_sharpe : the ANNUALISED Sharpe ratio you intend to report.
 *   n_obs : T, the number of per-period observations in the best strategy's track record (>= 2;
 *       fewer than 30 warn as too short to judge).
 *     @minimum 2
 *   sharpes : ANNUALISED Sharpe ratio of every trial that produced one, abandoned ones included.
 *   n_trials : honest number of trials, abandoned ones included (>= 1); defaults to the length
 *       of sharpes; a ledger that recorded more distinct strategies raises it (with a warning).
 *     @minimum 1
 *   sharpe_variance : variance of the ANNUALISED trial Sharpes across trials (>= 0); defaults to
 *       the sample variance (ddof 1) of sharpes, else of the ledger's recorded Sharpes, else (with a
 *       warning) P / n_obs, a noise Sharpe's sampling variance over n_obs periods.
 *     @minimum 0
 *   periods_per_year : periods per year, to de-annualise the Sharpes.
 *   skew : skewness of the best strategy's per-period returns.
 *   kurtosis : RAW kurtosis (normal = 3) of the best strategy's per-period returns, >= 1 (raw =
 *       excess + 3).
 *   alpha : the DSR must exceed 1 - alpha, in (0, 1).
 *     @exclusiveMinimum 0 @exclusiveMaximum 1
 *   convention : "2014" (Bailey and Lopez de Prado 2012/2014: variance at the observed Sharpe, over
 *       T - 1) or "2025" (Lopez de Prado, Lipton and Zoonekynd 2025, "Sharpe Ratio Inference",
 *       SSRN 5520741: variance at the null Sharpe SR0, over T, with the AR(1) autocorrelation; over
 *       N trials V(SR0, T) x Var[M_N], M_N the maximum of N standard normals, as the paper's code
 *       scales it).
 *   autocorrelation : lag-1 autocorrelation rho of the per-period returns, in (-1, 1); 2025 only.
 *     @exclusiveMinimum -1 @exclusiveMaximum 1
 *   alternative_sharpe : ANNUALISED Sharpe the strategy would have if real (H1), above the null
 *       E[max Sharpe]; for the power, pFDR and oFDR (2025 only; else null).
 *   prior_h1 : prior probability that a strategy is real, P(H1), in (0, 1), for pFDR and oFDR.
 *     @exclusiveMinimum 0 @exclusiveMaximum 1
 *   recorded_trials : what the research ledger recorded (count, annualised Sharpes, since, digest);
 *       the tool layer fills it, so the count is honest by construction; without it the count is
 *       self-declared and a finding says so.
 *     @ledger
 *
 * Fails when the best Sharpe is not distinguishable from the best of N noise trials, or when
 * the reported Sharpe is above every listed trial (the trial count describes another search),
 * or when the Sharpe is in the wrong unit (a per-period Sharpe above 1 over more than 100
 * periods). E[max Sharpe] = sqrt(V) x E[max of N standard normals], the same number
 * check_research_audit reports for the same V. Under "2025" the DSR's variance over N trials is
 * V(SR0, T) x Var[M_N], M_N the maximum of N independent standard normals, with
 * Var[M_N] = E[M_N^2] - E[M_N]^2 by quadrature of the density N phi(x) Phi(x)^(N-1), as the
 * paper's companion code scales it (1 for N = 1, 0.228 for N = 40); its evidence adds the standard
 * error, power, pFDR and oFDR.
 *
 * @keywords deflated sharpe, multiple testing, selection bias, grid search, number of trials
 * @keywords probabilistic sharpe, track-record length
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
  convention: "2014" | "2025" = "2014",
  autocorrelation: number = 0,
  alternative_sharpe?: number,
  prior_h1: number = 0.05,
  recorded_trials?: LedgerSummary,
) {
  requireNumber("best_sharpe", best_sharpe);
  requireInteger("n_obs", n_obs, { min: 2 });
  requireCombination(sharpes, n_trials);
  const list = sharpes === undefined ? null : requireSharpes(sharpes);
  if (n_trials !== undefined) requireInteger("n_trials", n_trials, { min: 1 });
  if (sharpe_variance !== undefined) requireNumber("sharpe_variance", sharpe_variance, { atLeast: 0 });
  if (list !== null && list.length >= 2 && sharpe_variance !== undefined) {
    throw invalid(
      "sharpe_variance",
      `cannot be given together with ${list.length} sharpes: the variance comes from the list`,
    );
  }
  requireInteger("periods_per_year", periods_per_year, { min: 1 });
  requireNumber("skew", skew);
  requireNumber("kurtosis", kurtosis);
  const badKurtosis = kurtosisBelowRawFloor(kurtosis);
  if (badKurtosis !== null) throw invalid("kurtosis", badKurtosis);
  requireNumber("alpha", alpha);
  if (!(alpha > 0 && alpha < 1)) throw invalid("alpha", `must be in (0, 1), got ${alpha}`);
  if (convention !== "2014" && convention !== "2025")
    throw invalid("convention", `must be "2014" or "2025", got ${describeCell(convention)}`);
  requireNumber("autocorrelation", autocorrelation);
  if (!(autocorrelation > -1 && autocorrelation < 1))
    throw invalid("autocorrelation", `must be in (-1, 1), got ${autocorrelation}`);
  if (autocorrelation !== 0 && convention === "2014")
    throw invalid("autocorrelation", `is used by convention "2025" only; the 2014 formulas assume independent returns`);
  const alternative = alternative_sharpe === undefined ? null : requireNumber("alternative_sharpe", alternative_sharpe);
  if (alternative !== null && !(alternative > 0))
    throw invalid("alternative_sharpe", `must be > 0 (a Sharpe above the null), got ${alternative}`);
  requireNumber("prior_h1", prior_h1);
  if (!(prior_h1 > 0 && prior_h1 < 1)) throw invalid("prior_h1", `must be in (0, 1), got ${prior_h1}`);

  const sr = best_sharpe / Math.sqrt(periods_per_year);
  const factor = sharpeVarianceFactor(sr, skew, kurtosis);
  if (!(factor > 0)) {
    throw invalid(
      "kurtosis",
      `the moments are inconsistent: 1 - skew SR + ((kurtosis - 1)/4) SR^2 = ${factor} <= 0 (skew ${skew}, ` +
        `kurtosis ${kurtosis}, per-period SR ${sr})`,
    );
  }

  const out = new Outcome();
  checkSampleLength(out, "n_obs", n_obs, MIN_OBS, "a Sharpe ratio");
  const counted = honestTrialCount(out, trialCount(out, list, n_trials), recorded_trials);
  const nTrials = counted.used;
  // Said of the count used: a ledger that raised a declared 1 leaves something to deflate.
  if (nTrials === 1) out.warning("one trial: nothing to deflate (DSR = PSR against 0)", "n_trials");
  checkAnnualSharpe(out, "best_sharpe", best_sharpe, n_obs, periods_per_year, nTrials);
  const stated = sharpe_variance ?? (list !== null && list.length >= 2 ? variance(list) : null);
  const fromLedger = stated === null ? ledgerSharpeVariance(recorded_trials) : null;
  const given = stated ?? fromLedger;
  const annualVariance = given ?? noiseSharpeVarianceAnnual(n_obs, periods_per_year);
  if (nTrials >= 2 && given === null) {
    out.warning(
      `${nTrials} trials but their Sharpe spread is unknown (no sharpe_variance, fewer than 2 sharpes): ` +
        `assumed the zero-skill variance P / n_obs = ${periods_per_year} / ${n_obs} = ${plain(annualVariance)} ` +
        `(annualised), the spread of noise Sharpes over this sample; give sharpes or sharpe_variance for the real one`,
      "sharpe_variance",
    );
  }
  const deflation = deflateBestSharpe(best_sharpe, n_obs, nTrials, annualVariance, periods_per_year, skew, kurtosis);
  const bestTrial = list === null ? null : maxOf(list);
  if (bestTrial !== null && best_sharpe > bestTrial + LIST_TOLERANCE) {
    out.error(
      `best_sharpe ${best_sharpe} is above every listed trial (max ${bestTrial}): the trial list does not ` +
        "contain the configuration you are reporting, so its trial count is a fiction",
      "sharpes",
    );
  }

  const moments = { skew, kurtosisRaw: kurtosis, rho: autocorrelation };
  const sr0 = deflation.expectedMaxPerPeriod;
  const newer: Inference2025 | null =
    convention === "2025"
      ? infer2025(sr, sr0, n_obs, periods_per_year, moments, alpha, alternative, prior_h1, nTrials)
      : null;
  const psr = newer?.psr ?? deflation.psr;
  const dsr = newer?.dsr ?? deflation.dsr;
  const minTrl = newer?.minTrl ?? minTrackRecordLength(sr, sr0, skew, kurtosis, alpha);
  reportDsr(out, dsr, alpha, deflation.expectedMaxAnnual, best_sharpe, nTrials);

  return out
    .note("psr", finiteOrNull(psr))
    .note("dsr", finiteOrNull(dsr))
    .note("expected_max_sharpe", deflation.expectedMaxAnnual)
    .note("expected_max_sharpe_per_period", deflation.expectedMaxPerPeriod)
    .note("sharpe_per_period", sr)
    .note("n_trials", nTrials)
    .note("sharpe_variance", given !== null || nTrials >= 2 ? annualVariance : null)
    .note("sharpe_variance_source", varianceSource(stated, fromLedger, nTrials))
    .note("n_trials_declared", counted.declared)
    .note("n_trials_source", counted.source)
    .note("ledger", counted.ledger)
    .note("min_trl_obs", minTrl)
    .note("min_trl_years", minTrl / periods_per_year)
    .note("convention", CONVENTION_NAMES[convention])
    .note("best_sharpe", best_sharpe)
    .note("n_obs", n_obs)
    .note("periods_per_year", periods_per_year)
    .note("skew", skew)
    .note("kurtosis", kurtosis)
    .note("alpha", alpha)
    .note("best_trial_sharpe", bestTrial)
    .note("autocorrelation", autocorrelation)
    .note("standard_error", newer === null ? null : newer.standardErrorAnnual)
    .note("power", newer?.power ?? null)
    .note("pfdr", newer?.pfdr ?? null)
    .note("ofdr", newer?.ofdr ?? null)
    .note("max_variance_factor", newer?.maxVarianceFactor ?? null)
    .done();
}

/** Where the trial Sharpes' variance came from. */
function varianceSource(stated: number | null, fromLedger: number | null, nTrials: number) {
  if (stated !== null) return "given" as const;
  if (fromLedger !== null) return "ledger" as const;
  return nTrials >= 2 ? ("zero_skill_fallback" as const) : ("not_needed" as const);
}

/** N: n_trials, raised to len(sharpes) with a warning when below it. */
function trialCount(out: Outcome, list: readonly number[] | null, nTrials: number | undefined): number {
  let n = nTrials ?? list!.length;
  if (list !== null && n < list.length) {
    out.warning(
      `n_trials ${n} is below the ${list.length} listed trials; using len(sharpes) = ${list.length}`,
      "n_trials",
    );
    n = list.length;
  }
  return n;
}

function reportDsr(out: Outcome, dsr: number, alpha: number, expectedMax: number, best: number, nTrials: number): void {
  const line =
    `DSR ${verdictNumber(dsr)} vs threshold ${verdictNumber(1 - alpha)}; expected max Sharpe from noise SR* ` +
    `${verdictNumber(expectedMax)} (annualised) vs observed ${verdictNumber(best)} after N = ${nTrials} trials`;
  if (dsr > 1 - alpha) out.info(`survives the search: ${line}`, "dsr");
  else out.error(`best Sharpe is NOT distinguishable from noise: ${line}`, "dsr");
}

/** Bad input unless sharpes or n_trials is present (the trial count must come from somewhere). */
function requireCombination(sharpes: unknown, nTrials: unknown): void {
  if (sharpes !== undefined || nTrials !== undefined) return;
  throw new BadInputError("missing_argument", "", "missing required input(s) ['sharpes or n_trials']");
}

function requireSharpes(sharpes: readonly number[]): readonly number[] {
  if (!Array.isArray(sharpes)) throw invalid("sharpes", "must be an array of numbers");
  if (sharpes.length === 0) throw invalid("sharpes", "must not be empty");
  // The path string is built only for a failing value (10,000 paths cost more than the whole deflation).
  for (let i = 0; i < sharpes.length; i++)
    if (!Number.isFinite(sharpes[i])) requireNumber(fieldPath("sharpes", i), sharpes[i]);
  return sharpes;
}
