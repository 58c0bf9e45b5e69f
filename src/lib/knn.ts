// k-nearest-neighbour scoring: the mean label of the k training rows nearest in squared
// Euclidean distance, ties broken by the lower row index. Callers validate finiteness.

/** Squared Euclidean distance between two equal-length rows. */
export function squaredDistance(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) {
    const d = a[j]! - b[j]!;
    s += d * d;
  }
  return s;
}

/**
 * For each row in `testRows`, the mean of `y` over the k = min(k, |trainRows|) rows of
 * `trainRows` nearest to it in `x` (rows are positions into `x` and `y`); ties go to the lower
 * row index. An empty training set gives NaN scores.
 */
export function knnMeanLabel(
  x: readonly (readonly number[])[],
  y: readonly number[],
  trainRows: readonly number[],
  testRows: readonly number[],
  k = 5,
): number[] {
  const kk = Math.min(k, trainRows.length);
  if (kk === 0) return testRows.map(() => NaN);
  return testRows.map((t) => {
    const bestD: number[] = [];
    const bestI: number[] = [];
    for (const r of trainRows) {
      const d = squaredDistance(x[t]!, x[r]!);
      if (bestD.length === kk && !closer(d, r, bestD[kk - 1]!, bestI[kk - 1]!)) continue;
      let pos = bestD.length === kk ? kk - 1 : bestD.length;
      while (pos > 0 && closer(d, r, bestD[pos - 1]!, bestI[pos - 1]!)) {
        bestD[pos] = bestD[pos - 1]!;
        bestI[pos] = bestI[pos - 1]!;
        pos--;
      }
      bestD[pos] = d;
      bestI[pos] = r;
    }
    let s = 0;
    for (const r of bestI) s += y[r]!;
    return s / kk;
  });
}

/** (d, i) orders before (d2, i2): smaller distance, then lower row index. */
function closer(d: number, i: number, d2: number, i2: number): boolean {
  return d < d2 || (d === d2 && i < i2);
}
