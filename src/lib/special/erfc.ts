// The complementary error function, relative accuracy about 1e-15 for every finite argument:
// a positive-term series for erf below 1, a continued fraction (modified Lentz) from 1 on.

const SERIES_BELOW = 1;
const EPS = 1e-17;
const MAX_TERMS = 5000;

/** exp(-z^2) with z^2 split so the large part is exact (no error growth with z in the tail). */
export function expMinusSquare(z: number): number {
  const hi = Math.floor(z * 16) / 16;
  return Math.exp(-hi * hi) * Math.exp(-(z - hi) * (z + hi));
}

/** erf(z) for 0 <= z < 1: (2/sqrt(pi)) e^(-z^2) sum 2^n z^(2n+1) / (1*3*...*(2n+1)); every term positive. */
function erfSeries(z: number): number {
  let term = z;
  let sum = z;
  const z2 = 2 * z * z;
  for (let n = 1; n < MAX_TERMS && term > sum * EPS; n++) {
    term *= z2 / (2 * n + 1);
    sum += term;
  }
  return (2 / Math.sqrt(Math.PI)) * expMinusSquare(z) * sum;
}

/** erfc(z) for z >= 1: e^(-z^2)/sqrt(pi) / (z + (1/2)/(z + 1/(z + (3/2)/(z + ...)))). */
function erfcFraction(z: number): number {
  return expMinusSquare(z) / Math.sqrt(Math.PI) / erfcContinuedFraction(z);
}

/** The denominator z + (1/2)/(z + 1/(z + ...)) of erfc(z) for z >= 1 (modified Lentz). */
export function erfcContinuedFraction(z: number): number {
  const tiny = 1e-300;
  let f = z;
  let c = f;
  let d = 0;
  for (let n = 1; n < MAX_TERMS; n++) {
    const a = n / 2;
    d = z + a * d;
    if (d === 0) d = tiny;
    c = z + a / c;
    if (c === 0) c = tiny;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return f;
}

/** erfc(z) = 1 - erf(z); NaN for NaN. */
export function erfc(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  if (z < 0) return 2 - erfc(-z);
  if (z === Number.POSITIVE_INFINITY) return 0;
  if (z > 27.3) return 0; // below the smallest subnormal
  return z < SERIES_BELOW ? 1 - erfSeries(z) : erfcFraction(z);
}
