// The short-sample caveat of a Sharpe verdict: a sample shorter than the minimum track record length
// (Bailey and Lopez de Prado 2012) cannot tell the observed Sharpe from the verdict's floor at 95% confidence.
import type { Outcome } from "../contract/guard.js";
import { minTrackRecordLength } from "./sharpe_inference.js";
import { kurtosisRaw, skewness } from "./stats.js";

/** One-sided confidence of the caveat: 95%, the paper's worked level. */
const ALPHA = 0.05;

/**
 * Warns when `nObs` periods are fewer than the minimum track record needed for an annualised Sharpe of
 * `sharpeAnnual` to beat `floorAnnual` (the lower edge of the verdict's band, annualised) at 95%, skew and raw
 * kurtosis taken from `moments`; returns that length (periods, rounded up), or null when the Sharpe is not above
 * the floor or the moments are not finite.
 */
export function shortSampleCaveat(
  out: Outcome,
  sharpeAnnual: number | null,
  floorAnnual: number,
  moments: ArrayLike<number>,
  periodsPerYear: number,
  where: string,
): number | null {
  if (sharpeAnnual === null || !(sharpeAnnual > floorAnnual)) return null;
  const root = Math.sqrt(periodsPerYear);
  const needed = minTrackRecordLength(
    sharpeAnnual / root,
    floorAnnual / root,
    skewness(moments),
    kurtosisRaw(moments),
    ALPHA,
  );
  if (!Number.isFinite(needed)) return null;
  const periods = Math.ceil(needed);
  const nObs = moments.length;
  if (nObs < periods) {
    out.warning(
      `short sample: ${nObs} observations (${years(nObs, periodsPerYear)}) are fewer than the ${periods} ` +
        `(${years(periods, periodsPerYear)}) needed to tell a Sharpe of ${sharpeAnnual.toFixed(2)} from ` +
        `${floorAnnual} at 95% confidence (minimum track record length, Bailey and Lopez de Prado 2012): ` +
        "the verdict rests on too little data to trust",
      where,
    );
  }
  return periods;
}

const years = (n: number, ppy: number) => `${(n / ppy).toFixed(1)} years at ${ppy} a year`;
