import {
  BadInputError,
  Outcome,
  invalid,
  fieldPath,
  type Integer,
  type LedgerSummary,
  type Series,
} from "../src/contract/guard.js";
import { honestSpread, honestTrialCount } from "../src/lib/trial_count.js";
import { boundObservations, checkReportedSharpe } from "../src/lib/ledger_bounds.js";
import {
  declaredNote,
  measureReturns,
  reconcile,
  type InputSource,
  type MeasuredStrategy,
  type Sourced,
} from "../src/lib/reported_strategy.js";
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
export const required = [] as const;
export const optional = [
  "best_sharpe",
  "n_obs",
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
  "returns",
] as const;
export const alternatives = [
  ["sharpes", "n_trials"],
  ["returns", ["best_sharpe", "n_obs"]],
] as const;

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
 * Given `returns`, the server measures the reported strategy itself (Sharpe annualised at
 * periods_per_year, n_obs, skew, raw kurtosis, lag-1 autocorrelation) and records it as a trial; a
 * declared number that disagrees with the measured one beyond rounding (|declared - measured| >
 * 0.005 x max(1, |measured|); n_obs exactly) is an error naming both, and the verdict uses the measured.
 * Declared numbers never lower what the research ledger saw: the trial count and the Sharpe spread are
 * at least the ledger's, a declared n_obs above its longest recorded trial is an error (the verdict uses
 * the longest), and a declared best Sharpe above every recorded one is an error. Evidence names each
 * input's source (`inputs_source`), and the verdict line names the declared ones.
 *
 * Inputs
 *   best_sharpe : the ANNUALISED Sharpe ratio you intend to report; with returns, checked against
 *       the measured one.
 *   n_obs : T, the number of per-period observations in the best strategy's track record (>= 2;
 *       fewer than 30 warn as too short to judge); with returns, checked against their count.
 *     @minimum 2
 *   sharpes : ANNUALISED Sharpe ratio of every trial that produced one, abandoned ones included.
 *   n_trials : honest number of trials, abandoned ones included (>= 1); defaults to the length
 *       of sharpes; a ledger that recorded more distinct strategies raises it (with a warning).
 *     @minimum 1
 *   sharpe_variance : variance of the ANNUALISED trial Sharpes across trials (>= 0); defaults to
 *       the sample variance (ddof 1) of sharpes; raised to the ledger's recorded spread (the variance
 *       of its Sharpes with near-copies within 0.05 counted once) when that is larger; with neither,
 *       (with a warning) P / n_obs, a noise Sharpe's sampling variance over n_obs periods.
 *     @minimum 0
 *   periods_per_year : periods per year of the returns, to annualise the measured Sharpe and
 *       de-annualise the Sharpes.
 *   skew : population skewness of the best strategy's per-period returns; default 0, or measured
 *       from returns.
 *   kurtosis : RAW kurtosis (normal = 3) of the best strategy's per-period returns, >= 1 (raw =
 *       excess + 3); default 3, or measured from returns.
 *   alpha : the DSR must exceed 1 - alpha, in (0, 1).
 *     @exclusiveMinimum 0 @exclusiveMaximum 1
 *   convention : "2014" (Bailey and Lopez de Prado 2012/2014: variance at the observed Sharpe, over
 *       T - 1) or "2025" (Lopez de Prado, Lipton and Zoonekynd 2025, "Sharpe Ratio Inference",
 *       SSRN 5520741: variance at the null Sharpe SR0, over T, with the AR(1) autocorrelation; over
 *       N trials V(SR0, T) x Var[M_N], M_N the maximum of N standard normals, as the paper's code
 *       scales it).
 *   autocorrelation : lag-1 autocorrelation rho of the per-period returns, in (-1, 1); 2025 only;
 *       default 0, or measured from returns.
 *     @exclusiveMinimum -1 @exclusiveMaximum 1
 *   alternative_sharpe : ANNUALISED Sharpe the strategy would have if real (H1), above the null
 *       E[max Sharpe]; for the power, pFDR and oFDR (2025 only; else null).
 *   prior_h1 : prior probability that a strategy is real, P(H1), in (0, 1), for pFDR and oFDR.
 *     @exclusiveMinimum 0 @exclusiveMaximum 1
 *   recorded_trials : what the research ledger recorded (count, annualised Sharpes, since, digest);
 *       the tool layer fills it, so the count is honest by construction; its effective number of
 *       trials (clusters of correlated returns), when measured, is the count weighed against the
 *       declared one (the larger is used); without it the count is self-declared and a finding says so.
 *     @ledger
 *   returns : the reported strategy's per-period simple returns as decimals (0.01 = 1%), finite,
 *       > -1, at least 2 and not all equal; the server measures its Sharpe (mean / sd with ddof 1,
 *       x sqrt(periods_per_year)), n_obs, skew, raw kurtosis and lag-1 autocorrelation.
 *     @trial
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
  best_sharpe?: number,
  n_obs?: Integer,
  sharpes?: readonly number[],
  n_trials?: Integer,
  sharpe_variance?: number,
  periods_per_year: Integer = 252,
  skew?: number,
  kurtosis?: number,
  alpha: number = 0.05,
  convention: "2014" | "2025" = "2014",
  autocorrelation?: number,
  alternative_sharpe?: number,
  prior_h1: number = 0.05,
  recorded_trials?: LedgerSummary,
  returns?: Series,
) {
  requireStrategy(returns, best_sharpe, n_obs);
  if (best_sharpe !== undefined) requireNumber("best_sharpe", best_sharpe);
  if (n_obs !== undefined) requireInteger("n_obs", n_obs, { min: 2 });
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
  if (skew !== undefined) requireNumber("skew", skew);
  if (kurtosis !== undefined) requireNumber("kurtosis", kurtosis);
  const badKurtosis = kurtosis === undefined ? null : kurtosisBelowRawFloor(kurtosis);
  if (badKurtosis !== null) throw invalid("kurtosis", badKurtosis);
  requireNumber("alpha", alpha);
  if (!(alpha > 0 && alpha < 1)) throw invalid("alpha", `must be in (0, 1), got ${alpha}`);
  if (convention !== "2014" && convention !== "2025")
    throw invalid("convention", `must be "2014" or "2025", got ${describeCell(convention)}`);
  if (autocorrelation !== undefined) requireNumber("autocorrelation", autocorrelation);
  if (autocorrelation !== undefined && !(autocorrelation > -1 && autocorrelation < 1))
    throw invalid("autocorrelation", `must be in (-1, 1), got ${autocorrelation}`);
  if (autocorrelation !== undefined && autocorrelation !== 0 && convention === "2014")
    throw invalid("autocorrelation", `is used by convention "2025" only; the 2014 formulas assume independent returns`);
  const alternative = alternative_sharpe === undefined ? null : requireNumber("alternative_sharpe", alternative_sharpe);
  if (alternative !== null && !(alternative > 0))
    throw invalid("alternative_sharpe", `must be > 0 (a Sharpe above the null), got ${alternative}`);
  requireNumber("prior_h1", prior_h1);
  if (!(prior_h1 > 0 && prior_h1 < 1)) throw invalid("prior_h1", `must be in (0, 1), got ${prior_h1}`);

  const out = new Outcome();
  const measured = returns === undefined ? null : measureReturns(out, "returns", returns, periods_per_year);
  const used = reportedStrategy(out, measured, best_sharpe, n_obs, skew, kurtosis, autocorrelation, convention);
  checkReportedSharpe(out, used.best, recorded_trials);
  const nObsUsed = boundObservations(out, used.nObs, recorded_trials);
  const best = used.best.value;
  const nObs = nObsUsed.value;
  const { skew: sk, kurtosis: ku, autocorrelation: rho } = used;
  const sr = best / Math.sqrt(periods_per_year);
  const factor = sharpeVarianceFactor(sr, sk.value, ku.value);
  if (!(factor > 0)) {
    throw invalid(
      "kurtosis",
      `the moments are inconsistent: 1 - skew SR + ((kurtosis - 1)/4) SR^2 = ${factor} <= 0 (skew ${sk.value}, ` +
        `kurtosis ${ku.value}, per-period SR ${sr})`,
    );
  }

  checkSampleLength(out, "n_obs", nObs, MIN_OBS, "a Sharpe ratio");
  const counted = honestTrialCount(out, trialCount(out, list, n_trials), recorded_trials);
  const nTrials = counted.used;
  // Said of the count used: a ledger that raised a declared 1 leaves something to deflate.
  if (nTrials === 1) out.warning("one trial: nothing to deflate (DSR = PSR against 0)", "n_trials");
  checkAnnualSharpe(out, "best_sharpe", best, nObs, periods_per_year, nTrials);
  const stated = sharpe_variance ?? (list !== null && list.length >= 2 ? variance(list) : null);
  const spread = honestSpread(out, stated, recorded_trials);
  const given = spread.variance;
  const annualVariance = given ?? noiseSharpeVarianceAnnual(nObs, periods_per_year);
  if (nTrials >= 2 && given === null) {
    out.warning(
      `${nTrials} trials but their Sharpe spread is unknown (no sharpe_variance, fewer than 2 sharpes): ` +
        `assumed the zero-skill variance P / n_obs = ${periods_per_year} / ${nObs} = ${plain(annualVariance)} ` +
        `(annualised), the spread of noise Sharpes over this sample; give sharpes or sharpe_variance for the real one`,
      "sharpe_variance",
    );
  }
  const deflation = deflateBestSharpe(best, nObs, nTrials, annualVariance, periods_per_year, sk.value, ku.value);
  const bestTrial = list === null ? null : maxOf(list);
  if (bestTrial !== null && best > bestTrial + LIST_TOLERANCE) {
    out.error(
      `best_sharpe ${best} is above every listed trial (max ${bestTrial}): the trial list does not ` +
        "contain the configuration you are reporting, so its trial count is a fiction",
      "sharpes",
    );
  }

  const moments = { skew: sk.value, kurtosisRaw: ku.value, rho: rho.value };
  const sr0 = deflation.expectedMaxPerPeriod;
  const newer: Inference2025 | null =
    convention === "2025"
      ? infer2025(sr, sr0, nObs, periods_per_year, moments, alpha, alternative, prior_h1, nTrials)
      : null;
  const psr = newer?.psr ?? deflation.psr;
  const dsr = newer?.dsr ?? deflation.dsr;
  const minTrl = newer?.minTrl ?? minTrackRecordLength(sr, sr0, sk.value, ku.value, alpha);
  const variance_ = varianceSource(spread.source, nTrials);
  const sources = {
    best_sharpe: used.best.source,
    n_obs: nObsUsed.source,
    n_trials: counted.source,
    sharpe_variance: SPREAD_SOURCES[variance_],
    skew: sk.source,
    kurtosis: ku.source,
    autocorrelation: rho.source,
  } satisfies Record<string, InputSource>;
  reportDsr(out, dsr, alpha, deflation.expectedMaxAnnual, best, nTrials, declaredNote(sources));

  return out
    .note("psr", finiteOrNull(psr))
    .note("dsr", finiteOrNull(dsr))
    .note("expected_max_sharpe", deflation.expectedMaxAnnual)
    .note("expected_max_sharpe_per_period", deflation.expectedMaxPerPeriod)
    .note("sharpe_per_period", sr)
    .note("n_trials", nTrials)
    .note("sharpe_variance", given !== null || nTrials >= 2 ? annualVariance : null)
    .note("sharpe_variance_source", variance_)
    .note("n_trials_declared", counted.declared)
    .note("n_trials_source", counted.source)
    .note("ledger", counted.ledger)
    .note("n_trials_recorded", counted.recorded)
    .note("n_trials_effective", counted.effective?.n_trials_effective ?? null)
    .note("effective_trials", counted.effective)
    .note("min_trl_obs", minTrl)
    .note("min_trl_years", minTrl / periods_per_year)
    .note("convention", CONVENTION_NAMES[convention])
    .note("best_sharpe", best)
    .note("n_obs", nObs)
    .note("periods_per_year", periods_per_year)
    .note("skew", sk.value)
    .note("kurtosis", ku.value)
    .note("alpha", alpha)
    .note("best_trial_sharpe", bestTrial)
    .note("autocorrelation", rho.value)
    .note("inputs_source", sources)
    .note("measured", measuredEvidence(measured))
    .note("standard_error", newer === null ? null : newer.standardErrorAnnual)
    .note("power", newer?.power ?? null)
    .note("pfdr", newer?.pfdr ?? null)
    .note("ofdr", newer?.ofdr ?? null)
    .note("max_variance_factor", newer?.maxVarianceFactor ?? null)
    .done();
}

/** Where the trial Sharpes' variance came from. */
function varianceSource(spread: "given" | "ledger" | null, nTrials: number) {
  if (spread !== null) return spread;
  return nTrials >= 2 ? ("zero_skill_fallback" as const) : ("not_needed" as const);
}

/** sharpe_variance_source in inputs_source's words. */
const SPREAD_SOURCES = {
  given: "declared",
  ledger: "ledger",
  zero_skill_fallback: "default",
  not_needed: "not_used",
} as const satisfies Record<string, InputSource>;

/** The reported strategy's numbers the verdict uses: measured from returns where sent, else declared or default. */
function reportedStrategy(
  out: Outcome,
  m: MeasuredStrategy | null,
  best: number | undefined,
  nObs: number | undefined,
  skew: number | undefined,
  kurtosis: number | undefined,
  rho: number | undefined,
  convention: "2014" | "2025",
) {
  const rhoUsed: Sourced =
    convention === "2025"
      ? reconcile(out, "autocorrelation", rho, m?.autocorrelation ?? null, 0)
      : { value: 0, source: "not_used" }; // the 2014 formulas assume independent returns
  if (!(rhoUsed.value > -1 && rhoUsed.value < 1))
    throw invalid("returns", `lag-1 autocorrelation ${rhoUsed.value} is not in (-1, 1)`);
  return {
    best: reconcile(out, "best_sharpe", best, m?.sharpeAnnual ?? null, Number.NaN),
    nObs: reconcile(out, "n_obs", nObs, m?.nObs ?? null, Number.NaN, true),
    skew: reconcile(out, "skew", skew, m?.skew ?? null, 0),
    kurtosis: reconcile(out, "kurtosis", kurtosis, m?.kurtosis ?? null, 3),
    autocorrelation: rhoUsed,
  };
}

/** What the server measured of the returns sent, or null when none were. */
const measuredEvidence = (m: MeasuredStrategy | null) =>
  m === null
    ? null
    : {
        sharpe_annual: m.sharpeAnnual,
        n_obs: m.nObs,
        skew: m.skew,
        kurtosis: m.kurtosis,
        autocorrelation: m.autocorrelation,
      };

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

function reportDsr(
  out: Outcome,
  dsr: number,
  alpha: number,
  expectedMax: number,
  best: number,
  nTrials: number,
  declared: string,
): void {
  const line =
    `DSR ${verdictNumber(dsr)} vs threshold ${verdictNumber(1 - alpha)}; expected max Sharpe from noise SR* ` +
    `${verdictNumber(expectedMax)} (annualised) vs observed ${verdictNumber(best)} after N = ${nTrials} trials` +
    declared;
  if (dsr > 1 - alpha) out.info(`survives the search: ${line}`, "dsr");
  else out.error(`best Sharpe is NOT distinguishable from noise: ${line}`, "dsr");
}

/** Bad input unless returns, or best_sharpe and n_obs, are present (the reported strategy must be known). */
function requireStrategy(returns: unknown, best: unknown, nObs: unknown): void {
  if (returns !== undefined || (best !== undefined && nObs !== undefined)) return;
  const missing =
    best === undefined && nObs === undefined ? "best_sharpe + n_obs" : best === undefined ? "best_sharpe" : "n_obs";
  throw new BadInputError("missing_argument", "", `missing required input(s) ['returns or (${missing})']`);
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
