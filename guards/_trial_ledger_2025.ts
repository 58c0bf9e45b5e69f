// The 2025 convention (Lopez de Prado, Lipton and Zoonekynd, "Sharpe Ratio Inference") for check_trial_ledger.
import {
  minTrackRecordLength2025,
  oFdr,
  pFdr,
  probabilisticSharpe2025,
  sharpePower2025,
  sharpeStandardError2025,
  type Moments,
} from "../src/lib/sharpe_inference_2025.js";
import { maxNormalMoments } from "../src/lib/max_normal.js";

/** The 2025 statistics of one best Sharpe, per period unless named annual. */
export interface Inference2025 {
  readonly psr: number;
  readonly dsr: number;
  readonly minTrl: number;
  readonly standardErrorAnnual: number;
  readonly power: number | null;
  readonly pfdr: number | null;
  readonly ofdr: number | null;
  /** Var[max of K standard normals], the factor the DSR's null variance is scaled by. */
  readonly maxVarianceFactor: number;
}

/**
 * PSR against 0 and DSR against SR0 = E[max Sharpe] with the variance at SR0 over T times Var[max of K
 * standard normals] (K = nTrials, as the paper's companion code scales it); MinTRL against
 * SR0; the standard error at the observed Sharpe; and, given an alternative annualised Sharpe, the
 * power against SR1 = SR0 + alternative (per period) with pFDR and oFDR at the prior P(H1).
 */
export function infer2025(
  srPerPeriod: number,
  sr0PerPeriod: number,
  nObs: number,
  ppy: number,
  m: Moments,
  alpha: number,
  alternativeAnnual: number | null,
  priorH1: number,
  nTrials: number,
): Inference2025 {
  const root = Math.sqrt(ppy);
  const maxVarianceFactor = maxNormalMoments(nTrials).variance;
  const base = {
    maxVarianceFactor,
    psr: probabilisticSharpe2025(srPerPeriod, 0, nObs, m),
    dsr: probabilisticSharpe2025(srPerPeriod, sr0PerPeriod, nObs, m, maxVarianceFactor),
    minTrl: minTrackRecordLength2025(srPerPeriod, sr0PerPeriod, m, alpha),
    standardErrorAnnual: sharpeStandardError2025(srPerPeriod, nObs, m) * root,
  };
  if (alternativeAnnual === null) return { ...base, power: null, pfdr: null, ofdr: null };
  const sr1 = sr0PerPeriod + alternativeAnnual / root;
  const power = sharpePower2025(sr0PerPeriod, sr1, nObs, m, alpha);
  return {
    ...base,
    power,
    pfdr: pFdr(priorH1, alpha, 1 - power),
    ofdr: oFdr(srPerPeriod, sr0PerPeriod, sr1, nObs, priorH1, m),
  };
}
