// The research ledger in the report: the recorded annualised Sharpes' histogram with the reported Sharpe
// marked, and the sentence saying which trial count the verdict used (declared or recorded). Read from the
// evidence of a guard that deflates by the ledger (trial_ledger, research_audit) only.
import type { TrialSharpesChart } from "./types.js";

type Obj = Record<string, any>;
const num = (x: unknown): number | null => (typeof x === "number" && Number.isFinite(x) ? x : null);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sentence on the count the verdict used, from its evidence; null when the evidence has no count. */
export function trialCountSentence(ev: Obj): string | null {
  const used = num(ev.n_trials);
  const declared = num(ev.n_trials_declared);
  if (used === null || declared === null) return null;
  const l = ev.ledger as Obj | null | undefined;
  if (!l || typeof l !== "object")
    return (
      `The verdict used ${plural(used, "trial", "trials")}, self-declared: no research ledger recorded ` +
      "this search."
    );
  const scope = `research ledger '${l.name}'${l.experiment ? ` (experiment '${l.experiment}')` : ""}`;
  const recorded = `${l.count} recorded by the ${scope}${l.since ? ` since ${l.since}` : ""}`;
  const effective = num(ev.n_trials_effective);
  const counted = effective === null ? "the ledger's count" : "the effective count";
  const why = ev.n_trials_source === "ledger" ? `${counted}, above the declared` : "the declared count";
  return (
    `The verdict used ${plural(used, "trial", "trials")} (${why}): ${declared} declared, ${recorded}` +
    `${effectiveClause(ev.effective_trials as Obj | null | undefined)}.`
  );
}

/** ", 2 effective: clusters of 30, 9 and 1 trials (returns correlated >= 0.9)", or "" when not measured. */
function effectiveClause(e: Obj | null | undefined): string {
  if (e?.available !== true || num(e.n_trials_effective) === null) return "";
  const sizes = Array.isArray(e.clusters) ? (e.clusters as Obj[]).slice(0, 5).map((c) => Number(c.size)) : [];
  const more = Number(e.n_clusters) > sizes.length ? ", ..." : "";
  const apart = Number(e.n_not_aligned) + Number(e.n_without_returns);
  const loose = apart > 0 ? `, ${apart} counted apart (too little overlap or no returns kept)` : "";
  return (
    `, ${e.n_trials_effective} effective: ${plural(Number(e.n_clusters), "cluster", "clusters")} of returns ` +
    `correlated >= 0.9, the largest of ${sizes.join(", ")}${more} trial(s)${loose}`
  );
}

/** The chart, when the evidence carries the ledger's Sharpe histogram; the reported Sharpe is `reportedKey`'s. */
export function trialSharpes(guard: string, ev: Obj, reportedKey: string): TrialSharpesChart | null {
  const l = ev.ledger as Obj | null | undefined;
  const h = l?.sharpe_histogram as Obj | undefined;
  const edges = Array.isArray(h?.edges) ? (h.edges as unknown[]).map(num) : null;
  const counts = Array.isArray(h?.counts) ? (h.counts as unknown[]).map(num) : null;
  const used = num(ev.n_trials);
  const declared = num(ev.n_trials_declared);
  const sentence = trialCountSentence(ev);
  if (!l || !edges || !counts || counts.length === 0 || edges.length !== counts.length + 1) return null;
  if (edges.includes(null) || counts.includes(null) || used === null || declared === null || !sentence) return null;
  return {
    kind: "trial_sharpes",
    guard,
    edges: edges as number[],
    counts: counts as number[],
    reported: num(ev[reportedKey]),
    ledger: String(l.name),
    experiment: typeof l.experiment === "string" ? l.experiment : null,
    recorded: Number(l.count),
    declared,
    used,
    source: ev.n_trials_source === "ledger" ? "ledger" : "declared",
    since: typeof l.since === "string" ? l.since : null,
    sentence,
  };
}

/** Same ledger, same recorded Sharpes: one histogram, whichever guard read it. */
const sameLedger = (a: TrialSharpesChart, b: TrialSharpesChart) =>
  a.ledger === b.ledger &&
  a.recorded === b.recorded &&
  a.edges.join() === b.edges.join() &&
  a.counts.join() === b.counts.join();

/**
 * Keeps the first chart of each ledger's histogram (check_backtest runs trial_ledger and research_audit over one
 * ledger); a later guard's chart becomes a note with its own count sentence, pointing at the drawn one.
 */
export function ledgerChartsOnce<C extends { readonly kind: string }>(charts: readonly C[], notes: string[]): C[] {
  const drawn: TrialSharpesChart[] = [];
  return charts.filter((c) => {
    if (c.kind !== "trial_sharpes") return true;
    const t = c as unknown as TrialSharpesChart;
    const first = drawn.find((d) => sameLedger(d, t));
    if (first === undefined) {
      drawn.push(t);
      return true;
    }
    notes.push(`${t.guard}: ${t.sentence} The ledger's Sharpes are the histogram drawn for ${first.guard}.`);
    return false;
  });
}
