// Regime episodes: maximal runs of one label, and per-episode compounding and drawdown.

/** A maximal run of consecutive positions: [start, end) in row positions. */
export interface Episode {
  readonly start: number;
  readonly end: number;
}

/** Maximal runs of consecutive true positions in `mask`, in order. */
export function episodes(mask: readonly boolean[]): Episode[] {
  const out: Episode[] = [];
  let start = -1;
  for (let i = 0; i <= mask.length; i++) {
    const on = i < mask.length && mask[i] === true;
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      out.push({ start, end: i });
      start = -1;
    }
  }
  return out;
}

/** Compounded return prod(1 + r) - 1 over r[start..end). */
export function compoundedReturn(r: readonly number[], ep: Episode): number {
  let e = 1;
  for (let j = ep.start; j < ep.end; j++) e *= 1 + r[j]!;
  return e - 1;
}

/**
 * Maximum drawdown within one episode: equity starts at 1.0 (the first peak), E_j = E_{j-1}(1 + r_j),
 * value min_j(E_j / max(E_0..E_j) - 1), so 0 when the episode never falls below a peak.
 */
export function episodeDrawdown(r: readonly number[], ep: Episode): number {
  let equity = 1;
  let peak = 1;
  let worst = 0;
  for (let j = ep.start; j < ep.end; j++) {
    equity *= 1 + r[j]!;
    if (equity > peak) peak = equity;
    const dd = equity / peak - 1;
    if (dd < worst) worst = dd;
  }
  return worst;
}

/** One label's row positions and episodes (maximal runs), labels in first-appearance order. */
export interface LabelEpisodes<K> {
  readonly label: K;
  readonly rows: number[];
  readonly episodes: Episode[];
}

/** Groups `labels` by value (SameValueZero) in first-appearance order, with each label's episodes; O(n). */
export function labelEpisodes<K>(labels: readonly K[]): LabelEpisodes<K>[] {
  const groups = new Map<K, LabelEpisodes<K>>();
  labels.forEach((l, i) => {
    let g = groups.get(l);
    if (!g) {
      g = { label: l, rows: [], episodes: [] };
      groups.set(l, g);
    }
    g.rows.push(i);
    if (i > 0 && labels[i - 1] === l) (g.episodes[g.episodes.length - 1] as { end: number }).end = i + 1;
    else g.episodes.push({ start: i, end: i + 1 });
  });
  return [...groups.values()];
}
