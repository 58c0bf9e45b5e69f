import { Outcome, invalid, type Frame, type Series } from "../src/contract/guard.js";
import { requireAligned, requireDatedIndex, requireNumber, requireNumbers } from "../src/lib/series.js";
import { cumulativeFactor, requireActions, type CorporateAction } from "../src/lib/price_adjust.js";
import { WorkMeter } from "../src/lib/work_meter.js";

export const skill = "market-data-sourcing";
export const title = "Price adjustment convention";
export const required = ["close", "actions"] as const;
export const optional = ["raw_reference", "expected", "jump_tol"] as const;

type Convention = "raw" | "back-adjusted" | "forward-adjusted" | "unknown";
type Confidence = "high" | "medium" | "none";
const CONVENTIONS: readonly string[] = ["raw", "back-adjusted", "forward-adjusted", "unknown"];
const MS_PER_DAY = 86400000;
/** A reference segment matches when every |close / reference - 1| is within this. */
const REFERENCE_TOL = 1e-6;
/** A value is cent-clean when v / 0.01 is within this of an integer. */
const TICK_TOL = 1e-6;
const TICK = 0.01;
const CLEAN_HI = 0.9;
const CLEAN_LO = 0.6;
const NO_ACTION_REASON = "no corporate action inside the sample - nothing to test against";

/** What the classification found; every field is evidence. */
interface Verdict {
  readonly convention: Convention;
  readonly confidence: Confidence;
  readonly reason: string;
  readonly jumpHits: string | null;
  readonly headTickClean: number | null;
  readonly tailTickClean: number | null;
  readonly cumFactor: number | null;
}

/**
 * Detects a raw (unadjusted) price series not adjusted for splits and dividends (a one-day drop at a
 * split; close versus adjusted close), or one adjusted by another convention than the one expected
 * (raw, back-adjusted, forward-adjusted or unknown).
 *
 * It classifies the series from the price jumps on corporate-action dates, then an unadjusted
 * reference, then the cent-tick grid.
 *
 * Inputs
 *   close : closes (price) of one instrument, dated; finite and > 0.
 *   actions : corporate actions, a frame with columns date (ISO date), ratio and optional kind
 *       (default "split"), or an array of [date, ratio] pairs; ratio is the factor the price
 *       divides by (7.0 for a 7-for-1 split); any order; may be empty.
 *   raw_reference : unadjusted quotes (price) for the same instrument on close's dates; null
 *       means no raw quote that day; non-null values > 0.
 *   expected : the convention you believe close has.
 *   jump_tol : tolerance of the jump test, in log points (> 0).
 *     @exclusiveMinimum 0
 *
 * Fails on a raw series (a percentage change books every action as a return) and when the
 * detected convention differs from expected. The tick test assumes a 0.01 price tick (US cents).
 *
 * @keywords split, dividends, adjusted close, raw, unadjusted, back-adjusted, forward-adjusted
 */
export function check(
  close: Series,
  actions: Frame | readonly (readonly (string | number)[])[],
  raw_reference?: Series,
  expected?: Convention,
  jump_tol: number = 0.15,
) {
  const prices = requireNumbers("close", close, { above: 0 });
  // Cancellation and the time limit are checked between the passes over the prices.
  const meter = new WorkMeter(6 * prices.length);
  meter.tick(prices.length);
  // calendar days of close's labels (a date-time label counts as its UTC day)
  const days = requireDatedIndex("close", close).map((t) => Math.floor(t / MS_PER_DAY));
  meter.tick(2 * prices.length);
  const acts = requireActions("actions", actions);
  const reference = raw_reference === undefined ? null : requireReference(close, raw_reference);
  meter.tick(prices.length);
  if (expected !== undefined && (typeof expected !== "string" || !CONVENTIONS.includes(expected))) {
    throw invalid("expected", `must be one of ${JSON.stringify(CONVENTIONS)}, got ${JSON.stringify(expected)}`);
  }
  requireNumber("jump_tol", jump_tol, { above: 0 });

  const kept = acts.filter((a) => a.day >= days[0]! && a.day <= days[days.length - 1]!);
  const v = classify(prices, days, kept, reference, jump_tol);
  meter.tick(2 * prices.length);
  const out = new Outcome();
  report(out, v, kept.length);
  if (expected !== undefined && expected !== v.convention) {
    out.error(
      `expected ${expected} but detected ${v.convention} (confidence ${v.confidence}): ${v.reason}`,
      "expected",
    );
  }
  return out
    .note("convention", v.convention)
    .note("confidence", v.confidence)
    .note("reason", v.reason)
    .note("jump_hits", v.jumpHits)
    .note("head_tick_clean", v.headTickClean)
    .note("tail_tick_clean", v.tailTickClean)
    .note("cum_factor", v.cumFactor)
    .note("n_actions_in_sample", kept.length)
    .done();
}

function report(out: Outcome, v: Verdict, nKept: number): void {
  if (v.convention === "raw") {
    out.error(
      `RAW (unadjusted) series: a percentage change books each of the ${nKept} corporate action(s) as a return ` +
        `(cumulative factor ${v.cumFactor}); adjust before computing returns`,
      "convention",
    );
  } else if (v.convention === "unknown" && v.reason === NO_ACTION_REASON) {
    out.info(NO_ACTION_REASON, "convention");
  } else if (v.convention === "unknown") {
    out.warning(`the adjustment convention could not be classified: ${v.reason}`, "convention");
  } else {
    out.info(`convention ${v.convention} (confidence ${v.confidence}): ${v.reason}`, "convention");
    if (v.convention === "back-adjusted") {
      out.info(
        "back-adjusted: every new action rewrites history, so cached copies drift from a fresh download",
        "convention",
      );
    }
  }
}

/** raw_reference carries close's dates; nulls allowed, other values > 0. */
function requireReference(close: Series, ref: Series): readonly number[] {
  requireDatedIndex("raw_reference", ref);
  requireAligned("close", close, "raw_reference", ref);
  return requireNumbers("raw_reference", ref, { allowMissing: true, above: 0 });
}

function classify(
  p: readonly number[],
  days: readonly number[],
  kept: readonly CorporateAction[],
  ref: readonly number[] | null,
  tol: number,
): Verdict {
  const none = { jumpHits: null, headTickClean: null, tailTickClean: null, cumFactor: null };
  if (kept.length === 0) return { convention: "unknown", confidence: "none", reason: NO_ACTION_REASON, ...none };
  const { hits, checked } = jumpTest(p, days, kept, tol);
  const jumpHits = `${hits}/${checked}`;
  if (checked > 0 && hits === checked) {
    const cum = cumulativeFactor(kept).toNumber();
    return {
      convention: "raw",
      confidence: "high",
      reason:
        `every checked action shows its price jump (${jumpHits} within ${tol} log points): the series is ` +
        "unadjusted",
      ...none,
      jumpHits,
      cumFactor: cum,
    };
  }
  const head = days.map((_, i) => i).filter((i) => days[i]! < kept[0]!.day);
  const tail = days.map((_, i) => i).filter((i) => days[i]! >= kept[kept.length - 1]!.day);
  if (ref !== null) {
    const h = referenceMatches(p, ref, head);
    const t = referenceMatches(p, ref, tail);
    if (t && !h)
      return {
        convention: "back-adjusted",
        confidence: "high",
        reason:
          `no jump at the actions (${jumpHits} hits); the tail after the last action equals raw_reference and ` +
          "the head does not: history was adjusted back",
        ...none,
        jumpHits,
      };
    if (h && !t)
      return {
        convention: "forward-adjusted",
        confidence: "high",
        reason:
          `no jump at the actions (${jumpHits} hits); the head before the first action equals raw_reference and ` +
          "the tail does not: later prices were adjusted forward",
        ...none,
        jumpHits,
      };
  }
  const hc = tickCleanShare(p, head);
  const tc = tickCleanShare(p, tail);
  const shares = `head ${pct(hc)} cent-clean, tail ${pct(tc)}`;
  const base = { jumpHits, headTickClean: hc, tailTickClean: tc, cumFactor: null };
  if (hc !== null && tc !== null) {
    if (hc <= CLEAN_LO && tc >= CLEAN_HI)
      return {
        convention: "back-adjusted",
        confidence: "high",
        reason: `no jump at the actions (${jumpHits} hits); ${shares}: history was divided back off the cent grid`,
        ...base,
      };
    if (hc >= CLEAN_HI && tc <= CLEAN_LO)
      return {
        convention: "forward-adjusted",
        confidence: "high",
        reason: `no jump at the actions (${jumpHits} hits); ${shares}: later prices were moved off the cent grid`,
        ...base,
      };
    if (hc >= CLEAN_HI && tc >= CLEAN_HI)
      return {
        convention: "forward-adjusted",
        confidence: "medium",
        reason:
          `no jump at the actions (${jumpHits} hits); ${shares}: history is on the raw cent grid, consistent ` +
          "with forward adjustment by whole factors",
        ...base,
      };
  }
  return {
    convention: "unknown",
    confidence: "none",
    reason: `no decisive test (${jumpHits} jump hits; ${shares}) - supply raw_reference or two vintages`,
    ...base,
  };
}

/** Checked actions (a previous date exists) and hits (|log jump - ln(1/ratio)| < tol). */
function jumpTest(
  p: readonly number[],
  days: readonly number[],
  kept: readonly CorporateAction[],
  tol: number,
): { hits: number; checked: number } {
  let hits = 0;
  let checked = 0;
  // Days increase and actions are sorted by day: one merge pass finds each action's first date on or after it.
  let pos = 0;
  for (const a of kept) {
    while (pos < days.length && days[pos]! < a.day) pos++;
    if (pos <= 0 || pos >= days.length) continue;
    checked += 1;
    const jump = Math.log(p[pos]!) - Math.log(p[pos - 1]!);
    if (Math.abs(jump - Math.log(1 / a.ratio)) < tol) hits += 1;
  }
  return { hits, checked };
}

/** At least one non-null reference date in the segment, and every close/ref within 1e-6 of 1. */
function referenceMatches(p: readonly number[], ref: readonly number[], rows: readonly number[]): boolean {
  const quoted = rows.filter((i) => !Number.isNaN(ref[i]!));
  return quoted.length > 0 && quoted.every((i) => Math.abs(p[i]! / ref[i]! - 1) <= REFERENCE_TOL);
}

/** Share of the segment's values on the 0.01 grid; null for an empty segment. */
function tickCleanShare(p: readonly number[], rows: readonly number[]): number | null {
  if (rows.length === 0) return null;
  const clean = rows.filter((i) => {
    const k = p[i]! / TICK;
    return Math.abs(k - Math.round(k)) < TICK_TOL;
  }).length;
  return clean / rows.length;
}

function pct(x: number | null): string {
  return x === null ? "n/a (empty segment)" : `${(100 * x).toFixed(1)}%`;
}
