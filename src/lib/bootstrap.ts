// The stationary bootstrap (Politis and Romano 1994): index generation with MT19937, the
// Politis-White (2004) automatic block length with the Patton-Politis-White (2009) correction,
// and the stationary-bootstrap variance kernel of Hansen (2005). Inputs are finite numbers.
import type { Mt19937 } from "./prng.js";

/**
 * Draws stationary-bootstrap resamples of positions 0..n-1 with mean block length 1/q.
 * Per resample, t = 0 draws I uniform in [0, n); each t >= 1 draws one float u and, when
 * u < q, a fresh uniform I, else I = (I + 1) mod n. One stream; draws in exactly that order.
 */
export class StationaryBootstrap {
  /** Start (inclusive) of each contiguous run of the last resample. */
  readonly starts: Int32Array;
  /** End (exclusive) of each contiguous run; a wrap at n closes a run. */
  readonly ends: Int32Array;

  constructor(
    private readonly rng: Mt19937,
    readonly n: number,
    readonly q: number,
  ) {
    this.starts = new Int32Array(2 * n + 1);
    this.ends = new Int32Array(2 * n + 1);
    this.limit = 4294967296 - (4294967296 % n);
  }

  /** Words at or above this are rejected by a position draw: 2^32 - (2^32 mod n), as Mt19937.nextInt(n). */
  private readonly limit: number;

  /** A uniform position in [0, n): Mt19937.nextInt(n) on the same words, without a float modulo per draw. */
  private position(): number {
    const n = this.n;
    for (;;) {
      const x = this.rng.nextUint32();
      if (x < this.limit) {
        // x - floor(x / n) n is exact (integers below 2^33); a quotient rounded up by one is corrected.
        const r = x - Math.floor(x / n) * n;
        return r < 0 ? r + n : r;
      }
    }
  }

  /**
   * Draws one resample as runs of consecutive positions [starts[r], ends[r]), in resample
   * order; returns the number of runs. A run also ends where the index wraps from n-1 to 0.
   */
  nextRuns(): number {
    const { rng, n, q, starts, ends } = this;
    // u = x / 2^32 < q exactly when x < q 2^32 (both sides scaled by a power of two): no division per draw.
    const below = q * 4294967296;
    let runs = 0;
    let start = this.position();
    let i = start;
    for (let t = 1; t < n; t++) {
      if (rng.nextUint32() < below) {
        starts[runs] = start;
        ends[runs++] = i + 1;
        start = i = this.position();
      } else if (++i === n) {
        starts[runs] = start;
        ends[runs++] = n;
        start = i = 0;
      }
    }
    starts[runs] = start;
    ends[runs++] = i + 1;
    return runs;
  }

  /** Draws one resample as its n positions (the same stream as nextRuns). */
  nextIndices(out: Int32Array = new Int32Array(this.n)): Int32Array {
    const runs = this.nextRuns();
    let t = 0;
    for (let r = 0; r < runs; r++) for (let i = this.starts[r]!; i < this.ends[r]!; i++) out[t++] = i;
    return out;
  }
}

/**
 * Autocovariances R(0..maxLag) with divisor n of already demeaned values `e`: R(j) = (sum over t ascending
 * of e_t e_{t+j}) / n. Eight lags share a pass over t (eight independent sums, each still in t order).
 */
export function autocovariances(e: ArrayLike<number>, maxLag: number): Float64Array {
  const n = e.length;
  const x = e instanceof Float64Array ? e : Float64Array.from(e);
  const r = new Float64Array(maxLag + 1);
  const last = Math.min(maxLag, n - 1);
  let j = 0;
  for (; j + 7 <= last; j += 8) eightLags(x, j, r);
  for (; j <= last; j++) r[j] = lagSum(x, j, 0) / n;
  return r;
}

/** sum over t >= from, t + j < n, ascending, of x_t x_{t+j}, starting from `s`. */
function lagSum(x: Float64Array, j: number, from: number, s = 0): number {
  for (let t = from; t + j < x.length; t++) s += x[t]! * x[t + j]!;
  return s;
}

/** R(j..j+7) into r: one pass over t while all eight lags have a partner, then each lag's remaining terms. */
function eightLags(x: Float64Array, j: number, r: Float64Array): void {
  const n = x.length;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let s5 = 0;
  let s6 = 0;
  let s7 = 0;
  let t = 0;
  for (; t + j + 7 < n; t++) {
    const a = x[t]!;
    const u = t + j;
    s0 += a * x[u]!;
    s1 += a * x[u + 1]!;
    s2 += a * x[u + 2]!;
    s3 += a * x[u + 3]!;
    s4 += a * x[u + 4]!;
    s5 += a * x[u + 5]!;
    s6 += a * x[u + 6]!;
    s7 += a * x[u + 7]!;
  }
  // From t on, lag j + 7 has no partner left; each lower lag adds its remaining terms in t order.
  const sums = [s0, s1, s2, s3, s4, s5, s6, s7];
  for (let i = 0; i < 8; i++) r[j + i] = lagSum(x, j + i, t, sums[i]) / n;
}

/** Flat-top window: 1 for |s| <= 1/2, 2(1 - |s|) for 1/2 < |s| <= 1, 0 beyond. */
function flatTop(s: number): number {
  const a = Math.abs(s);
  return a <= 0.5 ? 1 : a <= 1 ? 2 * (1 - a) : 0;
}

/**
 * The lag m_hat of Politis-White is the smallest m >= 1 with m + K_N <= m_max whose next K_N autocorrelations
 * R(m + j) / R(0) are all below c in absolute value (quietLag over the lags computed, up to `last`); else the
 * largest significant lag; else 1 (lastSignificantLag).
 */
function quietLag(r: Float64Array, kn: number, last: number, c: number): number | null {
  for (let m = 1; m + kn <= last; m++) {
    let quiet = true;
    for (let j = 1; j <= kn && quiet; j++) quiet = Math.abs(r[m + j]! / r[0]!) < c;
    if (quiet) return m;
  }
  return null;
}

/** The largest j <= m_max with |R(j) / R(0)| >= c, else 1. */
function lastSignificantLag(r: Float64Array, mMax: number, c: number): number {
  for (let j = mMax; j >= 1; j--) if (Math.abs(r[j]! / r[0]!) >= c) return j;
  return 1;
}

/**
 * Politis-White (2004) stationary-bootstrap block length with the Patton-Politis-White (2009)
 * correction, as spa_test.md states it; null when R(0) = 0, g0 = 0 or the result is not finite.
 * Not rounded and not floored at 1 (the caller does that); capped at ceil(min(3 sqrt n, n/3)).
 * `acov` computes the autocovariances of the demeaned values (another implementation must give the same bits).
 */
export function politisWhiteBlockLength(
  x: ArrayLike<number>,
  acov: (e: Float64Array, maxLag: number) => Float64Array = autocovariances,
): number | null {
  const n = x.length;
  let mean = 0;
  for (let t = 0; t < n; t++) mean += x[t]!;
  mean /= n;
  const e = new Float64Array(n);
  for (let t = 0; t < n; t++) e[t] = x[t]! - mean;
  return politisWhiteOfDemeaned(e, acov);
}

/** Lags computed first: the search for m_hat usually ends within them (one 16-lag pass of a SIMD acov). */
const FIRST_LAGS = 15;

/**
 * politisWhiteBlockLength of values already demeaned as it demeans them: e_t = x_t - (left-to-right sum of x)
 * / n. The autocovariances are computed up to lag 15 first and up to m_max only when the search or M needs
 * more (each R(j) is the same sum whatever the number of lags computed with it).
 */
export function politisWhiteOfDemeaned(
  e: Float64Array,
  acov: (e: Float64Array, maxLag: number) => Float64Array = autocovariances,
): number | null {
  const n = e.length;
  const kn = Math.max(5, Math.ceil(Math.sqrt(Math.log10(n))));
  const mMax = Math.ceil(Math.sqrt(n)) + kn;
  const c = 2 * Math.sqrt(Math.log10(n) / n);
  let r = acov(e, Math.min(FIRST_LAGS, mMax));
  if (r[0] === 0) return null;
  let mHat = quietLag(r, kn, Math.min(mMax, r.length - 1), c);
  if (mHat === null) {
    if (r.length - 1 < mMax) r = acov(e, mMax);
    mHat = quietLag(r, kn, mMax, c) ?? lastSignificantLag(r, mMax, c);
  }
  const M = Math.min(2 * mHat, mMax);
  if (r.length - 1 < M) r = acov(e, mMax);
  let G = 0;
  let g0 = r[0]!;
  for (let j = 1; j <= M; j++) {
    const w = 2 * flatTop(j / M) * r[j]!;
    G += w * j;
    g0 += w;
  }
  if (g0 === 0) return null;
  const b = Math.cbrt((2 * G * G) / (2 * g0 * g0)) * Math.cbrt(n);
  if (!Number.isFinite(b)) return null;
  return Math.min(b, Math.ceil(Math.min(3 * Math.sqrt(n), n / 3)));
}

/**
 * Hansen's stationary-bootstrap variance of sqrt(n) x mean for demeaned values `e` and
 * q = 1 / block size: gamma(0) + 2 sum_{i=1}^{n-1} kappa(i) gamma(i),
 * kappa(i) = ((n - i)/n)(1 - q)^i + (i/n)(1 - q)^(n - i).
 *
 * Computed in O(n): with a = 1 - q and the circular autocovariance c(i) = gamma(i) + gamma(n - i),
 * the sum equals sum_{i=1}^{n-1} (1 - i/n) a^i c(i), and sum_i a^i e_{t+i} and
 * sum_i i a^i e_{t+i} (indices mod n) follow stable backward recursions in t.
 */
export function stationaryBootstrapVariance(e: ArrayLike<number>, q: number): number {
  const n = e.length;
  const a = 1 - q;
  let gamma0 = 0;
  for (let t = 0; t < n; t++) gamma0 += e[t]! * e[t]!;
  gamma0 /= n;
  if (n < 2 || a === 0) return gamma0;
  // H = sum_{i=1}^{n-1} a^i e_{(t+i) mod n}, G = sum_{i=1}^{n-1} i a^i e_{(t+i) mod n}, at t = n-1.
  let H = 0;
  let G = 0;
  let ai = 1;
  for (let i = 1; i < n; i++) {
    ai *= a;
    H += ai * e[i - 1]!;
    G += i * ai * e[i - 1]!;
  }
  const an = ai * a;
  let sumH = e[n - 1]! * H;
  let sumG = e[n - 1]! * G;
  for (let t = n - 1; t >= 1; t--) {
    const et = e[t]!;
    const prev = e[t - 1]!;
    const nextH = a * (et + H) - an * prev;
    G = a * (G + et + H) - n * an * prev;
    H = nextH;
    sumH += prev * H;
    sumG += prev * G;
  }
  // A = (1/n) sum_t e_t H_t = sum a^i c(i); B = (1/n) sum_t e_t G_t = sum i a^i c(i).
  return gamma0 + 2 * (sumH / n - sumG / (n * n));
}

/** The kernel computed directly from its definition, O(n^2); a reference for tests and small n. */
export function stationaryBootstrapVarianceDirect(e: ArrayLike<number>, q: number): number {
  const n = e.length;
  const gamma = autocovariances(e, n - 1);
  let omega2 = gamma[0]!;
  for (let i = 1; i < n; i++) {
    const kappa = ((n - i) / n) * (1 - q) ** i + (i / n) * (1 - q) ** (n - i);
    omega2 += 2 * kappa * gamma[i]!;
  }
  return omega2;
}
