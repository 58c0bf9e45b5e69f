// Lo (2002, "The Statistics of Sharpe Ratios", Financial Analysts Journal 58(4)): annualising a
// per-period Sharpe of serially correlated returns by eta(q) = q / sqrt(q + 2 sum_{k=1}^{q-1} (q - k) rho_k)
// instead of sqrt(q). Sample autocorrelations are noisy, so only the first LO_MAX_LAGS lags enter.
import { mean } from "./stats.js";

/** Lags of the autocorrelation sum; further lags add estimation noise of order 2 sqrt(L / n). */
export const LO_MAX_LAGS = 6;

/** Sample autocorrelation at lag k (denominator: the full-sample sum of squared deviations); NaN if constant. */
export function autocorrelation(xs: readonly number[], k: number): number {
  const m = mean(xs);
  let num = 0;
  let den = 0;
  for (let t = 0; t < xs.length; t++) {
    const d = xs[t]! - m;
    den += d * d;
    if (t >= k) num += d * (xs[t - k]! - m);
  }
  return den > 0 ? num / den : NaN;
}

/** eta(q) from autocorrelations rho_1.. (missing lags count as 0); NaN when the root is not positive. */
export function loEta(q: number, rhos: readonly number[]): number {
  let s = q;
  for (let k = 1; k < q && k <= rhos.length; k++) s += 2 * (q - k) * rhos[k - 1]!;
  return s > 0 ? q / Math.sqrt(s) : NaN;
}

export interface LoSharpe {
  /** Autocorrelations at lags 1..L, L = min(q - 1, LO_MAX_LAGS, n - 2). */
  readonly rhos: number[];
  readonly eta: number;
  /** Per-period Sharpe x eta(q), the autocorrelation-adjusted annual Sharpe. */
  readonly sharpeAnnual: number;
  /** True when some |rho_k| exceeds 2 / sqrt(n), the white-noise band. */
  readonly material: boolean;
}

/** The Lo-adjusted annual Sharpe of returns with per-period Sharpe `perPeriodSharpe` at q periods a year. */
export function loSharpe(xs: readonly number[], perPeriodSharpe: number, q: number): LoSharpe {
  const lags = Math.max(0, Math.min(q - 1, LO_MAX_LAGS, xs.length - 2));
  const rhos = Array.from({ length: lags }, (_, i) => autocorrelation(xs, i + 1));
  const eta = loEta(q, rhos);
  const band = 2 / Math.sqrt(xs.length);
  return { rhos, eta, sharpeAnnual: perPeriodSharpe * eta, material: rhos.some((r) => Math.abs(r) > band) };
}
