// Count, mean and sample variance of a column's finite values (Welford), for one column or many: columns of
// one length are taken two at a time in one loop, so the serial divisions of one overlap the other's (the
// same arithmetic, the same results to the bit).

export interface Moments {
  readonly n: number;
  readonly mean: number;
  /** Sample variance (ddof 1); NaN below two values. */
  readonly variance: number;
}

/** One column's moments. */
export function moments(c: Float64Array): Moments {
  let n = 0;
  let mean = 0;
  let m2 = 0;
  for (let d = 0; d < c.length; d++) {
    const x = c[d]!;
    if (!Number.isFinite(x)) continue;
    n++;
    const delta = x - mean;
    mean += delta / n;
    m2 += delta * (x - mean);
  }
  return { n, mean, variance: n > 1 ? m2 / (n - 1) : Number.NaN };
}

/** The moments of each column, by column. */
export function momentsOfColumns(columns: readonly Float64Array[]): Map<Float64Array, Moments> {
  const out = new Map<Float64Array, Moments>();
  let i = 0;
  for (; i + 1 < columns.length; i += 2) {
    const a = columns[i]!;
    const b = columns[i + 1]!;
    if (a.length === b.length) {
      const [ma, mb] = momentsOfTwo(a, b);
      out.set(a, ma).set(b, mb);
    } else out.set(a, moments(a)).set(b, moments(b));
  }
  if (i < columns.length) out.set(columns[i]!, moments(columns[i]!));
  return out;
}

/** moments() of two columns of one length, in one loop. */
function momentsOfTwo(a: Float64Array, b: Float64Array): [Moments, Moments] {
  let na = 0;
  let meanA = 0;
  let m2a = 0;
  let nb = 0;
  let meanB = 0;
  let m2b = 0;
  for (let d = 0; d < a.length; d++) {
    const x = a[d]!;
    if (Number.isFinite(x)) {
      na++;
      const delta = x - meanA;
      meanA += delta / na;
      m2a += delta * (x - meanA);
    }
    const y = b[d]!;
    if (Number.isFinite(y)) {
      nb++;
      const delta = y - meanB;
      meanB += delta / nb;
      m2b += delta * (y - meanB);
    }
  }
  return [
    { n: na, mean: meanA, variance: na > 1 ? m2a / (na - 1) : Number.NaN },
    { n: nb, mean: meanB, variance: nb > 1 ? m2b / (nb - 1) : Number.NaN },
  ];
}
