// A trial's returns as the ledger keeps them (docs/ledger.md, "Returns kept"): the values as IEEE-754
// little-endian doubles, byte-shuffled (the 8 bytes of every double grouped by position, so the sign and
// exponent bytes sit together) and deflated; the index labels as deflated JSON. Bounded: at most
// MAX_POINTS_PER_TRIAL points per trial (the latest ones) and RETURNS_BUDGET_BYTES per ledger.
import { deflateRawSync, inflateRawSync, constants } from "node:zlib";
import type { Label } from "../contract/guard.js";
import { shuffle, unshuffleInto } from "./byte_shuffle.js";
import { inflateShared, outputChunk } from "./inflate_thread.js";

/** Points kept per trial: a longer series keeps its latest MAX_POINTS_PER_TRIAL (80 years of daily returns). */
export const MAX_POINTS_PER_TRIAL = 20_000;
/** Compressed bytes of returns kept per ledger (all epochs); past it a trial keeps its statistics only. */
export const RETURNS_BUDGET_BYTES = 512 * 1024 * 1024;

/** A trial's returns, encoded for a store. */
export interface EncodedReturns {
  /** Points kept (at most MAX_POINTS_PER_TRIAL). */
  readonly points: number;
  /** Points the series had (above `points` when it was cut to its latest ones). */
  readonly total: number;
  /** Shuffled, deflated doubles. */
  readonly values: Uint8Array;
  /** Deflated JSON array of the kept points' labels; null for a series sent without an index. */
  readonly index: Uint8Array | null;
}

/** A trial's returns as read back. */
export interface TrialReturns {
  readonly fingerprint: string;
  readonly values: Float64Array;
  /** Labels of the kept points; null when the series had no index (aligned by position then). */
  readonly index: readonly Label[] | null;
  /** Points the series had when recorded (above values.length when cut). */
  readonly total: number;
  /** The trial's annualised Sharpe and periods per year, as recorded. */
  readonly sharpeAnnual: number | null;
  readonly periodsPerYear: number | null;
}

const LEVEL = { level: constants.Z_BEST_SPEED };

/** Encodes the latest MAX_POINTS_PER_TRIAL points of a series (NaN kept as a missing point). */
export function encodeReturns(values: ArrayLike<number>, index: readonly Label[] | undefined): EncodedReturns {
  const total = values.length;
  const start = Math.max(0, total - MAX_POINTS_PER_TRIAL);
  const points = total - start;
  const doubles = new Float64Array(points);
  for (let i = 0; i < points; i++) doubles[i] = values[start + i]!;
  const kept = index === undefined ? null : index.length === total ? index.slice(start) : index;
  return {
    points,
    total,
    values: deflateRawSync(shuffle(new Uint8Array(doubles.buffer)), LEVEL),
    index: kept === null ? null : encodedIndex(kept),
  };
}

/** The last index encoded: calls on one strategy's dates send the same labels, deflated once. */
let lastIndex: { labels: readonly Label[]; bytes: Uint8Array } | null = null;

function encodedIndex(labels: readonly Label[]): Uint8Array {
  const last = lastIndex;
  if (last !== null && last.labels.length === labels.length && last.labels.every((l, i) => l === labels[i]))
    return last.bytes;
  const bytes = deflateRawSync(JSON.stringify(labels), LEVEL);
  lastIndex = { labels: labels.slice(), bytes };
  return bytes;
}

/** The bytes an encoded series takes in a store. */
export function encodedBytes(r: EncodedReturns): number {
  return r.values.byteLength + (r.index?.byteLength ?? 0);
}

/** Decodes what encodeReturns wrote. */
export function decodeReturns(
  values: Uint8Array,
  index: Uint8Array | null,
): { values: Float64Array; index: Label[] | null } {
  const labels = index === null ? null : (JSON.parse(inflateRawSync(index).toString("utf8")) as Label[]);
  return { values: decodeValues(values), index: labels };
}

/** The doubles of a series' shuffled, deflated values (`points` when known: inflated in one output chunk). */
export function decodeValues(values: Uint8Array, points?: number): Float64Array {
  const bytes = inflateRawSync(values, points === undefined ? {} : { chunkSize: outputChunk(points) });
  const doubles = new Float64Array(bytes.byteLength / 8);
  unshuffleInto(bytes, new Uint32Array(doubles.buffer));
  return doubles;
}

/** A counted trial and its kept returns (nulls: none kept), as a store reads them. */
export interface ReturnsRow {
  fingerprint: string;
  sharpeAnnual: number | null;
  periodsPerYear: number | null;
  total: number | null;
  vals: Buffer | null;
  labels: Buffer | null;
}

/**
 * The series the last keptFrom decoded, by fingerprint: a fingerprint hashes a trial's values and index, so
 * one fingerprint always decodes to the same series, and the next read (the ledger plus a few new trials)
 * inflates only the new ones. Holds what the last read returned, nothing more.
 */
let decoded = new Map<string, { values: Float64Array; index: Label[] | null }>();

/** From this many series to inflate, a helper thread inflates some of them meanwhile (inflate_thread.ts). */
export const OFF_THREAD_FROM = 1000;

type KeptRow = ReturnsRow & { vals: Buffer; total: number };

/** The points a row kept: its latest MAX_POINTS_PER_TRIAL (encodeReturns). */
const pointsOf = (r: KeptRow) => Math.min(r.total, MAX_POINTS_PER_TRIAL);

/**
 * Rows (a trial and its returns, or nulls) to what the ledger kept. Trials on the same dates store the same
 * index bytes: those are decoded once and share one label array; values and labels are read only. From
 * `offThreadFrom` new series, a helper thread inflates the later ones while this one inflates the earlier.
 */
export async function keptFrom(rows: readonly ReturnsRow[], offThreadFrom = OFF_THREAD_FROM): Promise<KeptReturns> {
  const known = decoded;
  const fresh = rows.filter((r): r is KeptRow => r.vals !== null && r.total !== null && !known.has(r.fingerprint));
  const inflated =
    fresh.length >= offThreadFrom
      ? await inflateShared(
          fresh.map((r) => r.vals),
          fresh.map((r) => pointsOf(r)),
          decodeValues,
        )
      : fresh.map((r) => decodeValues(r.vals, pointsOf(r)));
  const values = new Map(fresh.map((r, i) => [r.fingerprint, inflated[i]!]));
  const labels = new IndexLabels();
  const series = [];
  const heldWithout: string[] = [];
  const next = new Map<string, { values: Float64Array; index: Label[] | null }>();
  for (const r of rows) {
    if (r.vals === null || r.total === null) {
      heldWithout.push(r.fingerprint);
      continue;
    }
    const d = known.get(r.fingerprint) ?? { values: values.get(r.fingerprint)!, index: labels.of(r.labels) };
    next.set(r.fingerprint, d);
    series.push({
      values: d.values,
      index: d.index,
      fingerprint: r.fingerprint,
      total: r.total,
      sharpeAnnual: r.sharpeAnnual,
      periodsPerYear: r.periodsPerYear,
    });
  }
  decoded = next;
  return { series, without: heldWithout.length, heldWithout };
}

/** Index labels decoded once per distinct stored bytes (the same bytes as the row before: no lookup). */
class IndexLabels {
  private readonly byBytes = new Map<string, Label[]>();
  private last: { bytes: Buffer; labels: Label[] } | null = null;

  of(bytes: Buffer | null): Label[] | null {
    if (bytes === null) return null;
    if (this.last?.bytes.equals(bytes)) return this.last.labels;
    const key = bytes.toString("latin1");
    let labels = this.byBytes.get(key);
    if (labels === undefined) {
      labels = JSON.parse(inflateRawSync(bytes).toString("utf8")) as Label[];
      this.byBytes.set(key, labels);
    }
    this.last = { bytes, labels };
    return labels;
  }
}

/** The returns kept of the trials a ledger counts now, oldest first, and how many counted trials have none. */
export interface KeptReturns {
  readonly series: readonly TrialReturns[];
  readonly without: number;
  /** The fingerprints of those without (absent: not listed). */
  readonly heldWithout?: readonly string[];
}
