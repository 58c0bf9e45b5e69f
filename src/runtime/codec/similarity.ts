// The one similarity measure of the contract (docs/contract.md §3.6): Ratcliff-Obershelp, equal to
// Python's difflib.SequenceMatcher(None, a, b, autojunk=False).ratio(). Characters are code points.

/** Longest common block of a[alo..ahi) and b[blo..bhi); ties: earliest in a, then earliest in b. */
function longestMatch(
  a: readonly string[],
  b: readonly string[],
  alo: number,
  ahi: number,
  blo: number,
  bhi: number,
): [number, number, number] {
  let bestI = alo;
  let bestJ = blo;
  let bestK = 0;
  // lengths[j] = length of the common suffix ending at a[i-1], b[j-1] (rolling row).
  let prev = new Int32Array(bhi - blo + 1);
  let cur = new Int32Array(bhi - blo + 1);
  for (let i = alo; i < ahi; i++) {
    for (let j = blo; j < bhi; j++) {
      const k = a[i] === b[j] ? prev[j - blo]! + 1 : 0;
      cur[j - blo + 1] = k;
      if (k > bestK) {
        bestI = i - k + 1;
        bestJ = j - k + 1;
        bestK = k;
      }
    }
    [prev, cur] = [cur, prev];
    cur.fill(0);
  }
  return [bestI, bestJ, bestK];
}

/** Characters in the matching blocks, found by recursive longest common substring. */
function matchedChars(a: readonly string[], b: readonly string[]): number {
  let total = 0;
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  while (queue.length > 0) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const [i, j, k] = longestMatch(a, b, alo, ahi, blo, bhi);
    if (k === 0) continue;
    total += k;
    if (alo < i && blo < j) queue.push([alo, i, blo, j]);
    if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
  }
  return total;
}

/** 2·M / (|a| + |b|), case-sensitive; 1 for two empty strings. */
export function ratio(a: string, b: string): number {
  const ca = Array.from(a);
  const cb = Array.from(b);
  const len = ca.length + cb.length;
  return len === 0 ? 1 : (2 * matchedChars(ca, cb)) / len;
}

/** At most `n` candidates with ratio >= cutoff, by ratio descending; ties keep candidate order. */
export function closeMatches(word: string, candidates: Iterable<string>, n = 3, cutoff = 0.6): string[] {
  const scored: { c: string; r: number; i: number }[] = [];
  let i = 0;
  for (const c of candidates) {
    // 2*min(|a|,|b|)/(|a|+|b|) bounds the ratio (difflib's real_quick_ratio): skip hopeless pairs.
    const bound = (2 * Math.min(word.length, c.length)) / (word.length + c.length || 1);
    const r = bound >= cutoff ? ratio(word, c) : 0;
    if (r >= cutoff) scored.push({ c, r, i });
    i += 1;
  }
  scored.sort((x, y) => y.r - x.r || x.i - y.i);
  return scored.slice(0, Math.max(0, n)).map((s) => s.c);
}
