import {
  Outcome,
  invalid,
  fieldPath,
  type Cell,
  type Frame,
  type Series,
  type Integer,
} from "../src/contract/guard.js";
import { isFrame, isMissing, requireFrame } from "../src/lib/frame_shape.js";
import { frameFromRecords } from "../src/lib/frame.js";
import { requireInteger } from "../src/lib/integer_checks.js";
import { describeCell } from "../src/lib/describe_value.js";

export const skill = "signal-construction";
export const title = "Causality of a signal function";
export const required = ["fn", "df"] as const;
export const optional = ["k", "tol", "name"] as const;
export const slots = { fn: "signal_fn", df: "bars" } as const;

/** A feature or signal function of the bars: one output row per input row. */
export type SignalFn = (df: Frame) => Series | Frame;

/** Factor applied to numeric cells at rows >= k. */
const PERTURBATION = 2.0;

/** One output flattened to cells by row position: `rows[i]` holds row i's cells in column order. */
interface OutputCells {
  readonly shape: string;
  readonly nrows: number;
  readonly rows: readonly (readonly Cell[])[];
}

interface Comparison {
  readonly nChanged: number;
  readonly maxAbsDelta: number | null;
}

/** A column is numeric when every non-missing cell is a number. */
function isNumericColumn(cells: readonly Cell[]): boolean {
  return cells.every((c) => c === null || c === undefined || typeof c === "number");
}

/** A detached copy of `df` (so `fn` cannot mutate the caller's frame or the other run's input). */
function copyFrame(df: Frame, k: number | null): Frame {
  const data: Record<string, Cell[]> = {};
  for (const c of df.columns) {
    const cells = df.data[c]!;
    const numeric = k !== null && isNumericColumn(cells);
    data[c] = cells.map((x, i) => (numeric && i >= k! && typeof x === "number" ? x * PERTURBATION : x));
  }
  return {
    columns: [...df.columns],
    data,
    nrows: df.nrows,
    ...(df.index === undefined ? {} : { index: [...df.index] }),
    ...(df.indexName === undefined ? {} : { indexName: df.indexName }),
    ...(df.dtypes === undefined ? {} : { dtypes: { ...df.dtypes } }),
    ...(df.freq === undefined ? {} : { freq: df.freq }),
  };
}

function isSeries(x: unknown): x is Series<Cell> {
  return typeof x === "object" && x !== null && Array.isArray((x as Series<Cell>).values) && !isFrame(x);
}

/** Reads an output as row-major cells; throws an Error (not bad input) on a wrong shape. */
function outputCells(x: unknown): OutputCells {
  if (isFrame(x)) {
    const rows: Cell[][] = [];
    for (let i = 0; i < x.nrows; i++) rows.push(x.columns.map((c) => x.data[c]?.[i] ?? null));
    return { shape: `frame ${x.nrows}x${JSON.stringify(x.columns)}`, nrows: x.nrows, rows };
  }
  if (isSeries(x))
    return { shape: `series of ${x.values.length}`, nrows: x.values.length, rows: x.values.map((v) => [v]) };
  throw new Error(
    `must return a Series or a Frame, got ${x === null ? "null" : Array.isArray(x) ? "an array" : typeof x}`,
  );
}

function sameCell(a: Cell, b: Cell, tol: number): { changed: boolean; delta: number | null } {
  const ma = isMissing(a);
  const mb = isMissing(b);
  if (ma && mb) return { changed: false, delta: null };
  if (ma || mb) return { changed: true, delta: null };
  if (typeof a === "number" && typeof b === "number") {
    const delta = a === b ? 0 : Math.abs(a - b);
    return { changed: delta > tol, delta };
  }
  return { changed: a !== b, delta: null };
}

/** Compares rows 0..k-1 of two outputs by position, cell by cell. */
function compareBeforeK(a: OutputCells, b: OutputCells, k: number, tol: number): Comparison {
  let nChanged = 0;
  let maxAbsDelta: number | null = null;
  for (let i = 0; i < k; i++) {
    const ra = a.rows[i]!;
    const rb = b.rows[i]!;
    for (let j = 0; j < ra.length; j++) {
      const cmp = sameCell(ra[j]!, rb[j]!, tol);
      if (cmp.changed) nChanged++;
      if (cmp.delta !== null && (maxAbsDelta === null || cmp.delta > maxAbsDelta)) maxAbsDelta = cmp.delta;
    }
  }
  return { nChanged, maxAbsDelta };
}

/** Runs one function on the original and the perturbed copy; throws an Error describing a failure. */
function probe(f: SignalFn, df: Frame, k: number, tol: number): Comparison {
  const a = outputCells(f(copyFrame(df, null)));
  const b = outputCells(f(copyFrame(df, k)));
  if (a.shape !== b.shape) throw new Error(`its two outputs differ in shape: ${a.shape} vs ${b.shape}`);
  if (a.nrows < k) throw new Error(`its output has ${a.nrows} row(s), fewer than k = ${k}`);
  return compareBeforeK(a, b, k, tol);
}

const fmtDelta = (x: number | null) => (x === null ? "n/a" : String(Number(x.toPrecision(6))));

function lookAheadMessage(label: string, c: Comparison, k: number): string {
  return (
    `LOOK-AHEAD in ${label}: ${c.nChanged} cells before index ${k} changed when only rows >= ${k} were perturbed ` +
    `(max |delta| = ${fmtDelta(c.maxAbsDelta)})`
  );
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function readFunctions(fn: unknown): Record<string, SignalFn> | SignalFn {
  if (typeof fn === "function") return fn as SignalFn;
  if (typeof fn !== "object" || fn === null || Array.isArray(fn))
    throw invalid(
      "fn",
      "must be a function (df) => series or frame, or a non-empty object of them, got " +
        `${fn === null ? "null" : Array.isArray(fn) ? "an array" : typeof fn}`,
    );
  const entries = Object.entries(fn);
  if (entries.length === 0) throw invalid("fn", "must not be an empty object: give at least one named function");
  for (const [key, f] of entries)
    if (typeof f !== "function")
      throw invalid(
        fieldPath("fn", key),
        `must be a function (df) => series or frame, got ${f === null ? "null" : typeof f}`,
      );
  return fn as Record<string, SignalFn>;
}

function readK(k: unknown, n: number): number {
  if (k === undefined || k === null) return Math.floor(n / 2);
  const count = requireInteger("k", k);
  if (count < 1 || count >= n) throw invalid("k", `must satisfy 1 <= k < ${n} (the rows of df), got ${count}`);
  return count;
}

function readTol(tol: unknown): number {
  if (typeof tol !== "number" || !Number.isFinite(tol) || tol < 0)
    throw invalid("tol", `must be a finite number >= 0, got ${describeCell(tol)}`);
  return tol;
}

function singleLabel(f: SignalFn, name: unknown): string {
  if (typeof name !== "string") throw invalid("name", `must be a string, got ${typeof name}`);
  if (name !== "") return name;
  return f.name !== "" ? f.name : "fn";
}

function checkSingle(out: Outcome, f: SignalFn, df: Frame, k: number, tol: number, label: string): Comparison {
  let c: Comparison;
  try {
    c = probe(f, df, k, tol);
  } catch (e) {
    throw invalid("fn", `${label} failed: ${messageOf(e)}`);
  }
  if (c.nChanged > 0) out.error(lookAheadMessage(label, c, k), label);
  else
    out.info(
      `${label} is causal at k = ${k}: no output before index ${k} moved when rows >= ${k} were perturbed`,
      label,
    );
  return c;
}

function checkMapping(out: Outcome, fns: Record<string, SignalFn>, df: Frame, k: number, tol: number): Frame {
  const rows: Record<string, Cell>[] = [];
  for (const [key, f] of Object.entries(fns)) {
    let c: Comparison;
    try {
      c = probe(f, df, k, tol);
    } catch (e) {
      out.warning(`${key}: indicator raised, not a leakage result: ${messageOf(e)}`, key);
      rows.push({ indicator: key, causal: null, n_changed: null, error: messageOf(e) });
      continue;
    }
    if (c.nChanged > 0) out.error(lookAheadMessage(key, c, k), key);
    else out.info(`${key} is causal at k = ${k}`, key);
    rows.push({ indicator: key, causal: c.nChanged === 0, n_changed: c.nChanged, error: null });
  }
  return frameFromRecords(rows, ["indicator", "causal", "n_changed", "error"]);
}

/**
 * Detects look-ahead in a feature or signal function: it multiplies every
 * numeric column by 2 at rows >= k and fails when any output before row k
 * moves. A causal function's value at t depends only on rows <= t.
 *
 * Inputs
 *   fn : the feature function (df) => series or frame, one output row per
 *       input row, or an object of named functions; in-process only.
 *   df : the input bars (for example open, high, low, close, volume); at least
 *       4 rows.
 *   k : first perturbed row position, 1 <= k < rows of df; default floor(n/2).
 *   tol : a cell counts as changed when it moves by more than tol, in output
 *       units; >= 0.
 *   name : label for a single function; empty means the function's own name,
 *       else fn.
 *
 * Limitation: the perturbation is multiplicative, so a dependence that is
 * scale-invariant within rows >= k (for example a ratio of two future closes
 * seen from row k-1) is not detected. In mapping mode an entry that throws or
 * returns a wrong shape is a warning; a single function that does is bad input.
 */
export function check(
  fn: SignalFn | Readonly<Record<string, SignalFn>>,
  df: Frame,
  k?: Integer,
  tol: number = 1e-9,
  name: string = "",
) {
  const fns = readFunctions(fn);
  if (typeof df !== "object" || df === null)
    throw invalid("df", `must be a frame, got ${df === null ? "null" : typeof df}`);
  const frame = requireFrame("df", df);
  if (frame.nrows < 4) throw invalid("df", `needs at least 4 rows, got ${frame.nrows}`);
  const kk = readK(k, frame.nrows);
  const t = readTol(tol);

  const out = new Outcome();
  if (typeof fns === "function") {
    const c = checkSingle(out, fns, frame, kk, t, singleLabel(fns, name));
    return out
      .note("k", kk)
      .note("n_rows", frame.nrows)
      .note("tol", t)
      .note("n_changed", c.nChanged)
      .note("max_abs_delta", c.maxAbsDelta)
      .note("table", null)
      .done();
  }
  if (typeof name !== "string") throw invalid("name", `must be a string, got ${typeof name}`);
  const table = checkMapping(out, fns, frame, kk, t);
  return out
    .note("k", kk)
    .note("n_rows", frame.nrows)
    .note("tol", t)
    .note("n_changed", null)
    .note("max_abs_delta", null)
    .note("table", table)
    .done();
}
