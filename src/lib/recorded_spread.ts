// The spread of a research ledger's recorded Sharpes that a flood of near-copies cannot shrink: Sharpes are
// collapsed into bins of SPREAD_BIN_WIDTH (annualised) and each occupied bin counts once, at the mean of
// its members, before the sample variance is taken. A thousand copies of one strategy then weigh as one.
import { variance } from "./stats.js";

/**
 * Width of a bin, in ANNUALISED Sharpe. Copies of one strategy (a column repeated with tiny perturbations,
 * or one series resent rescaled) land well within it; noise strategies over 3 years of daily data spread
 * by about 0.58, so a bin holds a small share of an honest search's spread.
 */
export const SPREAD_BIN_WIDTH = 0.05;

/**
 * The sample variance (ddof 1) of the bin means of `sharpes` (annualised) in bins [k w, (k + 1) w); null
 * with fewer than 2 occupied bins. A limit: distinct strategies placed in many bins near the centre still
 * pull it down, by at most what one strategy per bin can.
 */
export function dilutionProofVariance(sharpes: readonly number[], width = SPREAD_BIN_WIDTH): number | null {
  const means = binMeans(sharpes, width);
  return means.length < 2 ? null : variance(means);
}

/** Bins kept in typed arrays, centred on 0 (Sharpes within +-102.4 at the default width); others in a Map. */
const WINDOW = 4096;

/**
 * The occupied bins' means in order of first occurrence, each a sum in recording order, in one pass
 * without a Map for the usual bins (250,000 Sharpes in about 1 ms).
 */
function binMeans(sharpes: readonly number[], width: number): number[] {
  const sums = new Float64Array(WINDOW);
  const counts = new Float64Array(WINDOW);
  const far = new Map<number, { sum: number; n: number }>();
  const order: number[] = [];
  for (let i = 0; i < sharpes.length; i++) {
    const s = sharpes[i]!;
    if (!Number.isFinite(s)) continue;
    const k = Math.floor(s / width);
    const j = k + WINDOW / 2;
    if (j >= 0 && j < WINDOW) {
      if (counts[j] === 0) order.push(k);
      sums[j] += s;
      counts[j]++;
      continue;
    }
    const bin = far.get(k);
    if (bin === undefined) {
      far.set(k, { sum: s, n: 1 });
      order.push(k);
    } else {
      bin.sum += s;
      bin.n += 1;
    }
  }
  return order.map((k) => {
    const j = k + WINDOW / 2;
    if (j >= 0 && j < WINDOW) return sums[j]! / counts[j]!;
    const bin = far.get(k)!;
    return bin.sum / bin.n;
  });
}

/**
 * The same variance kept as Sharpes arrive (in recording order): each bin's sum and count, in order of first
 * occurrence, so that variance() equals dilutionProofVariance of the Sharpes added, bit for bit. Add only:
 * taking a Sharpe out needs a new one built from the remaining Sharpes.
 */
export class BinnedSpread {
  private readonly bins = new Map<number, { sum: number; n: number }>();

  add(s: number): void {
    if (!Number.isFinite(s)) return;
    const k = Math.floor(s / SPREAD_BIN_WIDTH);
    const bin = this.bins.get(k);
    if (bin === undefined) this.bins.set(k, { sum: s, n: 1 });
    else {
      bin.sum += s;
      bin.n += 1;
    }
  }

  variance(): number | null {
    const means = Array.from(this.bins.values(), (b) => b.sum / b.n);
    return means.length < 2 ? null : variance(means);
  }

  clone(): BinnedSpread {
    const copy = new BinnedSpread();
    for (const [k, b] of this.bins) copy.bins.set(k, { ...b });
    return copy;
  }
}
