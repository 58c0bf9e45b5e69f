// Sharpe-ratio inference of Lopez de Prado, Lipton and Zoonekynd (2025, "Sharpe Ratio Inference",
// SSRN 5520741): the variance of the Sharpe estimate evaluated at the Sharpe under test, divided by
// T (not T - 1), with an optional AR(1) autocorrelation rho of returns; its standard error, the
// power against an alternative, and the false-discovery rates pFDR and oFDR.
// All Sharpe ratios are PER PERIOD; kurtosis is RAW (normal = 3). One trial (K = 1) variance unless scaled.
import { phi, phiInv } from "./normal.js";

/**
 * Variance of the per-period Sharpe estimate at Sharpe `sr` over T periods:
 * (a - b skew SR + c (kurtosis - 1)/4 SR^2) / T with a = 1 + 2 rho/(1 - rho),
 * b = 1 + rho/(1 - rho) + rho^2/(1 - rho^2), c = 1 + 2 rho^2/(1 - rho^2); rho = 0 gives a = b = c = 1.
 */
export function sharpeVariance2025(sr: number, nObs: number, skew: number, kurtosisRaw: number, rho = 0): number {
  const b1 = rho / (1 - rho);
  const c1 = (rho * rho) / (1 - rho * rho);
  const a = 1 + 2 * b1;
  const b = 1 + b1 + c1;
  const c = 1 + 2 * c1;
  return (a - b * skew * sr + (c * (kurtosisRaw - 1) * sr * sr) / 4) / nObs;
}

/** Moments of the returns behind one Sharpe: skew, RAW kurtosis and AR(1) autocorrelation. */
export interface Moments {
  readonly skew: number;
  readonly kurtosisRaw: number;
  readonly rho: number;
}

/**
 * PSR: Phi((SR - SR0) / sqrt(V(SR0, T) x scale)), the variance taken under the null; NaN when it is <= 0.
 * `scale` 1 is one trial; the deflated Sharpe over K trials passes Var[max of K standard normals].
 */
export function probabilisticSharpe2025(sr: number, sr0: number, nObs: number, m: Moments, scale = 1): number {
  const v = sharpeVariance2025(sr0, nObs, m.skew, m.kurtosisRaw, m.rho) * scale;
  return v > 0 ? phi((sr - sr0) / Math.sqrt(v)) : NaN;
}

/** MinTRL: V(SR0, 1) (Phi^-1(1 - alpha) / (SR - SR0))^2 periods; Infinity when SR <= SR0. */
export function minTrackRecordLength2025(sr: number, sr0: number, m: Moments, alpha: number): number {
  if (!(sr > sr0)) return Infinity;
  const ratio = phiInv(1 - alpha) / (sr - sr0);
  return sharpeVariance2025(sr0, 1, m.skew, m.kurtosisRaw, m.rho) * ratio * ratio;
}

/** Standard error of the observed Sharpe: sqrt(V(SR, T)). */
export function sharpeStandardError2025(sr: number, nObs: number, m: Moments): number {
  return Math.sqrt(sharpeVariance2025(sr, nObs, m.skew, m.kurtosisRaw, m.rho));
}

/**
 * Power 1 - beta of the one-sided test of SR0 against the alternative SR1 at level alpha: the critical
 * Sharpe SR_c = SR0 + Phi^-1(1 - alpha) sqrt(V(SR0, T)), beta = Phi((SR_c - SR1) / sqrt(V(SR1, T))).
 */
export function sharpePower2025(sr0: number, sr1: number, nObs: number, m: Moments, alpha: number): number {
  const v0 = sharpeVariance2025(sr0, nObs, m.skew, m.kurtosisRaw, m.rho);
  const v1 = sharpeVariance2025(sr1, nObs, m.skew, m.kurtosisRaw, m.rho);
  const critical = sr0 + phiInv(1 - alpha) * Math.sqrt(v0);
  return 1 - phi((critical - sr1) / Math.sqrt(v1));
}

/** pFDR = P(H0 | SR > SR_c) = 1 / (1 + (1 - beta) p1 / (alpha (1 - p1))), p1 the prior P(H1). */
export function pFdr(priorH1: number, alpha: number, beta: number): number {
  return 1 / (1 + ((1 - beta) * priorH1) / (alpha * (1 - priorH1)));
}

/**
 * oFDR = P(H0 | SR >= observed): p0 (1 - p1) / (p0 (1 - p1) + q1 p1), where p0 = 1 - PSR(SR; SR0) and
 * q1 = 1 - PSR(SR; SR1) are the tail probabilities of the observed Sharpe under each hypothesis.
 */
export function oFdr(sr: number, sr0: number, sr1: number, nObs: number, priorH1: number, m: Moments): number {
  const p0 = 1 - probabilisticSharpe2025(sr, sr0, nObs, m);
  const q1 = 1 - probabilisticSharpe2025(sr, sr1, nObs, m);
  return (p0 * (1 - priorH1)) / (p0 * (1 - priorH1) + q1 * priorH1);
}
