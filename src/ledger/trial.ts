// A trial's identity and statistics: the SHA-256 fingerprint of a return series' canonical numbers and
// index, and its per-period moments and annualised Sharpe. Never the data itself.
import { createHash, type Hash } from "node:crypto";
import type { Label } from "../contract/guard.js";

/** Values and labels hashed per update (bounded memory on a 1,000,000-point series). */
export const FINGERPRINT_CHUNK = 16_384;
/** Version tag of the fingerprint's byte layout; a change of layout changes it. */
const LAYOUT = "fin-skills-trial-v1";

/** The statistics of one return series (per period unless named annual). */
export interface TrialStats {
  readonly fingerprint: string;
  readonly nObs: number;
  readonly mean: number;
  readonly sd: number;
  readonly skew: number;
  readonly kurtosis: number;
  readonly sharpeAnnual: number | null;
}

/**
 * SHA-256 of the values (IEEE-754 little-endian doubles; every NaN one bit pattern, -0 as 0) and the
 * index labels (kind-tagged, NUL-separated; "no index" is its own mark): the same numbers and index,
 * however they were sent (inline or a file reference), give the same fingerprint.
 */
export function fingerprint(values: ArrayLike<number>, index?: readonly Label[]): string {
  const steps = fingerprintSteps(values, index);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** A caller's pause between chunks of work: a promise to await, or undefined to go on at once. */
export type Pause = () => Promise<void> | undefined;

/** The same fingerprint, with `pause` between chunks (a 1,000,000-point series is no single stretch of work). */
export async function pacedFingerprint(
  values: ArrayLike<number>,
  index: readonly Label[] | undefined,
  pause: Pause,
): Promise<string> {
  const steps = fingerprintSteps(values, index);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    const wait = pause();
    if (wait !== undefined) await wait;
  }
}

/** The fingerprint's work, one FINGERPRINT_CHUNK of values or labels per step; its value is the hex digest. */
function* fingerprintSteps(values: ArrayLike<number>, index: readonly Label[] | undefined): Generator<void, string> {
  const hash = createHash("sha256");
  hash.update(`${LAYOUT}\n${values.length}\n`);
  yield* hashValues(hash, values);
  if (index === undefined) hash.update("\nno-index");
  else yield* hashLabels(hash, index);
  return hash.digest("hex");
}

/** Values canonicalised a chunk at a time (one buffer per thread, made on first need: each step fills it and
 * hashes it before it yields, so fingerprints paced side by side never see each other's chunk). */
let scratch: Float64Array | null = null;

function* hashValues(hash: Hash, values: ArrayLike<number>): Generator<void> {
  // A Float64Array already in canonical form is hashed as it lies (no copy: fresh buffers are costly).
  if (values instanceof Float64Array && isCanonical(values)) {
    hash.update(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
    return;
  }
  scratch ??= new Float64Array(FINGERPRINT_CHUNK);
  for (let start = 0; start < values.length; start += FINGERPRINT_CHUNK) {
    const end = Math.min(values.length, start + FINGERPRINT_CHUNK);
    for (let i = start; i < end; i++) {
      const v = values[i]!;
      scratch[i - start] = Number.isNaN(v) ? Number.NaN : v === 0 ? 0 : v;
    }
    hash.update(new Uint8Array(scratch.buffer, 0, (end - start) * 8));
    yield;
  }
}

/** No NaN (whose bit patterns vary) and no -0 (hashed as 0). */
function isCanonical(values: Float64Array): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v) || (v === 0 && 1 / v < 0)) return false;
  }
  return true;
}

function* hashLabels(hash: Hash, index: readonly Label[]): Generator<void> {
  hash.update("\nindex");
  // Each label as "\0" + its kind + its text, a chunk of labels joined into one string per update.
  for (let start = 0; start < index.length; start += FINGERPRINT_CHUNK) {
    const end = Math.min(index.length, start + FINGERPRINT_CHUNK);
    hash.update(allText(index, start, end) ? textChunk(index, start, end) : mixedChunk(index, start, end), "utf8");
    yield;
  }
}

function allText(index: readonly Label[], start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (typeof index[i] !== "string") return false;
  return true;
}

/** Text labels only: one native join gives the same bytes as the per-label loop, at half its cost. */
function textChunk(index: readonly Label[], start: number, end: number): string {
  const chunk = start === 0 && end === index.length ? index : index.slice(start, end);
  return `\0s${chunk.join("\0s")}`;
}

function mixedChunk(index: readonly Label[], start: number, end: number): string {
  let text = "";
  for (let i = start; i < end; i++) {
    const l = index[i]!;
    text += typeof l === "number" ? `\0n${l}` : `\0s${l}`;
  }
  return text;
}

/**
 * Moments of the finite values in one pass of sums (shifted by the first finite value for accuracy):
 * mean, sample sd (n - 1), population skew m3/m2^1.5 and raw kurtosis m4/m2^2 (normal = 3), and the
 * annualised Sharpe mean/sd*sqrt(periodsPerYear). Null when fewer than 2 finite values or zero spread:
 * such a series is not a strategy with a Sharpe and is not recorded.
 */
export function trialStats(
  values: ArrayLike<number>,
  index: readonly Label[] | undefined,
  periodsPerYear: number | null,
): TrialStats | null {
  const xs = readable(values);
  const m = moments(xs);
  if (m === null) return null;
  return { fingerprint: fingerprint(xs, index), ...m, sharpeAnnual: annualSharpe(m, periodsPerYear) };
}

/** trialStats with `pause` between the fingerprint's chunks. */
export async function pacedTrialStats(
  values: ArrayLike<number>,
  index: readonly Label[] | undefined,
  periodsPerYear: number | null,
  pause: Pause,
): Promise<TrialStats | null> {
  // a long series is not copied (readable), so the values read after a pause are the ones the moments read
  const xs = readable(values);
  const m = moments(xs);
  if (m === null) return null;
  const print = xs === values ? await pacedFingerprint(xs, index, pause) : fingerprint(xs, index);
  return { fingerprint: print, ...m, sharpeAnnual: annualSharpe(m, periodsPerYear) };
}

const annualSharpe = (m: Moments, periodsPerYear: number | null) =>
  periodsPerYear === null ? null : (m.mean / m.sd) * Math.sqrt(periodsPerYear);

type Moments = Omit<TrialStats, "fingerprint" | "sharpeAnnual">;

/** Plain arrays up to this many values are read through one reused Float64Array; longer ones as given. */
export const COPY_MAX = 65_536;
let copy: Float64Array | null = null;

/**
 * The values as the statistics read them: a plain array of up to COPY_MAX is copied (one native move)
 * into a reused Float64Array, since reading plain arrays of several element kinds boxed every element
 * (a 2,520 x 100 frame made 12 MB of garbage per call). Longer arrays are read in place: a fresh 8 MB
 * buffer costs more in page faults (30 ms for 1,000,000 values) than the boxing it saves.
 */
function readable(values: ArrayLike<number>): ArrayLike<number> {
  if (values instanceof Float64Array || values.length > COPY_MAX) return values;
  copy ??= new Float64Array(COPY_MAX);
  const view = copy.subarray(0, values.length);
  view.set(values);
  return view;
}

function moments(values: ArrayLike<number>): Moments | null {
  // Sums accumulate in a Float64Array: V8 keeps such elements unboxed, where plain double locals in these
  // loops were boxed per addition (1,000,000 values: 19 ms, 130 ms on a first call; now 8 ms and 25 ms).
  const sums = new Float64Array(4);
  let i = 0;
  while (i < values.length && !Number.isFinite(values[i]!)) i++;
  const shift = i < values.length ? values[i]! : 0;
  let n = 0;
  for (; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    n++;
    sums[0] += v - shift;
  }
  if (n < 2) return null;
  const d = sums[0]! / n;
  for (let j = 0; j < values.length; j++) {
    const v = values[j]!;
    if (!Number.isFinite(v)) continue;
    const x = v - shift - d;
    const x2 = x * x;
    sums[1] += x2;
    sums[2] += x2 * x;
    sums[3] += x2 * x2;
  }
  const m2 = sums[1]!;
  const m3 = sums[2]!;
  const m4 = sums[3]!;
  if (!(m2 > 0)) return null;
  const pop = m2 / n;
  return {
    nObs: n,
    mean: shift + d,
    sd: Math.sqrt(m2 / (n - 1)),
    skew: m3 / n / pop ** 1.5,
    kurtosis: m4 / n / pop ** 2,
  };
}

/** Periods per year implied by an ISO-date index's median spacing (daily 252, weekly 52, monthly 12, ...). */
export function periodsFromIndex(index: readonly Label[] | undefined): number | null {
  if (index === undefined || index.length < 3) return null;
  const gaps: number[] = [];
  const step = Math.max(1, Math.floor(index.length / 64));
  for (let i = step; i < index.length; i += step) {
    const a = Date.parse(String(index[i - step]));
    const b = Date.parse(String(index[i]));
    if (typeof index[i] !== "string" || !Number.isFinite(a) || !Number.isFinite(b)) return null;
    gaps.push((b - a) / step / 86_400_000);
  }
  gaps.sort((x, y) => x - y);
  const days = gaps[Math.floor(gaps.length / 2)]!;
  return SPACINGS.find(([maxDays]) => days <= maxDays)?.[1] ?? null;
}

/** Median spacing in calendar days (upper bound) -> periods per year. */
const SPACINGS: readonly (readonly [number, number])[] = [
  [2.5, 252],
  [10, 52],
  [45, 12],
  [120, 4],
  [400, 1],
];
