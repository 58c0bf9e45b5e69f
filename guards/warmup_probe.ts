import { Outcome, invalid, fieldPath, type Series, type Integer } from "../src/contract/guard.js";
import { requireNumber } from "../src/lib/series.js";
import { maxOf } from "../src/lib/stats.js";
import { valuesView } from "../src/lib/series_or_array.js";
import { step as progress } from "../src/lib/progress.js";
import { requireInteger } from "../src/lib/integer_checks.js";
import { describeCell } from "../src/lib/describe_value.js";

export const skill = "signal-construction";
export const title = "Indicator warm-up probe";
export const required = ["indicator", "closes"] as const;
export const optional = ["tol", "max_probe", "n_eval", "step", "history"] as const;
export const slots = { closes: "close" } as const;

/** An indicator of a close history: one value per close (missing values as null or NaN). */
export type IndicatorFn = (closes: number[]) => ArrayLike<number | null>;

/** Floor of the error scale, so an indicator near 0 is not divided by 0. */
const SCALE_FLOOR = 1e-12;
/** Probes between progress reports. */
const PROBES_PER_STEP = 16;

interface ProbeSettings {
  readonly tol: number;
  readonly maxProbe: number;
  readonly nEval: number;
  readonly step: number;
}

interface WarmupResult {
  readonly warmup_bars: number | null;
  readonly max_probe: number;
  readonly err_at_zero_bars: number | null;
}

/** An indicator that could not be evaluated: thrown or a wrong-length output. */
class IndicatorFailure extends Error {}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Runs `fn` on a copy of `xs` and returns its last `nEval` values, checking the output length. */
function lastValues(fn: IndicatorFn, xs: readonly number[], nEval: number): number[] {
  let out: ArrayLike<number | null>;
  try {
    out = fn([...xs]);
  } catch (e) {
    throw new IndicatorFailure(`threw on ${xs.length} bar(s): ${messageOf(e)}`);
  }
  if (out === null || typeof out !== "object" || typeof out.length !== "number")
    throw new IndicatorFailure(`must return an array of values, got ${out === null ? "null" : typeof out}`);
  if (out.length !== xs.length)
    throw new IndicatorFailure(
      `returned ${out.length} value(s) for ${xs.length} close(s); it must return one value per close`,
    );
  const tail: number[] = [];
  for (let i = xs.length - nEval; i < xs.length; i++) {
    const v = out[i];
    tail.push(typeof v === "number" ? v : NaN);
  }
  return tail;
}

/** err_p = max |vals - ref| / scale, Infinity when any value is not finite. */
function relativeError(vals: readonly number[], ref: readonly number[], scale: number): number {
  let worst = 0;
  for (let i = 0; i < ref.length; i++) {
    if (!Number.isFinite(vals[i]!)) return Infinity;
    worst = Math.max(worst, Math.abs(vals[i]! - ref[i]!) / scale);
  }
  return worst;
}

/** Probes 0, step, 2 step, ... <= maxProbe. */
function probePoints(s: ProbeSettings): number[] {
  const ps: number[] = [];
  for (let p = 0; p <= s.maxProbe; p += s.step) ps.push(p);
  return ps;
}

/** The probe after the last one whose error exceeds tol; 0 when none does; -1 when the last probe does. */
function warmupBars(probes: readonly number[], errs: readonly number[], tol: number): number {
  let lastOver = -1;
  errs.forEach((e, i) => {
    if (e > tol) lastOver = i;
  });
  if (lastOver === -1) return probes[0]!;
  if (lastOver === probes.length - 1) return -1;
  return probes[lastOver + 1]!;
}

/** Runs the probe for one indicator; throws IndicatorFailure when it cannot be evaluated. */
async function probeIndicator(fn: IndicatorFn, closes: readonly number[], s: ProbeSettings): Promise<WarmupResult> {
  const n = closes.length;
  const ref = lastValues(fn, closes, s.nEval);
  const bad = ref.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0)
    throw new IndicatorFailure(
      `its value at bar ${n - s.nEval + bad} of the full history is not finite; the last n_eval = ${s.nEval} ` +
        "values must be",
    );
  const scale = Math.max(maxOf(ref.map(Math.abs)), SCALE_FLOOR);
  const probes = probePoints(s);
  const errs: number[] = [];
  for (let i = 0; i < probes.length; i++) {
    if (i % PROBES_PER_STEP === PROBES_PER_STEP - 1) await progress(i, probes.length);
    const window = closes.slice(n - s.nEval - probes[i]!);
    errs.push(relativeError(lastValues(fn, window, s.nEval), ref, scale));
  }
  return { warmup_bars: warmupBars(probes, errs, s.tol), max_probe: s.maxProbe, err_at_zero_bars: errs[0]! };
}

const fmtErr = (x: number) => (x === Infinity ? "Infinity" : String(Number(x.toPrecision(6))));

function report(out: Outcome, label: string, r: WarmupResult, tol: number, history: number | null): void {
  const w = r.warmup_bars!;
  if (w === -1) {
    out.error(
      `${label} is still not converged to tol after ${r.max_probe} bars; a cold start is off by ` +
        `${fmtErr(r.err_at_zero_bars!)} relative (tol = ${tol})`,
      label,
    );
  } else if (history !== null && w > history) {
    out.error(
      `${label} needs ${w} bars of history to converge to tol but live fetches ${history}; the live value is a ` +
        `different indicator (tol = ${tol})`,
      label,
    );
  } else {
    out.info(
      `${label} needs ${w} bars of history to converge to tol` +
        `${history === null ? "" : ` and fits within the ${history} bars live fetches`} (tol = ${tol})`,
      label,
    );
  }
}

function readIndicators(indicator: unknown): [string, IndicatorFn][] | IndicatorFn {
  if (typeof indicator === "function") return indicator as IndicatorFn;
  if (typeof indicator !== "object" || indicator === null || Array.isArray(indicator)) {
    throw invalid(
      "indicator",
      "must be a function (closes) => values, or a non-empty object of them, got " +
        `${indicator === null ? "null" : Array.isArray(indicator) ? "an array" : typeof indicator}`,
    );
  }
  const entries = Object.entries(indicator);
  if (entries.length === 0) throw invalid("indicator", "must not be an empty object: give at least one named function");
  for (const [key, f] of entries)
    if (typeof f !== "function")
      throw invalid(
        fieldPath("indicator", key),
        `must be a function (closes) => values, got ${f === null ? "null" : typeof f}`,
      );
  return entries as [string, IndicatorFn][];
}

function readCloses(closes: unknown): number[] {
  const view = valuesView("closes", closes);
  if (view.values.length === 0) throw invalid("closes", "must not be empty");
  return view.values.map((v, i) => requireNumber(fieldPath(view.base, i), v));
}

function readSettings(n: number, tol: unknown, maxProbe: unknown, nEval: unknown, stepBars: unknown): ProbeSettings {
  if (typeof tol !== "number" || !Number.isFinite(tol) || !(tol > 0))
    throw invalid("tol", `must be a finite number > 0 (relative error), got ${describeCell(tol)}`);
  const ne = requireInteger("n_eval", nEval, { min: 1 });
  const st = requireInteger("step", stepBars, { min: 1 });
  if (maxProbe === undefined || maxProbe === null) {
    const mp = Math.max(1, Math.floor((n - ne) / 2));
    if (mp + ne > n)
      throw invalid("n_eval", `is ${ne} but there are only ${n} close(s); the probe needs n_eval + 1 <= n`);
    return { tol, maxProbe: mp, nEval: ne, step: st };
  }
  const mp = requireInteger("max_probe", maxProbe, { min: 0 });
  if (mp + ne > n) throw invalid("max_probe", `max_probe + n_eval = ${mp + ne} exceeds the ${n} close(s) given`);
  return { tol, maxProbe: mp, nEval: ne, step: st };
}

/**
 * Measures how many bars of history a recursive indicator (EMA, Wilder RSI, ATR,
 * any filter seeded from its first value) needs before its value stops
 * depending on where the history starts, and fails when live fetches fewer.
 *
 * Inputs
 *   indicator : the indicator (closes) => one value per close, or an object of
 *       named indicators; in-process only.
 *   closes : the full close price history, finite, oldest first.
 *   tol : convergence tolerance as a RELATIVE error (1e-6 threshold-safe, 1e-9
 *       the default, 1e-12 effectively exact); > 0.
 *   max_probe : the longest extra history tried, in bars; default
 *       max(1, floor((n - n_eval) / 2)); max_probe + n_eval <= n.
 *   n_eval : number of trailing values compared, in bars; >= 1.
 *   step : probe spacing, in bars; >= 1.
 *   history : bars the live system actually fetches (a startup candle count);
 *       >= 1.
 *
 * Probe p runs the indicator on the last n_eval + p closes and compares its last
 * n_eval values with the full-history values, relative to their largest
 * magnitude. The warm-up is the probe after the last one whose error exceeds
 * tol, or -1 when even max_probe does not converge.
 */
export async function check(
  indicator: IndicatorFn | Readonly<Record<string, IndicatorFn>>,
  closes: Series | readonly number[],
  tol: number = 1e-9,
  max_probe?: Integer,
  n_eval: Integer = 10,
  step: Integer = 1,
  history?: Integer,
) {
  const fns = readIndicators(indicator);
  const xs = readCloses(closes);
  const settings = readSettings(xs.length, tol, max_probe, n_eval, step);
  const live = history === undefined || history === null ? null : requireInteger("history", history, { min: 1 });

  const out = new Outcome();
  const results: Record<string, WarmupResult> = {};
  if (typeof fns === "function") {
    const label = fns.name !== "" ? fns.name : "indicator";
    try {
      results[label] = await probeIndicator(fns, xs, settings);
    } catch (e) {
      if (e instanceof IndicatorFailure) throw invalid("indicator", `${label} ${e.message}`);
      throw e;
    }
    report(out, label, results[label]!, settings.tol, live);
  } else {
    for (const [label, fn] of fns) {
      try {
        results[label] = await probeIndicator(fn, xs, settings);
      } catch (e) {
        if (!(e instanceof IndicatorFailure)) throw e;
        results[label] = { warmup_bars: null, max_probe: settings.maxProbe, err_at_zero_bars: null };
        out.warning(`${label}: indicator raised, not a warm-up result: ${e.message}`, label);
        continue;
      }
      report(out, label, results[label]!, settings.tol, live);
    }
  }
  return out
    .note("results", results)
    .note("tol", settings.tol)
    .note("history", live)
    .note("n_bars", xs.length)
    .note("n_eval", settings.nEval)
    .note("step", settings.step)
    .done();
}
