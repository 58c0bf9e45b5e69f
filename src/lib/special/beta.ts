// The regularized incomplete beta function I_z(a, 1/2), the one the Student t CDF needs, to about
// 1e-14 relative: a continued fraction (Numerical Recipes' betacf form, modified Lentz) on the side
// where it converges fast, with log Gamma differences from Stirling's series (no cancellation).

const EPS = 1e-16;
const TINY = 1e-300;
const MAX_ITER = 100_000;
const HALF_LN_PI = 0.5 * Math.log(Math.PI);

/** Stirling's correction lnGamma(x) - ((x - 1/2) ln x - x + ln(2 pi)/2), for x >= 20 (error < 1e-17). */
function stirlingCorrection(x: number): number {
  const x2 = x * x;
  return (1 / x) * (1 / 12 - (1 / x2) * (1 / 360 - (1 / x2) * (1 / 1260 - (1 / x2) * (1 / 1680 - 1 / (1188 * x2)))));
}

/** lnGamma(a + 1/2) - lnGamma(a) for a > 0, without subtracting two large logs. */
export function lnGammaHalfStep(a: number): number {
  let shift = 0;
  let x = a;
  while (x < 20) {
    shift += Math.log1p(0.5 / x);
    x += 1;
  }
  const big =
    x * Math.log1p(1 / (2 * x)) + 0.5 * Math.log(x) - 0.5 + stirlingCorrection(x + 0.5) - stirlingCorrection(x);
  return big - shift;
}

/**
 * The continued fraction of I_x(a, b) (x on its fast side), as in Numerical Recipes' betacf; `xc` is
 * 1 - x, given exactly, so the first denominator 1 - (a+b)x/(a+1) does not cancel when x is near 1.
 */
function betaFraction(x: number, xc: number, a: number, b: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = x > 0.5 ? (1 - b + qab * xc) / qap : 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITER; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return h;
}

/** I_z(a, 1/2), the regularized incomplete beta with b = 1/2; `zc` is 1 - z, given exactly. */
export function halfBetaRatio(z: number, zc: number, a: number): number {
  if (z <= 0) return 0;
  if (zc <= 0) return 1;
  const b = 0.5;
  const lnBeta = HALF_LN_PI - lnGammaHalfStep(a);
  const lnZ = z > 0.5 ? Math.log1p(-zc) : Math.log(z);
  const lnZc = zc > 0.5 ? Math.log1p(-z) : Math.log(zc);
  const front = Math.exp(a * lnZ + b * lnZc - lnBeta);
  if (z < (a + 1) / (a + b + 2)) return (front * betaFraction(z, zc, a, b)) / a;
  return 1 - (front * betaFraction(zc, z, b, a)) / b;
}
