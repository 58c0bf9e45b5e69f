import { Outcome, type Frame, type Integer, type Label, type Series } from "../src/contract/guard.js";
import { requireAligned, requireDatedIndex, requireNumber, requireNumbers } from "../src/lib/series.js";
import { requireActions, type CorporateAction } from "../src/lib/price_adjust.js";
import { requireInteger } from "../src/lib/integer_checks.js";
import { WorkMeter } from "../src/lib/work_meter.js";
import { firstItems, namedList } from "../src/lib/named_list.js";

export const skill = "market-data-sourcing";
export const title = "Reconcile two price sources";
export const required = ["close", "other"] as const;
export const optional = ["actions", "tol_bps", "window_days"] as const;

const MS_PER_DAY = 86400000;
/** Steps listed in evidence (`steps`) and the report; past it `n_steps` and `steps_left_out` say how many. */
const MAX_STEPS_LISTED = 1000;
const BPS = 10000;

/** A jump in the log ratio of the two sources. */
interface Step {
  readonly date: Label;
  readonly ratio_before: number;
  readonly ratio_after: number;
  readonly attribution: string;
}

/**
 * When two vendors' price sources for one instrument disagree, attributes every discrepancy to a
 * cause: a constant level offset (different adjustment conventions, returns agree), a step explained
 * by a corporate action, or an unexplained step, which is a data error.
 *
 * Only unexplained steps fail.
 *
 * Inputs
 *   close : source A's closes (price), dated, at least 2 dates; finite and > 0.
 *   other : source B's closes (price) for the same instrument on the same dates; finite and > 0.
 *       Restrict both to common dates if the calendars differ.
 *   actions : known corporate actions, a frame with columns date, ratio and optional kind
 *       (default "split"), or an array of [date, ratio] pairs; ratio is the price factor.
 *   tol_bps : divergence tolerance in basis points, on the ratio of the two sources (> 0).
 *     @exclusiveMinimum 0
 *   window_days : how many calendar days from a step an action may lie and still explain it
 *       (integer >= 0).
 *
 * Convention differences are warnings: safe for returns, wrong for any price-level rule. A single
 * bad tick usually shows as two unexplained steps (out and back).
 *
 * @keywords vendors, disagree, discrepancy, price sources, corporate action, data error
 */
export function check(
  close: Series,
  other: Series,
  actions?: Frame | readonly (readonly (string | number)[])[],
  tol_bps: number = 10,
  window_days: Integer = 3,
) {
  const a = requireNumbers("close", close, { minLength: 2, above: 0 });
  const ms = requireDatedIndex("close", close);
  const b = requireNumbers("other", other, { minLength: 2, above: 0 });
  requireDatedIndex("other", other);
  requireAligned("close", close, "other", other);
  const acts = actions === undefined ? [] : requireActions("actions", actions);
  requireNumber("tol_bps", tol_bps, { above: 0 });
  requireInteger("window_days", window_days, { min: 0 });

  const tol = tol_bps / BPS;
  // Cancellation and the time limit are checked between the passes over the two series.
  const meter = new WorkMeter(10 * a.length);
  meter.tick(5 * a.length);
  const ratio = a.map((x, t) => x / b[t]!);
  const rel = ratio.map((r) => r - 1);
  const nDivergent = rel.filter((r) => Math.abs(r) > tol).length;
  meter.tick(3 * a.length);
  const steps = findSteps(ratio, ms, close.index!, acts, tol, window_days);
  meter.tick(a.length);
  const unexplained = steps.filter((s) => s.attribution.startsWith("UNEXPLAINED"));
  const maxRel = rel.reduce((m, r) => Math.max(m, Math.abs(r)), 0);
  let maxReturn = 0;
  for (let t = 1; t < a.length; t++) maxReturn = Math.max(maxReturn, Math.abs(a[t]! / a[t - 1]! - b[t]! / b[t - 1]!));

  const listed = firstItems(steps, MAX_STEPS_LISTED);
  const out = new Outcome();
  let verdict: string;
  if (nDivergent === 0) {
    verdict = `IDENTICAL within ${tol_bps} bps`;
    out.info(verdict, "levels");
  } else if (steps.length === 0) {
    verdict =
      `ADJUSTMENT CONVENTION ONLY: constant ${fmt(median(ratio))}x level offset, returns match (max abs return ` +
      `diff ${fmt(maxReturn)}) - safe for returns, wrong for any price-level rule`;
    out.warning(verdict, "levels");
  } else if (unexplained.length > 0) {
    verdict =
      `DATA ERROR: ${unexplained.length} of ${steps.length} step(s) have no corporate action within ` +
      `${window_days}d`;
    out.error(
      `${verdict}: unexplained step(s) on ${namedList(unexplained.map((s) => String(s.date)))} - a bad tick, a ` +
        "missing day or a wrong split factor in one source",
      "steps",
    );
  } else {
    verdict = `ADJUSTMENT DIFFERENCE: ${steps.length} step(s), all explained by corporate actions`;
    out.warning(verdict, "steps");
  }
  return out
    .note("verdict", verdict)
    .note("n_common", a.length)
    .note("n_divergent_dates", nDivergent)
    .note("max_abs_rel_diff", maxRel)
    .note("max_abs_return_diff", maxReturn)
    .note("n_steps", steps.length)
    .note("steps", listed.kept)
    .note("steps_left_out", listed.left_out)
    .note("report", summary(verdict, a.length, nDivergent, tol_bps, maxRel, maxReturn, listed))
    .done();
}

/**
 * Dates whose log ratio moved by more than tol, each attributed to the first action within the window
 * (`ms` increasing, `acts` sorted by day, as requireDatedIndex and requireActions return them).
 */
function findSteps(
  ratio: readonly number[],
  ms: readonly number[],
  labels: readonly Label[],
  acts: readonly CorporateAction[],
  tol: number,
  windowDays: number,
): Step[] {
  const steps: Step[] = [];
  // Dates and actions are both sorted by day: one merge pass finds each step's first action in the window.
  let next = 0;
  for (let t = 1; t < ratio.length; t++) {
    if (!(Math.abs(Math.log(ratio[t]!) - Math.log(ratio[t - 1]!)) > tol)) continue;
    const day = Math.floor(ms[t]! / MS_PER_DAY);
    while (next < acts.length && acts[next]!.day < day - windowDays) next++;
    const action = next < acts.length && acts[next]!.day <= day + windowDays ? acts[next] : undefined;
    steps.push({
      date: labels[t]!,
      ratio_before: ratio[t - 1]!,
      ratio_after: ratio[t]!,
      attribution:
        action === undefined ? "UNEXPLAINED -> data error" : `${action.kind} ${action.ratio} on ${action.date}`,
    });
  }
  return steps;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Six significant digits for messages. */
function fmt(x: number): string {
  return String(Number(x.toPrecision(6)));
}

function summary(
  verdict: string,
  n: number,
  nDivergent: number,
  tolBps: number,
  maxRel: number,
  maxReturn: number,
  listed: { readonly kept: readonly Step[]; readonly left_out: number },
): string {
  const lines = [
    verdict,
    `${n} common date(s); ${nDivergent} diverge by more than ${tolBps} bps; max abs rel diff ${fmt(maxRel)}; ` +
      `max abs return diff ${fmt(maxReturn)}`,
    ...listed.kept.map(
      (s) => `step ${String(s.date)}: ratio ${fmt(s.ratio_before)} -> ${fmt(s.ratio_after)}; ${s.attribution}`,
    ),
    ...(listed.left_out > 0 ? [`... and ${listed.left_out} more step(s) not listed`] : []),
  ];
  return lines.join("\n");
}
