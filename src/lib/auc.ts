// ROC AUC as the Mann-Whitney statistic, ties handled by average ranks.

/** 1-based ranks of `xs`, tied values sharing the mean of their ranks. */
export function averageRanks(xs: readonly number[]): number[] {
  const order = xs.map((_, i) => i).sort((a, b) => xs[a]! - xs[b]! || a - b);
  const ranks = new Array<number>(xs.length);
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && xs[order[j + 1]!] === xs[order[i]!]) j++;
    const r = (i + j) / 2 + 1;
    for (let t = i; t <= j; t++) ranks[order[t]!] = r;
    i = j + 1;
  }
  return ranks;
}

/**
 * AUC = (sum of positives' ranks - n1(n1+1)/2) / (n1 n0) over finite `scores` and 0/1 `labels`
 * of equal length; null when either class is absent (no AUC).
 */
export function rocAuc(scores: readonly number[], labels: readonly number[]): number | null {
  if (scores.length !== labels.length)
    throw new RangeError(`rocAuc: ${scores.length} scores but ${labels.length} labels`);
  const ranks = averageRanks(scores);
  let n1 = 0;
  let rankSum = 0;
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] === 1) {
      n1++;
      rankSum += ranks[i]!;
    }
  }
  const n0 = labels.length - n1;
  if (n1 === 0 || n0 === 0) return null;
  return (rankSum - (n1 * (n1 + 1)) / 2) / (n1 * n0);
}
