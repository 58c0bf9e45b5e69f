// Distribution functions from @stdlib (maintained ports of Cephes/Boost, ~1e-15 relative).
import normalCdf from "@stdlib/stats-base-dists-normal-cdf";
import normalQuantile from "@stdlib/stats-base-dists-normal-quantile";
import tCdf from "@stdlib/stats-base-dists-t-cdf";

/** Standard normal CDF, Phi(x). */
export function phi(x: number): number {
  return normalCdf(x, 0, 1);
}

/** Standard normal quantile, Phi^-1(p); -Infinity at 0, Infinity at 1, NaN outside [0, 1]. */
export function phiInv(p: number): number {
  return normalQuantile(p, 0, 1);
}

/** Student t CDF with `nu` degrees of freedom. */
export function studentTCdf(x: number, nu: number): number {
  return tCdf(x, nu);
}

/** Euler-Mascheroni constant. */
export const EULER_GAMMA = 0.5772156649015329;
