// Linking multi-period attribution effects: Carino's logarithmic smoothing for arithmetic
// effects, and log-linking of compounded geometric effects. Callers ensure every 1 + r > 0.

/**
 * Carino's coefficient k for a portfolio return rp against a benchmark return rb:
 * (ln(1+rp) - ln(1+rb)) / (rp - rb), and 1/(1+rp) when rp == rb (its limit).
 */
export function carinoCoefficient(rp: number, rb: number): number {
  if (rp === rb) return 1 / (1 + rp);
  // ln((1+rp)/(1+rb)) written as log1p((rp-rb)/(1+rb)) keeps precision when rp is close to rb.
  return Math.log1p((rp - rb) / (1 + rb)) / (rp - rb);
}

/** prod(1 + r_t) - 1. */
export function compound(returns: readonly number[]): number {
  let g = 1;
  for (const r of returns) g *= 1 + r;
  return g - 1;
}

export interface CarinoLinked {
  /** Per-period coefficients k_t. */
  readonly k: number[];
  /** The coefficient K of the compounded returns. */
  readonly K: number;
  /** Compounded portfolio and benchmark returns. */
  readonly portfolioReturn: number;
  readonly benchmarkReturn: number;
  /** Each column of `effects` linked: sum_t effects[t][j] k_t / K. */
  readonly linked: number[];
}

/**
 * Carino-links arithmetic effects. `effects[t][j]` is effect j (a sector's allocation, say) in
 * period t; `rp[t]`, `rb[t]` are the period returns. When each period's effects sum to
 * rp_t - rb_t, the linked effects sum to the compounded rp - rb exactly (up to rounding).
 */
export function carinoLink(
  effects: readonly (readonly number[])[],
  rp: readonly number[],
  rb: readonly number[],
): CarinoLinked {
  if (effects.length !== rp.length || rp.length !== rb.length)
    throw new RangeError("carinoLink: effects, rp and rb need one entry per period");
  const k = rp.map((r, t) => carinoCoefficient(r, rb[t]!));
  const portfolioReturn = compound(rp);
  const benchmarkReturn = compound(rb);
  const K = carinoCoefficient(portfolioReturn, benchmarkReturn);
  const width = effects.length === 0 ? 0 : effects[0]!.length;
  const linked = new Array<number>(width).fill(0);
  effects.forEach((row, t) => {
    if (row.length !== width) throw new RangeError("carinoLink: every period needs the same number of effects");
    for (let j = 0; j < width; j++) linked[j]! += (row[j]! * k[t]!) / K;
  });
  return { k, K, portfolioReturn, benchmarkReturn, linked };
}

/** c(x) = ln(1+x)/x with c(0) = 1; NaN when 1 + x <= 0. */
export function logRatio(x: number): number {
  if (!(1 + x > 0)) return NaN;
  return x === 0 ? 1 : Math.log1p(x) / x;
}

export interface GeometricLinked {
  /** prod_t(1 + total_t) - 1. */
  readonly total: number;
  /** Each column linked: sum_t parts[t][j] c(total_t) / c(total); the columns sum to `total`. */
  readonly linked: number[];
}

/**
 * Log-links one geometric effect across periods. `parts[t][j]` is sector j's share of the
 * period-t effect, whose period total is `totals[t]` (= sum_j parts[t][j] for exact sums).
 */
export function geometricLink(parts: readonly (readonly number[])[], totals: readonly number[]): GeometricLinked {
  if (parts.length !== totals.length) throw new RangeError("geometricLink: parts and totals need one entry per period");
  const total = compound(totals);
  const cTotal = logRatio(total);
  const width = parts.length === 0 ? 0 : parts[0]!.length;
  const linked = new Array<number>(width).fill(0);
  parts.forEach((row, t) => {
    if (row.length !== width) throw new RangeError("geometricLink: every period needs the same number of parts");
    const scale = logRatio(totals[t]!) / cTotal;
    for (let j = 0; j < width; j++) linked[j]! += row[j]! * scale;
  });
  return { total, linked };
}
