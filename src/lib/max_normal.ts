// Moments of the maximum M_K of K independent standard normals, by quadrature of its density
// K phi(x) Phi(x)^(K-1): the 2025 deflated Sharpe scales the one-trial variance by Var[M_K].
import { phi } from "./normal.js";

/** Quadrature range and Simpson intervals: the density is below 1e-30 outside [-12, 12] for K <= 1e9. */
const LOW = -12;
const HIGH = 12;
const INTERVALS = 4800;

export interface MaxNormalMoments {
  readonly mean: number;
  readonly variance: number;
}

/** E[M_K] and Var[M_K] for K >= 1 trials (K = 1: 0 and 1). */
export function maxNormalMoments(k: number): MaxNormalMoments {
  if (!(k >= 1)) throw new RangeError(`maxNormalMoments: K must be >= 1, got ${k}`);
  if (k === 1) return { mean: 0, variance: 1 };
  const h = (HIGH - LOW) / INTERVALS;
  let m1 = 0;
  let m2 = 0;
  for (let i = 0; i <= INTERVALS; i++) {
    const x = LOW + i * h;
    const w = i === 0 || i === INTERVALS ? 1 : i % 2 === 1 ? 4 : 2;
    const cdf = phi(x);
    const density = cdf > 0 ? k * Math.exp(-0.5 * x * x - 0.5 * Math.log(2 * Math.PI) + (k - 1) * Math.log(cdf)) : 0;
    m1 += w * x * density;
    m2 += w * x * x * density;
  }
  const mean = (m1 * h) / 3;
  return { mean, variance: (m2 * h) / 3 - mean * mean };
}
