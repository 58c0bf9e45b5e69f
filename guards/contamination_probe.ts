import { Outcome, invalid, type IsoDate } from "../src/contract/guard.js";
import { requireIsoDate, formatIsoDate } from "../src/lib/dates.js";
import { ratioHalfUp } from "../src/lib/money.js";
import {
  checkItems,
  scoreItems,
  substringMatch,
  type Ask,
  type Match,
  type ScoredItem,
} from "./_contamination_probe_items.js";
import { asciiJson } from "../src/lib/ascii_text.js";

export const skill = "llm-finance-agents";
export const title = "LLM training-cutoff contamination";
export const required = ["cutoff", "test_start", "test_end"] as const;
export const optional = ["items", "ask", "match"] as const;

/** One probe fact; plain data, it travels over JSON. */
interface ProbeItem {
  /** The date the question is about (ISO). */
  asked_about: IsoDate;
  /** The question put to the model. */
  question: string;
  /** The true answer. */
  truth: string;
  /** Whether the fact predates the cutoff; default asked_about < cutoff. */
  pre_cutoff?: boolean;
  /** The model's answer, already obtained. */
  answer?: string;
  /** Whether the model answered correctly, already judged. */
  correct?: boolean;
}

interface Window {
  readonly total: number;
  readonly overlap: number;
  readonly fraction: number;
  readonly clean: number;
  readonly verdict: string;
  readonly contaminated: boolean;
}

interface Probe {
  readonly pre_cutoff_accuracy: number | null;
  readonly post_cutoff_accuracy: number | null;
  readonly gap: number | null;
  readonly n_pre: number;
  readonly n_post: number;
  readonly verdict: string;
}

/** Whole-day overlap of [start, end] with the days before the cutoff. */
function measureWindow(cutoff: number, start: number, end: number): Window {
  const total = end - start;
  const overlap = Math.max(0, Math.min(cutoff, end) - start);
  const clean = Math.max(0, end - Math.max(start, cutoff));
  const exact = overlap / total;
  const fraction = ratioHalfUp(overlap, total, 4);
  let verdict = "CLEAN on this axis";
  if (exact >= 0.999) verdict = "INVALID: the entire backtest window predates the training cutoff";
  else if (exact > 0)
    verdict = `CONTAMINATED: ${ratioHalfUp(overlap * 100, total, 0)}% of the test window predates the cutoff`;
  return { total, overlap, fraction, clean, verdict, contaminated: exact > 0 };
}

function probeVerdict(gap: number | null): string {
  if (gap === null) return "UNTESTABLE: the probe needs items on both sides of the cutoff";
  if (gap > 0.25) return "MEMORIZATION LIKELY";
  if (gap > 0.1) return "SUSPICIOUS";
  return "No cutoff discontinuity detected";
}

function summarise(scored: readonly ScoredItem[]): Probe {
  const pre = scored.filter((s) => s.pre);
  const post = scored.filter((s) => !s.pre);
  const hp = pre.filter((s) => s.hit).length;
  const hq = post.filter((s) => s.hit).length;
  const accPre = pre.length === 0 ? null : ratioHalfUp(hp, pre.length, 4);
  const accPost = post.length === 0 ? null : ratioHalfUp(hq, post.length, 4);
  // gap = hp/n_pre - hq/n_post as one exact ratio, then rounded
  const gap =
    accPre === null || accPost === null
      ? null
      : ratioHalfUp(hp * post.length - hq * pre.length, pre.length * post.length, 4);
  return {
    pre_cutoff_accuracy: accPre,
    post_cutoff_accuracy: accPost,
    gap,
    n_pre: pre.length,
    n_post: post.length,
    verdict: probeVerdict(gap),
  };
}

const pct = (x: number | null) => (x === null ? "n/a" : `${(x * 100).toFixed(1)}%`);

function reportProbe(out: Outcome, p: Probe): void {
  const acc = `pre-cutoff accuracy ${pct(p.pre_cutoff_accuracy)} vs post-cutoff ${pct(p.post_cutoff_accuracy)}`;
  if (p.gap === null) out.warning(`${p.verdict} (n_pre ${p.n_pre}, n_post ${p.n_post})`, "probe");
  else if (p.gap > 0.25)
    out.error(`MEMORIZATION LIKELY: ${acc} (gap ${p.gap}); the model remembers what it is asked to predict`, "probe");
  else if (p.gap > 0.1) out.warning(`SUSPICIOUS: accuracy drops across the cutoff, gap ${p.gap} (${acc})`, "probe");
  else out.info(`No cutoff discontinuity detected: ${acc}, gap ${p.gap}`, "probe");
}

function requireFunction(field: string, f: unknown): void {
  if (f !== undefined && f !== null && typeof f !== "function")
    throw invalid(field, `must be a function (in-process only), got ${asciiJson(f)}`);
}

/**
 * Fails an LLM backtest whose test window overlaps the model's training (knowledge) cutoff: skill
 * shown on events the model was trained on is memory, not forecasting.
 *
 * Measures the share of the window that predates the cutoff and, with probe items, compares the
 * model's accuracy on facts before and after the cutoff; a sharp drop is the signature of
 * memorised answers. Passing means "not caught", not "clean".
 *
 * Inputs
 *   cutoff : the model's training-data cutoff date.
 *   test_start : first day of the backtest window.
 *   test_end : end of the backtest window, after test_start (whole calendar days).
 *   items : probe items {asked_about (ISO date), question, truth} with optional pre_cutoff, answer
 *       and correct.
 *   ask : in-process only: the model call (question) => answer string, may be async; used for
 *       items with neither answer nor correct.
 *   match : in-process only: comparator (truth, answer) => boolean; by default the trimmed,
 *       lower-cased truth must occur in the trimmed, lower-cased answer.
 *
 * @keywords llm, training, knowledge, cutoff, memory, forecasting
 */
export async function check(
  cutoff: IsoDate,
  test_start: IsoDate,
  test_end: IsoDate,
  items?: readonly ProbeItem[],
  ask?: (question: string) => string | Promise<string>,
  match?: (truth: string, answer: string) => boolean,
) {
  const cut = requireIsoDate("cutoff", cutoff);
  const start = requireIsoDate("test_start", test_start);
  const end = requireIsoDate("test_end", test_end);
  if (end <= start)
    throw invalid(
      "test_end",
      `end before start: test_end ${formatIsoDate(end)} must be after test_start ${formatIsoDate(start)}`,
    );
  requireFunction("ask", ask);
  requireFunction("match", match);
  const asker: Ask | null = typeof ask === "function" ? ask : null;
  const matcher: Match = typeof match === "function" ? match : substringMatch;
  const checked = items === undefined || items === null ? null : checkItems(items, asker !== null);

  const w = measureWindow(cut, start, end);
  const probe = checked === null ? null : summarise(await scoreItems(checked, cut, asker, matcher));

  const out = new Outcome();
  if (w.contaminated) out.error(w.verdict, "window");
  else out.info(w.verdict, "window");
  if (probe !== null) reportProbe(out, probe);
  return out
    .note("training_cutoff", formatIsoDate(cut))
    .note("test_window", `${formatIsoDate(start)}..${formatIsoDate(end)}`)
    .note("total_days", w.total)
    .note("overlap_days", w.overlap)
    .note("contaminated_fraction", w.fraction)
    .note("clean_days", w.clean)
    .note("verdict", w.verdict)
    .note("probe", probe === null ? null : { ...probe })
    .done();
}
