// Sharpe-ratio inference of Bailey and Lopez de Prado (2012, 2014): PSR, DSR, MinTRL, and the
// expected maximum of N standard normals behind the DSR and the minimum backtest length.
// All Sharpe ratios here are PER PERIOD unless a name says annual; kurtosis is RAW (normal = 3).
import { EULER_GAMMA, phi, phiInv } from "./normal.js";

/** e = 2.718281828459045, as guards/README.md fixes it. */
const E = 2.718281828459045;

/**
 * Expected maximum of N independent standard normals (Bailey and Lopez de Prado's
 * approximation): (1 - gamma) Phi^-1(1 - 1/N) + gamma Phi^-1(1 - 1/(N e)) for N >= 2, 0 for N = 1.
 */
export function expectedMaxStandardNormal(nTrials: number): number {
  if (nTrials <= 1) return 0;
  return (1 - EULER_GAMMA) * phiInv(1 - 1 / nTrials) + EULER_GAMMA * phiInv(1 - 1 / (nTrials * E));
}

/**
 * Expected best Sharpe of N noise trials whose Sharpes have variance `variance` (same units as
 * the result: annualised in, annualised out): sqrt(variance) x E[max of N standard normals].
 */
export function expectedMaxSharpe(nTrials: number, variance: number): number {
  return nTrials <= 1 ? 0 : Math.sqrt(variance) * expectedMaxStandardNormal(nTrials);
}

/**
 * The PSR variance factor 1 - skew SR + ((kurtosis - 1)/4) SR^2 for a per-period Sharpe SR and
 * RAW kurtosis. It must be > 0 for the moments to be consistent.
 */
export function sharpeVarianceFactor(sharpePerPeriod: number, skew: number, kurtosisRaw: number): number {
  const sr = sharpePerPeriod;
  return 1 - skew * sr + ((kurtosisRaw - 1) / 4) * sr * sr;
}

/**
 * Probabilistic Sharpe ratio: P(true SR > benchmark) given an observed per-period SR over
 * `nObs` periods, Phi((SR - b) sqrt(T - 1) / sqrt(factor)). NaN when the factor is not > 0.
 */
export function probabilisticSharpe(
  sharpePerPeriod: number,
  benchmarkPerPeriod: number,
  nObs: number,
  skew: number,
  kurtosisRaw: number,
): number {
  const factor = sharpeVarianceFactor(sharpePerPeriod, skew, kurtosisRaw);
  if (!(factor > 0)) return NaN;
  return phi(((sharpePerPeriod - benchmarkPerPeriod) * Math.sqrt(nObs - 1)) / Math.sqrt(factor));
}

/**
 * Deflated Sharpe ratio: the PSR against the expected maximum per-period Sharpe of the trials
 * (`expectedMaxPerPeriod`, SR*).
 */
export function deflatedSharpe(
  sharpePerPeriod: number,
  expectedMaxPerPeriod: number,
  nObs: number,
  skew: number,
  kurtosisRaw: number,
): number {
  return probabilisticSharpe(sharpePerPeriod, expectedMaxPerPeriod, nObs, skew, kurtosisRaw);
}

/**
 * Minimum track-record length (periods) for the per-period SR to beat `benchmarkPerPeriod` at
 * confidence 1 - alpha: 1 + factor (Phi^-1(1 - alpha) / (SR - b))^2; Infinity when SR <= b.
 */
export function minTrackRecordLength(
  sharpePerPeriod: number,
  benchmarkPerPeriod: number,
  skew: number,
  kurtosisRaw: number,
  alpha: number,
): number {
  if (!(sharpePerPeriod > benchmarkPerPeriod)) return Infinity;
  const factor = sharpeVarianceFactor(sharpePerPeriod, skew, kurtosisRaw);
  const ratio = phiInv(1 - alpha) / (sharpePerPeriod - benchmarkPerPeriod);
  return 1 + factor * ratio * ratio;
}

/**
 * Minimum backtest length in years (Bailey, Borwein, Lopez de Prado and Zhu 2014) for an
 * ANNUALISED Sharpe after N trials: (E[max_N] / sharpe)^2; Infinity for a non-positive Sharpe;
 * 0 for N = 1 with a positive Sharpe.
 */
export function minBacktestLengthYears(nTrials: number, sharpeAnnual: number): number {
  if (!(sharpeAnnual > 0)) return Infinity;
  const ratio = expectedMaxStandardNormal(nTrials) / sharpeAnnual;
  return ratio * ratio;
}

/**
 * Variance of the ANNUALISED Sharpe estimate of a zero-skill strategy over `nObs` periods at
 * P a year, P / T (per period 1 / T, times P): the dispersion trial Sharpes have when every
 * trial is noise. The one fallback every guard uses when the trials' own variance is unknown;
 * with it E[max Sharpe] = E[max of N standard normals] / sqrt(T / P years), the MinBTL's line.
 */
export function noiseSharpeVarianceAnnual(nObs: number, periodsPerYear: number): number {
  return periodsPerYear / nObs;
}

/** One deflation of a best annualised Sharpe: the shared numbers behind every overfitting verdict. */
export interface Deflation {
  /** E[max Sharpe] of N noise trials, annualised and per period. */
  readonly expectedMaxAnnual: number;
  readonly expectedMaxPerPeriod: number;
  /** PSR against 0 and the DSR (PSR against E[max]); NaN when the moments are inconsistent. */
  readonly psr: number;
  readonly dsr: number;
}

/**
 * Deflates an ANNUALISED best Sharpe over `nObs` periods after `nTrials` trials whose annualised
 * Sharpes have variance `varianceAnnual` (2012/2014 formulas, RAW kurtosis).
 */
export function deflateBestSharpe(
  sharpeAnnual: number,
  nObs: number,
  nTrials: number,
  varianceAnnual: number,
  periodsPerYear: number,
  skew = 0,
  kurtosisRaw = 3,
): Deflation {
  const root = Math.sqrt(periodsPerYear);
  const sr = sharpeAnnual / root;
  const expectedMaxAnnual = expectedMaxSharpe(nTrials, varianceAnnual);
  const expectedMaxPerPeriod = expectedMaxAnnual / root;
  return {
    expectedMaxAnnual,
    expectedMaxPerPeriod,
    psr: probabilisticSharpe(sr, 0, nObs, skew, kurtosisRaw),
    dsr: deflatedSharpe(sr, expectedMaxPerPeriod, nObs, skew, kurtosisRaw),
  };
}
