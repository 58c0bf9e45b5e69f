// Candidate pairs of highly correlated columns without comparing every pair (docs/ledger.md, "Effective
// trials", large ledgers). Each standardized column is first count-sketched to SKETCH numbers (every date
// added, with a seeded random sign, into one of SKETCH seeded random buckets: a linear map that keeps inner
// products in expectation), then hashed by the signs of BANDS x BITS sparse random projections of its
// sketch (sign random projections, Charikar 2002: two columns at angle theta agree on a bit with probability
// 1 - theta / pi). Columns sharing all BITS bits of some band are candidates; a candidate whose sketches'
// cosine reaches REFINE_LEVEL is handed to `check`, which decides exactly. Seeded, per column: the candidates
// do not depend on the order of the columns nor on their scale.
import { Mt19937 } from "./prng.js";

/** Numbers per column sketch. */
export const SKETCH = 256;
/** Bands of hash bits; a pair is a candidate when it agrees on every bit of at least one band. */
export const BANDS = 80;
/** Bits per band. */
export const BITS = 14;
/** Sketch numbers (with random signs) summed into one hash bit (bandKeys adds them unrolled). */
const TERMS = 4;
/** Buckets up to this size compare their pairs directly; larger ones group their members by component. */
const SMALL = 8;
/** A candidate is checked exactly when its sketches' cosine reaches this (a pair at 0.9 sketches to 0.9 with
 * a standard deviation near (1 - 0.81) / sqrt(SKETCH) = 0.012 on normal returns). */
export const REFINE_LEVEL = 0.75;
const SEED = 43;
/** The stated tolerance: at most this share of the pairs correlated at or just above 0.9 is missed
 * (test/ledger/effective_trials.test.ts checks it on normal and Student-t(3) returns). */
export const SCREEN_MISS = 0.001;

/**
 * Calls `check(i, j)` (i < j) for candidate pairs of the columns (equal length, NaN a missing value that
 * counts as the column's mean) whose components (`root`, of the caller's union-find) differ. A pair at
 * correlation rho agrees on a band with probability (1 - arccos(rho) / pi)^BITS, so it is missed by every
 * band with probability (1 - that)^BANDS (about 6e-5 at 0.9). `check` returns true when it joined the pair.
 */
export function screenPairs(
  columns: readonly Float64Array[],
  means: Float64Array,
  root: (i: number) => number,
  check: (i: number, j: number) => boolean,
): void {
  const m = columns.length;
  const sk = sketch(columns, means);
  const live = Int32Array.from({ length: m }, (_, c) => c).filter((c) => norm(sk, c) > 0);
  const keys = bandKeys(sk, live);
  const members = new Int32Array(live.length);
  const start = new Int32Array((1 << BITS) + 1);
  const pairs = new BucketPairs(sk, root, check);
  for (let b = 0; b < BANDS; b++) {
    bucketize(keys.subarray(b * live.length, (b + 1) * live.length), start, members);
    for (let k = 0; k < 1 << BITS; k++) {
      const from = start[k]!;
      const to = start[k + 1]!;
      if (to - from >= 2) pairs.run(members, from, to, live);
    }
  }
}

/** Unit-norm count sketches of the centred columns: date d goes, with sign s[d], into bucket h[d]. */
function sketch(columns: readonly Float64Array[], means: Float64Array): Float64Array {
  const t = columns[0]?.length ?? 0;
  const g = new Mt19937(SEED);
  const h = Int32Array.from({ length: t }, () => g.nextInt(SKETCH));
  const s = Float64Array.from({ length: t }, () => (g.nextUint32() & 1 ? 1 : -1));
  const out = new Float64Array(columns.length * SKETCH);
  columns.forEach((col, c) => {
    const at = c * SKETCH;
    const mu = means[c]!;
    for (let d = 0; d < t; d++) {
      const v = col[d]!;
      if (Number.isFinite(v)) out[at + h[d]!]! += s[d]! * (v - mu);
    }
    const n = norm(out, c);
    if (n > 0) for (let k = 0; k < SKETCH; k++) out[at + k]! /= n;
  });
  return out;
}

function norm(sk: Float64Array, c: number): number {
  let ss = 0;
  for (let k = c * SKETCH; k < (c + 1) * SKETCH; k++) ss += sk[k]! * sk[k]!;
  return Math.sqrt(ss);
}

/**
 * BANDS x live keys (band-major): bit j of band b is the sign of a sparse random projection of the sketch
 * (TERMS of its numbers, with random signs).
 */
function bandKeys(sk: Float64Array, live: Int32Array): Int32Array {
  const g = new Mt19937(SEED + 1);
  const n = BANDS * BITS * TERMS;
  const at = Int32Array.from({ length: n }, () => g.nextInt(SKETCH));
  const sign = Float64Array.from({ length: n }, () => (g.nextUint32() & 1 ? 1 : -1));
  const keys = new Int32Array(BANDS * live.length);
  for (let i = 0; i < live.length; i++) {
    const base = live[i]! * SKETCH;
    let p = 0;
    for (let b = 0; b < BANDS; b++) {
      let key = 0;
      for (let j = 0; j < BITS; j++, p += 4) {
        const v =
          sign[p]! * sk[base + at[p]!]! +
          sign[p + 1]! * sk[base + at[p + 1]!]! +
          sign[p + 2]! * sk[base + at[p + 2]!]! +
          sign[p + 3]! * sk[base + at[p + 3]!]!;
        key = (key << 1) | (v > 0 ? 1 : 0);
      }
      keys[b * live.length + i] = key;
    }
  }
  return keys;
}

/** Counting sort of positions by key: bucket k holds members[start[k] .. start[k + 1]). */
function bucketize(keys: Int32Array, start: Int32Array, members: Int32Array): void {
  start.fill(0);
  for (let i = 0; i < keys.length; i++) start[keys[i]! + 1]!++;
  for (let k = 1; k < start.length; k++) start[k]! += start[k - 1]!;
  const next = start.slice(0, -1);
  for (let i = 0; i < keys.length; i++) members[next[keys[i]!]!++] = i;
}

/**
 * The pairs of one bucket between members of different components (`root`): a bucket of one component
 * costs one pass; above SMALL members they are grouped by component and a pair of groups stops at its
 * first join.
 */
class BucketPairs {
  private cols = new Int32Array(64);
  private roots = new Int32Array(64);

  constructor(
    private readonly sk: Float64Array,
    private readonly root: (i: number) => number,
    private readonly check: (i: number, j: number) => boolean,
  ) {}

  run(members: Int32Array, from: number, to: number, live: Int32Array): void {
    const n = to - from;
    if (this.cols.length < n) {
      this.cols = new Int32Array(2 * n);
      this.roots = new Int32Array(2 * n);
    }
    const { cols, roots } = this;
    let mixed = false;
    for (let x = 0; x < n; x++) {
      cols[x] = live[members[from + x]!]!;
      roots[x] = this.root(cols[x]!);
      if (roots[x] !== roots[0]) mixed = true;
    }
    if (!mixed) return;
    if (n <= SMALL) this.pairs(n);
    else this.groups(n);
  }

  private pairs(n: number): void {
    const { cols, root } = this;
    for (let x = 0; x < n; x++)
      for (let y = x + 1; y < n; y++) if (root(cols[x]!) !== root(cols[y]!)) this.candidate(cols[x]!, cols[y]!);
  }

  private groups(n: number): void {
    const { cols, roots, root } = this;
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => roots[a]! - roots[b]! || cols[a]! - cols[b]!);
    const groups: number[][] = [];
    order.forEach((i, k) => {
      if (k === 0 || roots[i] !== roots[order[k - 1]!]) groups.push([]);
      groups.at(-1)!.push(cols[i]!);
    });
    for (let g = 0; g < groups.length; g++)
      for (let h = g + 1; h < groups.length; h++)
        if (root(groups[g]![0]!) !== root(groups[h]![0]!)) this.across(groups[g]!, groups[h]!);
  }

  /** Candidate pairs across two groups until one joins. */
  private across(a: readonly number[], b: readonly number[]): void {
    for (const i of a) for (const j of b) if (this.candidate(i, j)) return;
  }

  /** Refined on the sketches, then checked exactly; true when joined. */
  private candidate(i: number, j: number): boolean {
    if (cosine(this.sk, i, j) < REFINE_LEVEL) return false;
    return this.check(Math.min(i, j), Math.max(i, j));
  }
}

function cosine(sk: Float64Array, a: number, b: number): number {
  const pa = a * SKETCH;
  const pb = b * SKETCH;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let k = 0; k < SKETCH; k += 4) {
    s0 += sk[pa + k]! * sk[pb + k]!;
    s1 += sk[pa + k + 1]! * sk[pb + k + 1]!;
    s2 += sk[pa + k + 2]! * sk[pb + k + 2]!;
    s3 += sk[pa + k + 3]! * sk[pb + k + 3]!;
  }
  return s0 + s1 + s2 + s3;
}
