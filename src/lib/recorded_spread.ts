// The spread of a research ledger's recorded Sharpes that a flood of near-copies cannot shrink: Sharpes are
// collapsed into bins of SPREAD_BIN_WIDTH (annualised) and each occupied bin counts once, at the mean of
// its members, before the sample variance is taken. A thousand copies of one strategy then weigh as one.
import { variance } from "./stats.js";

/**
 * Width of a bin, in ANNUALISED Sharpe. Copies of one strategy (a column repeated with tiny perturbations,
 * or one series resent rescaled) land well within it; noise strategies over 3 years of daily data spread
 * by about 0.58, so a bin holds a small share of an honest search's spread.
 */
export const SPREAD_BIN_WIDTH = 0.05;

/**
 * The sample variance (ddof 1) of the bin means of `sharpes` (annualised) in bins [k w, (k + 1) w); null
 * with fewer than 2 occupied bins. A limit: distinct strategies placed in many bins near the centre still
 * pull it down, by at most what one strategy per bin can.
 */
export function dilutionProofVariance(sharpes: readonly number[], width = SPREAD_BIN_WIDTH): number | null {
  const bins = new Map<number, { sum: number; n: number }>();
  for (const s of sharpes) {
    if (!Number.isFinite(s)) continue;
    const k = Math.floor(s / width);
    const bin = bins.get(k);
    if (bin === undefined) bins.set(k, { sum: s, n: 1 });
    else {
      bin.sum += s;
      bin.n += 1;
    }
  }
  if (bins.size < 2) return null;
  return variance([...bins.values()].map((b) => b.sum / b.n));
}
