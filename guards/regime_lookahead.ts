import { Outcome, invalid, fieldPath, type Integer, type Series } from "../src/contract/guard.js";
import { isDateIndex, requireAligned } from "../src/lib/series.js";
import { valuesView } from "../src/lib/series_or_array.js";
import { describeCell } from "../src/lib/describe_value.js";
import { finiteOrNull, mean } from "../src/lib/stats.js";
import { requireInteger } from "../src/lib/integer_checks.js";
import { WorkMeter } from "../src/lib/work_meter.js";

export const skill = "regime-detection";
export const title = "Regime probability look-ahead";
export const required = ["regime", "p_calm"] as const;
export const optional = ["lo", "hi", "max_anticipated"] as const;
export const slots = { regime: "regime_labels" } as const;

/** How one switch was timed: a delay in periods (negative = anticipated) or missed. */
type Timing = { readonly delay: number } | { readonly missed: true };

/**
 * Fails a regime-probability series (a hidden-Markov (HMM) or Markov-switching model's, smoothed over
 * the full sample) that flags regime switches before they happen: look-ahead in the regime signal.
 *
 * Smoothed (two-sided) probabilities from a hidden-Markov or Markov-switching model use the
 * whole sample, so they turn at or before the true switch. The series traded at period t must be
 * known before period t's return, so it should react after a switch, never on or before it. Every
 * switch of the reference labels inside the window is timed against the traded probability
 * (threshold 0.5): the guard fails when the median delay is not strictly positive, or when the
 * share of anticipated switches exceeds max_anticipated. Causal filters anticipate about 0.08-0.16
 * of switches, smoothed series 0.42-0.64.
 *
 * Inputs
 *   regime : reference regime labels per period, 0 = calm (the first regime), 1 = turbulent;
 *       the truth or a proxy.
 *   p_calm : the traded series: P(regime 0) as used on each period, in [0, 1], same length as regime.
 *   lo : start of the evaluation window, a row position (inclusive).
 *     @minimum 0
 *   hi : end of the evaluation window, a row position (exclusive); hi >= lo + 2 and hi <= n.
 *       Absent means n.
 *   max_anticipated : largest acceptable share of anticipated switches, in [0, 1].
 *     @minimum 0 @maximum 1
 *
 * @keywords regime, hmm, hidden-markov, markov-switching, smoothed, look-ahead
 */
export function check(
  regime: Series | readonly Integer[],
  p_calm: Series | readonly number[],
  lo: Integer = 0,
  hi?: Integer,
  max_anticipated: number = 0.25,
) {
  const r = requireRegime(regime);
  const p = requireProbabilities(p_calm, r.length);
  requireSameLabels(regime, p_calm);
  const n = r.length;
  requireInteger("lo", lo, { min: 0 });
  const end = requireInteger("hi", hi === undefined ? n : hi);
  if (end > n) throw invalid("hi", `must be <= n = ${n}, got ${end}`);
  if (end < lo + 2) throw invalid("hi", `must be >= lo + 2 = ${lo + 2} (a window of at least 2 periods), got ${end}`);
  if (typeof max_anticipated !== "number" || !(max_anticipated >= 0 && max_anticipated <= 1)) {
    throw invalid("max_anticipated", `must be a share in [0, 1], got ${describeCell(max_anticipated)}`);
  }

  // Cancellation and the time limit are checked after reading and between the switches' windows.
  const meter = new WorkMeter(4 * n);
  meter.tick(2 * n);
  const switches = switchPositions(r, lo, end);
  const timings = switches.map((t0, k) => {
    const to = k + 1 < switches.length ? switches[k + 1]! : end;
    meter.tick(2 * (to - t0));
    return timeSwitch(r, p, t0, k === 0 ? lo : switches[k - 1]!, to);
  });
  const delays = timings.flatMap((t) => ("delay" in t ? [t.delay] : []));
  const medianDelay = median(delays);
  const shareAnticipated = delays.length === 0 ? null : delays.filter((d) => d < 0).length / delays.length;
  const missed = timings.length - delays.length;
  const falseAlarms = Math.max(countFlips(p, lo, end) - switches.length, 0);
  const accuracy = labelAccuracy(r, p, lo, end);

  const out = new Outcome();
  if (switches.length === 0) {
    out.warning(`no regime switch in the window [${lo}, ${end}): nothing to time`, "switches");
  } else {
    const summary =
      `median delay ${fmt(medianDelay)}, share anticipated ${fmt(shareAnticipated)}, ${missed} missed, ` +
      `${falseAlarms} false alarm(s), label accuracy ${accuracy.toFixed(3)}`;
    if (medianDelay !== null && medianDelay <= 0) {
      out.error(
        `the series reacts no later than the switch itself (median delay ${fmt(medianDelay)} period(s) over ` +
          `${delays.length} switch(es)); a series traded at t must be known before t`,
        "delay",
      );
    }
    if (shareAnticipated !== null && shareAnticipated > max_anticipated) {
      out.error(
        `the share of switches anticipated (flagged before they happen) is ${fmt(shareAnticipated)}, above the ` +
          `limit ${max_anticipated}`,
        "anticipation",
      );
    }
    if (out.passing) out.info(summary, "delay");
  }
  return out
    .note("n_switches", switches.length)
    .note("delays", delays)
    .note("median_delay", medianDelay)
    .note("mean_delay", delays.length === 0 ? null : finiteOrNull(mean(delays)))
    .note("share_anticipated", shareAnticipated)
    .note("missed", missed)
    .note("false_alarms", falseAlarms)
    .note("label_accuracy", accuracy)
    .note("lo", lo)
    .note("hi", end)
    .done();
}

/** Regime labels: every value 0 or 1, at least 2 of them. */
function requireRegime(regime: Series | readonly Integer[]): number[] {
  const view = valuesView("regime", regime);
  if (view.values.length < 2) throw invalid("regime", `needs at least 2 labels, got ${view.values.length}`);
  return view.values.map((v, i) => {
    if (v !== 0 && v !== 1)
      throw invalid(
        fieldPath(view.base, i),
        `regime labels must be 0 (calm) or 1 (turbulent), got ${describeCell(v)} at position ${i}`,
      );
    return v;
  });
}

/** Probabilities: finite numbers in [0, 1], one per regime label. */
function requireProbabilities(p_calm: Series | readonly number[], n: number): number[] {
  const view = valuesView("p_calm", p_calm);
  if (view.values.length !== n)
    throw invalid(
      "p_calm",
      `has ${view.values.length} value(s) but regime has ${n}; they pair by position and must have equal length`,
    );
  return view.values.map((v, i) => {
    if (typeof v !== "number" || Number.isNaN(v))
      throw invalid(
        fieldPath(view.base, i),
        `probability at position ${i} is ${describeCell(v)}; every period needs a probability in [0, 1]`,
      );
    if (!(v >= 0 && v <= 1))
      throw invalid(fieldPath(view.base, i), `probability at position ${i} must be in [0, 1], got ${describeCell(v)}`);
    return v;
  });
}

/** Two dated inputs must carry the same labels. */
function requireSameLabels(regime: unknown, p_calm: unknown): void {
  const a = Array.isArray(regime) ? undefined : (regime as Series).index;
  const b = Array.isArray(p_calm) ? undefined : (p_calm as Series).index;
  if (isDateIndex(a) && isDateIndex(b)) requireAligned("regime", regime as Series, "p_calm", p_calm as Series);
}

/** Positions t in [max(lo, 1), hi) where the label changes. */
function switchPositions(r: readonly number[], lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let t = Math.max(lo, 1); t < hi; t++) if (r[t] !== r[t - 1]) out.push(t);
  return out;
}

/**
 * Times the switch at t0 (previous switch or lo at tPrev, next switch or hi at tEnd): q is the
 * probability of the new regime; flagged on the switch day -> minus the run of flagged days
 * before it (down to tPrev); otherwise the first flagged day in [t0, tEnd), or missed.
 */
function timeSwitch(r: readonly number[], p: readonly number[], t0: number, tPrev: number, tEnd: number): Timing {
  const q = (t: number) => (r[t0] === 0 ? p[t]! : 1 - p[t]!);
  if (q(t0) > 0.5) {
    let lead = 0;
    for (let t = t0 - 1; t >= tPrev && q(t) > 0.5; t--) lead++;
    return { delay: lead === 0 ? 0 : -lead };
  }
  for (let t = t0; t < tEnd; t++) if (q(t) > 0.5) return { delay: t - t0 };
  return { missed: true };
}

/** Middle value, or the mean of the two middle values; null when empty. */
function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Times t in [lo + 1, hi) where p_calm crosses the 0.5 threshold. */
function countFlips(p: readonly number[], lo: number, hi: number): number {
  let flips = 0;
  for (let t = lo + 1; t < hi; t++) if (p[t]! > 0.5 !== p[t - 1]! > 0.5) flips++;
  return flips;
}

/** Share of t in [lo, hi) where (p_calm > 0.5) agrees with (regime == 0). */
function labelAccuracy(r: readonly number[], p: readonly number[], lo: number, hi: number): number {
  let hits = 0;
  for (let t = lo; t < hi; t++) if (p[t]! > 0.5 === (r[t] === 0)) hits++;
  return hits / (hi - lo);
}

function fmt(x: number | null): string {
  if (x === null) return "n/a";
  return Number.isInteger(x) ? String(x) : x.toFixed(3);
}
