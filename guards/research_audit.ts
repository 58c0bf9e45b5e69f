import {
  Outcome,
  invalid,
  fieldPath,
  type Frame,
  type Integer,
  type LedgerSummary,
  type Series,
} from "../src/contract/guard.js";
import { boundObservations, checkReportedSharpe } from "../src/lib/ledger_bounds.js";
import { declaredNote, measureReturns, reconcile, type InputSource } from "../src/lib/reported_strategy.js";
import { honestTrialCount, ledgerSharpeVariance } from "../src/lib/trial_count.js";
import { numericColumn } from "../src/lib/frame.js";
import { requireNumber } from "../src/lib/series.js";
import { finiteOrNull } from "../src/lib/stats.js";
import { step } from "../src/lib/progress.js";
import { deflateBestSharpe, minBacktestLengthYears, noiseSharpeVarianceAnnual } from "../src/lib/sharpe_inference.js";
import { cscv, meanAbsCorrelation, summarizePbo, type PboMetric } from "../src/lib/cscv.js";
import { summarizeLogits } from "../src/lib/logit_summary.js";
import { checkAnnualSharpe, checkPercentReturnColumns, checkSampleLength } from "../src/lib/unit_checks.js";
import { requireInteger } from "../src/lib/integer_checks.js";
import { describeCell } from "../src/lib/describe_value.js";
import { verdictNumber } from "../src/lib/verdict_number.js";

export const skill = "backtest-overfitting";
export const title = "Minimum backtest length and probability of overfitting";
export const required = ["best_sharpe", "n_obs", "n_trials"] as const;
export const optional = [
  "periods_per_year",
  "model_returns",
  "n_blocks",
  "pbo_max",
  "metric",
  "recorded_trials",
  "returns",
] as const;

const RANK_CONVENTION =
  "omega = rank/(N+1), rank 1 = worst out of sample; ties: the in-sample winner takes the lowest rank in its " +
  "out-of-sample tie group";
const MAX_BLOCKS = 20;
/** The paper's PBO rejection level. */
const PAPER_PBO_LEVEL = 0.05;
/** Above this mean |correlation| the columns are far fewer effective trials. */
const CORRELATION_WARNING = 0.5;
/** Fewer configurations than this make PBO coarse. */
const FEW_CONFIGS = 5;
/** Fewer observations than this are too short to judge a Sharpe. */
const MIN_OBS = 30;
/** The deflated Sharpe must exceed 1 - DSR_ALPHA (check_trial_ledger's default alpha). */
const DSR_ALPHA = 0.05;

/**
 * Is the in-sample winner overfit? Audits a parameter search for overfitting (curve fitting) from two
 * sides: the minimum backtest length (MinBTL) the trial count requires for the claimed Sharpe, and the
 * probability of backtest overfitting (PBO) that the best in-sample configuration underperforms out of
 * sample, by combinatorially symmetric cross-validation (CSCV) over the panel of every configuration
 * tried.
 *
 * MinBTL alone cannot pass a Sharpe: the guard also deflates it (DSR, alpha 0.05) with the
 * zero-skill trial variance P / n_obs, skew 0 and raw kurtosis 3, exactly as check_trial_ledger
 * does without sharpe_variance, so both report the same E[max Sharpe] and agree; it says what it
 * could not check and points to check_trial_ledger for the trials' real spread and moments.
 * A PBO above the paper's 0.05 reads "exploratory".
 *
 * Given `returns` as well, the server measures the reported strategy's Sharpe (annualised at
 * periods_per_year) and n_obs itself and records it as a trial; a declared best_sharpe or n_obs that disagrees beyond
 * rounding (|declared - measured| > 0.005 x max(1, |measured|); n_obs exactly) is an error naming both,
 * and the verdict uses the measured. A declared n_obs above the research ledger's longest recorded
 * trial, or a declared best Sharpe above every recorded one, is an error. Evidence names each input's
 * source (`inputs_source`).
 *
 * Inputs
 *   best_sharpe : the ANNUALISED Sharpe ratio you intend to report, deflated with skew 0 and raw
 *       kurtosis 3; with returns, checked against the measured one.
 *   n_obs : number of per-period observations behind it (>= 2; fewer than 30 warn as too short to
 *       judge); with returns, checked against their count.
 *     @minimum 2
 *   n_trials : honest number of configurations tried, abandoned ones included (>= 1); a ledger
 *       that recorded more distinct strategies raises it (with a warning).
 *     @minimum 1
 *   periods_per_year : periods per year, to convert n_obs to years.
 *   model_returns : per-period simple returns as decimals (0.01 = 1%) of every configuration
 *       tried, one column per configuration (T rows, >= 2 columns); without it PBO runs over the
 *       returns the research ledger kept of its trials (2 or more on common dates), else is skipped.
 *     @trial
 *   n_blocks : S, the number of contiguous CSCV blocks; even, 2 <= S <= min(T, 20).
 *     @minimum 2 @maximum 20 @multipleOf 2
 *   pbo_max : PBO at or above this fails, in (0, 1].
 *     @exclusiveMinimum 0 @maximum 1
 *   metric : the CSCV performance score, "sharpe" (per-period mean / sd, the paper's default) or
 *       "mean" (the mean per-period return).
 *   recorded_trials : what the research ledger recorded (count, annualised Sharpes, since, digest);
 *       the tool layer fills it; its Sharpes' variance (ddof 1, annualised) replaces the zero-skill
 *       P / n_obs when it holds 2 or more bins (near-copies within 0.05 count once); its effective
 *       number of trials (clusters of correlated returns), when measured, is the count weighed
 *       against n_trials; without it the count is self-declared.
 *     @ledger
 *   returns : the reported strategy's per-period simple returns as decimals (0.01 = 1%), finite,
 *       > -1, at least 2 and not all equal; the server measures its Sharpe (mean / sd with ddof 1,
 *       x sqrt(periods_per_year)) and n_obs.
 *     @trial
 *
 * Fails when the sample is shorter than the MinBTL, when the deflated Sharpe is not above 0.95,
 * or when the PBO is at or above pbo_max. Evidence summarises the CSCV logits as quantiles and
 * a histogram whose bins at or below 0 hold the overfit splits.
 *
 * @keywords overfitting, overfit, curve fitting, in-sample, out of sample, underperforms, parameter search
 * @keywords backtest length, pbo, cscv
 */
export async function check(
  best_sharpe: number,
  n_obs: Integer,
  n_trials: Integer,
  periods_per_year: Integer = 252,
  model_returns?: Frame,
  n_blocks: Integer = 16,
  pbo_max: number = 0.5,
  metric: "sharpe" | "mean" = "sharpe",
  recorded_trials?: LedgerSummary,
  returns?: Series,
) {
  requireNumber("best_sharpe", best_sharpe);
  requireInteger("n_obs", n_obs, { min: 2 });
  requireInteger("n_trials", n_trials, { min: 1 });
  requireInteger("periods_per_year", periods_per_year, { min: 1 });
  requireInteger("n_blocks", n_blocks, { min: 2, max: MAX_BLOCKS, even: true });
  requireNumber("pbo_max", pbo_max);
  if (!(pbo_max > 0 && pbo_max <= 1)) throw invalid("pbo_max", `must be in (0, 1], got ${pbo_max}`);
  if (metric !== "sharpe" && metric !== "mean")
    throw invalid("metric", `must be "sharpe" or "mean", got ${describeCell(metric)}`);
  const given = model_returns === undefined ? null : requirePanel(model_returns, n_blocks);
  const fromLedger = given === null ? ledgerPanel(recorded_trials, n_blocks) : null;
  const panel = given ?? fromLedger?.columns ?? null;

  const out = new Outcome();
  const measured = returns === undefined ? null : measureReturns(out, "returns", returns, periods_per_year);
  const bestUsed = reconcile(out, "best_sharpe", best_sharpe, measured?.sharpeAnnual ?? null, Number.NaN);
  checkReportedSharpe(out, bestUsed, recorded_trials);
  const nObsUsed = boundObservations(
    out,
    reconcile(out, "n_obs", n_obs, measured?.nObs ?? null, Number.NaN, true),
    recorded_trials,
  );
  const sharpe = bestUsed.value;
  const nObs = nObsUsed.value;
  checkSampleLength(out, "n_obs", nObs, MIN_OBS, "a Sharpe ratio");
  if (given !== null) checkPercentReturnColumns(out, "model_returns", given, periods_per_year);
  let nTrials = n_trials;
  if (given !== null && n_trials < given.length) {
    out.warning(
      `n_trials ${n_trials} is below the N configurations in model_returns; using N = ${given.length}`,
      "n_trials",
    );
    nTrials = given.length;
  }
  const counted = honestTrialCount(out, nTrials, recorded_trials);
  nTrials = counted.used;
  checkAnnualSharpe(out, "best_sharpe", sharpe, nObs, periods_per_year, nTrials);
  const ledgerVariance = ledgerSharpeVariance(recorded_trials);
  const spread = {
    variance: ledgerVariance ?? noiseSharpeVarianceAnnual(nObs, periods_per_year),
    ledger: ledgerVariance !== null,
  };
  const sources = {
    best_sharpe: bestUsed.source,
    n_obs: nObsUsed.source,
    n_trials: counted.source,
    sharpe_variance: spread.ledger ? "ledger" : "default",
  } satisfies Record<string, InputSource>;
  const declared = declaredNote(sources);
  const btl = minBtl(sharpe, nObs, nTrials, periods_per_year, spread.variance);
  reportMinBtl(out, btl, sharpe, nTrials, declared);
  const deflation = reportDeflation(out, btl, sharpe, nObs, nTrials, periods_per_year, spread, declared);
  const credible = btl.minBtlMet && deflation.dsr > 1 - DSR_ALPHA;
  const pbo = panel === null ? null : await pboOf(panel, n_blocks, metric);
  reportPbo(out, pbo, pbo_max, fromLedger);

  const nConfigs = panel?.length ?? nTrials;
  return out
    .note("n_trials", nTrials)
    .note("sharpe_annual", sharpe)
    .note("sample_years", btl.sampleYears)
    .note("min_btl_years", btl.minBtlYears)
    .note("credible", credible)
    .note("shortfall_years", btl.shortfallYears)
    .note("expected_max_sharpe", btl.expectedMaxSharpe)
    .note("dsr", finiteOrNull(deflation.dsr))
    .note("dsr_threshold", 1 - DSR_ALPHA)
    .note("sharpe_variance", spread.variance)
    .note("sharpe_variance_source", spread.ledger ? "ledger" : "zero_skill_fallback")
    .note("n_trials_declared", counted.declared)
    .note("n_trials_source", counted.source)
    .note("ledger", counted.ledger)
    .note("n_trials_recorded", counted.recorded)
    .note("n_trials_effective", counted.effective?.n_trials_effective ?? null)
    .note("effective_trials", counted.effective)
    .note("inputs_source", sources)
    .note(
      "measured",
      measured === null
        ? null
        : {
            sharpe_annual: measured.sharpeAnnual,
            n_obs: measured.nObs,
            skew: measured.skew,
            kurtosis: measured.kurtosis,
            autocorrelation: measured.autocorrelation,
          },
    )
    .note("not_checked", notChecked(spread.ledger))
    .note("pbo", pbo?.pbo ?? null)
    .note("model_returns_source", given !== null ? "argument" : fromLedger !== null ? "ledger" : null)
    .note("ledger_panel", fromLedger === null ? null : fromLedger.evidence)
    .note("pbo_reading", pbo === null ? null : pboReading(pbo.pbo, pbo_max))
    .note("logit_quantiles", pbo === null ? null : summarizeLogits(pbo.logits).quantiles)
    .note("logit_histogram", pbo === null ? null : summarizeLogits(pbo.logits).histogram)
    .note("n_combinations", pbo?.nCombinations ?? null)
    .note("n_blocks", pbo?.nBlocks ?? null)
    .note("n_configs", pbo?.nConfigs ?? null)
    .note("rank_convention", RANK_CONVENTION)
    .note("no_skill_pbo", Math.ceil(nConfigs / 2) / nConfigs)
    .note("threshold", pbo_max)
    .note("prob_oos_loss", pbo?.probOosLoss ?? null)
    .note("degradation_slope", pbo?.degradationSlope ?? null)
    .note("n_distinct_winners", pbo?.nDistinctWinners ?? null)
    .note("mean_abs_correlation", pbo?.meanAbsCorrelation ?? null)
    .note("metric", metric)
    .done();
}

interface MinBtl {
  readonly sampleYears: number;
  readonly minBtlYears: number;
  readonly minBtlMet: boolean;
  readonly shortfallYears: number;
  readonly expectedMaxSharpe: number;
}

/**
 * MinBTL: (E_N / Sharpe)^2 years; Infinity for a non-positive Sharpe (even with N = 1). E[max
 * Sharpe] comes from the shared deflation with the trial variance (the ledger's, else zero-skill P / n_obs).
 */
function minBtl(sharpe: number, nObs: number, nTrials: number, ppy: number, variance: number): MinBtl {
  const sampleYears = nObs / ppy;
  const minBtlYears = minBacktestLengthYears(nTrials, sharpe);
  return {
    sampleYears,
    minBtlYears,
    minBtlMet: sampleYears >= minBtlYears,
    shortfallYears: Math.max(0, minBtlYears - sampleYears),
    expectedMaxSharpe: deflateBestSharpe(sharpe, nObs, nTrials, variance, ppy).expectedMaxAnnual,
  };
}

/** What the summary inputs cannot show; check_trial_ledger can. The spread is named only when the
 * zero-skill variance stood in for it (a ledger's recorded Sharpes give the real one). */
const notChecked = (ledgerSpread: boolean): string =>
  ledgerSpread
    ? "the skew and kurtosis of returns (0 and raw 3 assumed): run check_trial_ledger with skew and kurtosis"
    : "the trials' real Sharpe spread (zero-skill variance P / n_obs assumed), the skew and kurtosis of " +
      "returns (0 and raw 3 assumed): run check_trial_ledger with sharpes or sharpe_variance, skew and kurtosis";

/** The trial Sharpes' annualised variance and whether the research ledger supplied it. */
interface Spread {
  readonly variance: number;
  readonly ledger: boolean;
}

/** The DSR under the trial variance: an error when it contradicts a met MinBTL, else a caveat. */
function reportDeflation(
  out: Outcome,
  b: MinBtl,
  sharpe: number,
  nObs: number,
  nTrials: number,
  ppy: number,
  spread: Spread,
  declared: string,
) {
  const d = deflateBestSharpe(sharpe, nObs, nTrials, spread.variance, ppy);
  const line =
    `deflated Sharpe ${fmt(d.dsr)} vs threshold ${fmt(1 - DSR_ALPHA)} with E[max Sharpe] ${fmt(d.expectedMaxAnnual)} ` +
    "(annualised)";
  if (b.minBtlMet && !(d.dsr > 1 - DSR_ALPHA)) {
    out.error(
      `the sample meets the MinBTL but the Sharpe is NOT distinguishable from the best of ${nTrials} noise ` +
        `trials: ${line}; not credible${declared}`,
      "dsr",
    );
  } else if (b.minBtlMet) {
    const under = spread.ledger ? "ledger's" : "zero-skill";
    out.info(`${line}: survives the search under the ${under} variance${declared}`, "dsr");
  }
  if (b.minBtlMet) out.warning(`could not check ${notChecked(spread.ledger)}`, "dsr");
  return d;
}

/** "exploratory" above the paper's 0.05, "fails" at or above the threshold. */
function pboReading(pbo: number, pboMax: number): string {
  if (pbo >= pboMax) return "fails";
  return pbo > PAPER_PBO_LEVEL ? "exploratory" : "below the paper's 0.05";
}

function reportMinBtl(out: Outcome, b: MinBtl, sharpe: number, nTrials: number, declared: string): void {
  if (nTrials === 1) out.warning("one trial: nothing to deflate (MinBTL 0 years for a positive Sharpe)", "minbtl");
  const years = fmt(b.sampleYears);
  if (b.minBtlMet) {
    out.info(
      `sample ${years} years >= MinBTL ${fmt(b.minBtlYears)} years for an annualised Sharpe of ${fmt(sharpe)} ` +
        `after ${nTrials} trials${declared}`,
      "minbtl",
    );
  } else {
    out.error(
      `${years} years cannot support an annualised Sharpe of ${fmt(sharpe)} after ${nTrials} trials: MinBTL ` +
        `${fmt(b.minBtlYears)} years, short by ${fmt(b.shortfallYears)}. Expected max Sharpe from noise alone at ` +
        `this length is ${fmt(b.expectedMaxSharpe)}${declared}`,
      "minbtl",
    );
  }
}

interface PboRun {
  readonly pbo: number;
  readonly logits: Float64Array;
  readonly nCombinations: number;
  readonly nBlocks: number;
  readonly nConfigs: number;
  readonly probOosLoss: number;
  readonly degradationSlope: number | null;
  readonly nDistinctWinners: number;
  readonly meanAbsCorrelation: number | null;
}

/** CSCV then the column correlations, with one increasing progress scale over both. */
async function pboOf(panel: readonly (readonly number[])[], nBlocks: number, metric: PboMetric): Promise<PboRun> {
  let total = 0;
  const run = await cscv(
    panel,
    nBlocks,
    (done, all) => {
      total = all + panel.length;
      return step(done, total);
    },
    metric,
  );
  const correlation = await meanAbsCorrelation(panel, (done) => step(run.nCombinations + done, total));
  const s = summarizePbo(run);
  return {
    pbo: s.pbo,
    logits: run.logits,
    nCombinations: run.nCombinations,
    nBlocks,
    nConfigs: run.nConfigs,
    probOosLoss: s.probOosLoss,
    degradationSlope: s.degradationSlope,
    nDistinctWinners: s.nDistinctWinners,
    meanAbsCorrelation: correlation,
  };
}

function reportPbo(out: Outcome, pbo: PboRun | null, pboMax: number, ledger: LedgerPanelUse | null): void {
  if (pbo === null) {
    out.warning(
      "PBO was not computed: give model_returns (one column per configuration tried), or keep a research " +
        "ledger with the returns of at least 2 trials on common dates",
      "pbo",
    );
    return;
  }
  if (ledger !== null) {
    const e = ledger.evidence;
    out.info(
      `PBO over the research ledger's own trials (no model_returns given): ${e.trials} trials aligned on ` +
        `${e.dates} common dates, ${e.left_out} counted trial(s) left out (no returns kept or missing dates)`,
      "pbo",
    );
  }
  const noSkill = Math.ceil(pbo.nConfigs / 2) / pbo.nConfigs;
  const line = `PBO ${fmt(pbo.pbo)} over ${pbo.nCombinations} CSCV splits (S = ${pbo.nBlocks}, N = ${pbo.nConfigs})`;
  const failLine = `the ${fmt(pboMax)} failure line (pbo_max)`;
  const cleanLevel = `the ${PAPER_PBO_LEVEL} clean level (the paper's rejection level)`;
  const noSkillNote = `a panel with no skill gives a PBO of about ${fmt(noSkill)}`;
  if (pbo.pbo >= pboMax)
    out.error(`${line}: at or above ${failLine}: the in-sample winner is a coin flip out of sample`, "pbo");
  else if (pbo.pbo > PAPER_PBO_LEVEL)
    out.warning(`${line}: below ${failLine}, above ${cleanLevel}: exploratory, not evidence; ${noSkillNote}`, "pbo");
  else out.info(`${line}: at or below ${cleanLevel}; ${noSkillNote}`, "pbo");
  if (pbo.meanAbsCorrelation !== null && pbo.meanAbsCorrelation > CORRELATION_WARNING) {
    out.warning(
      `mean |correlation| between configurations is ${fmt(pbo.meanAbsCorrelation)} > ${CORRELATION_WARNING}: ` +
        "far fewer effective trials than columns",
      "pbo",
    );
  }
  if (pbo.nConfigs < FEW_CONFIGS) out.warning(`only ${pbo.nConfigs} configurations: PBO is coarse`, "pbo");
}

interface LedgerPanelUse {
  readonly columns: readonly (readonly number[])[];
  readonly evidence: { readonly trials: number; readonly dates: number; readonly left_out: number };
}

/** The ledger's kept returns as the CSCV panel: 2 or more trials on at least n_blocks common dates, else null. */
function ledgerPanel(recorded: LedgerSummary | undefined, nBlocks: number): LedgerPanelUse | null {
  const p = recorded?.panel;
  if (p === undefined || p.columns.length < 2 || p.dates.length < nBlocks) return null;
  return { columns: p.columns, evidence: { trials: p.columns.length, dates: p.dates.length, left_out: p.left_out } };
}

/** Probabilities and Sharpes in messages: the precision every guard writes them at. */
const fmt = verdictNumber;

/** The T x N panel as columns: >= 2 unique columns, finite cells, T >= n_blocks rows. */
function requirePanel(frame: Frame, nBlocks: number): readonly (readonly number[])[] {
  if (
    frame === null ||
    typeof frame !== "object" ||
    !Array.isArray(frame.columns) ||
    typeof frame.data !== "object" ||
    frame.data === null
  ) {
    throw invalid("model_returns", "must be a frame with one column per configuration");
  }
  if (frame.columns.length < 2)
    throw invalid("model_returns", `needs at least 2 configuration columns, got ${frame.columns.length}`);
  const seen = new Set<string>();
  for (const name of frame.columns) {
    if (seen.has(name))
      throw invalid(fieldPath("model_returns", "columns"), `duplicate column name ${JSON.stringify(name)}`);
    seen.add(name);
  }
  const columns = frame.columns.map((name) => numericColumn("model_returns", frame, name));
  const nRows = columns[0]!.length;
  columns.forEach((col, c) => {
    if (col.length !== nRows)
      throw invalid(
        "model_returns",
        `column ${JSON.stringify(frame.columns[c])} has ${col.length} rows, the first has ${nRows}`,
      );
  });
  if (nRows < nBlocks) throw invalid("model_returns", `has ${nRows} row(s), fewer than n_blocks = ${nBlocks}`);
  return columns;
}
