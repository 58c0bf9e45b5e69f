// As-of matching of left rows (signals) to right rows (quotes) within groups: the correct,
// order-independent join (stable sort, binary search) and the forward-only cursor join that
// sorted-merge implementations run when they assume sorted input.

export type AsofDirection = "backward" | "forward" | "nearest";

export interface AsofSettings {
  readonly direction: AsofDirection;
  /** Whether a quote stamped exactly at the signal time may match. */
  readonly allowExact: boolean;
  /** Largest |t - q| allowed, in key units (>= 0; Infinity for none). */
  readonly tolerance: number;
}

/** Positions 0..n-1 stably sorted by `times` (equal times keep their given order). */
export function stableOrder(times: readonly number[]): number[] {
  return times.map((_, i) => i).sort((a, b) => times[a]! - times[b]! || a - b);
}

/** Right row positions per group key, in the order of `order`. */
function rowsByGroup(groups: readonly string[], order: readonly number[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const i of order) {
    const g = groups[i]!;
    const rows = out.get(g);
    if (rows === undefined) out.set(g, [i]);
    else rows.push(i);
  }
  return out;
}

/** Number of entries of sorted `ts` that are < t (strict) or <= t. */
function countBelow(ts: readonly number[], t: number, inclusive: boolean): number {
  let lo = 0;
  let hi = ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (inclusive ? ts[mid]! <= t : ts[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Candidate positions in a group's time-sorted quotes: last prior one and first later one (-1 when none / out of
 * tolerance).
 */
function candidates(ts: readonly number[], t: number, s: AsofSettings): { back: number; fwd: number } {
  const nb = countBelow(ts, t, s.allowExact);
  const back = nb > 0 && t - ts[nb - 1]! <= s.tolerance ? nb - 1 : -1;
  const nf = countBelow(ts, t, !s.allowExact);
  const fwd = nf < ts.length && ts[nf]! - t <= s.tolerance ? nf : -1;
  return { back, fwd };
}

function pick(ts: readonly number[], t: number, c: { back: number; fwd: number }, direction: AsofDirection): number {
  if (direction === "backward") return c.back;
  if (direction === "forward") return c.fwd;
  if (c.back < 0) return c.fwd;
  if (c.fwd < 0) return c.back;
  return ts[c.fwd]! - t < t - ts[c.back]! ? c.fwd : c.back; // a tie goes to backward
}

/** Right rows grouped and stably time-sorted once, for order-independent as-of lookups. */
export class QuoteIndex {
  private readonly rows: Map<string, number[]>;
  private readonly times: Map<string, number[]>;

  constructor(rightTimes: readonly number[], rightGroups: readonly string[]) {
    this.rows = rowsByGroup(rightGroups, stableOrder(rightTimes));
    this.times = new Map([...this.rows].map(([g, rows]) => [g, rows.map((r) => rightTimes[r]!)] as const));
  }

  /**
   * The matched right row position for a signal at `t` in `group`, or -1. Backward takes the last
   * quote at or before t (the last in right's given order among equal times); forward the first
   * at or after; nearest the closer, ties backward.
   */
  match(t: number, group: string, settings: AsofSettings): number {
    const rows = this.rows.get(group);
    if (rows === undefined) return -1;
    const ts = this.times.get(group)!;
    const k = pick(ts, t, candidates(ts, t, settings), settings.direction);
    return k < 0 ? -1 : rows[k]!;
  }
}

/** The correct as-of join of every left row (see QuoteIndex.match); -1 where nothing matches. */
export function asofMatch(
  leftTimes: readonly number[],
  leftGroups: readonly string[],
  rightTimes: readonly number[],
  rightGroups: readonly string[],
  settings: AsofSettings,
): number[] {
  const index = new QuoteIndex(rightTimes, rightGroups);
  return leftTimes.map((t, i) => index.match(t, leftGroups[i]!, settings));
}

/**
 * The cursor join of a sorted-merge as-of implementation (backward, ties included): left rows are
 * fed in their given order, each group's right rows are walked in THEIR given order, and a
 * group's cursor only moves forward. Correct only when both inputs are sorted by [group, time].
 */
export class CursorJoin {
  private readonly rows: Map<string, number[]>;
  private readonly cursor = new Map<string, number>();

  constructor(
    private readonly rightTimes: readonly number[],
    rightGroups: readonly string[],
  ) {
    this.rows = rowsByGroup(
      rightGroups,
      rightTimes.map((_, i) => i),
    );
  }

  /** The right row the cursor join gives the next left row (time `t`, `group`), or -1. */
  next(t: number, group: string): number {
    const rows = this.rows.get(group);
    if (rows === undefined) return -1;
    let c = this.cursor.get(group) ?? -1;
    while (c + 1 < rows.length && this.rightTimes[rows[c + 1]!]! <= t) c += 1;
    this.cursor.set(group, c);
    return c >= 0 ? rows[c]! : -1;
  }
}

/** The cursor join of every left row, visited in the given order. */
export function cursorAsofMatch(
  leftTimes: readonly number[],
  leftGroups: readonly string[],
  rightTimes: readonly number[],
  rightGroups: readonly string[],
): number[] {
  const join = new CursorJoin(rightTimes, rightGroups);
  return leftTimes.map((t, i) => join.next(t, leftGroups[i]!));
}

/** A group key of one row's key cells that keeps 1 and "1" apart. */
export function groupKey(cells: readonly unknown[]): string {
  return JSON.stringify(cells.map((c) => [typeof c, c]));
}
