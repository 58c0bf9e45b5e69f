// Top-1 and top-3 hit counts of the question set over each export profile, and the comparison
// with the committed baseline (bench/selection/baseline.json): a profile whose count fell regresses.
import { readFileSync } from "node:fs";
import path from "node:path";
import { FORMATS, exportTools } from "../../src/runtime/index.js";
import { toolSearch } from "./search.js";

export interface Question {
  readonly ask: string;
  readonly answers: readonly string[];
}
export interface Hits {
  readonly top1: number;
  readonly top3: number;
  readonly questions: number;
  /** The questions whose answer was not in the top 3, with what came first. */
  readonly misses: readonly string[];
}

const DIR = import.meta.dirname;
export const BASELINE_JSON = path.join(DIR, "baseline.json");

/** The committed question set. */
export const QUESTIONS: readonly Question[] = JSON.parse(readFileSync(path.join(DIR, "questions.json"), "utf8"));

/** The formats the bench measures: every format the runtime exports (the deferred profile is in profileHits). */
export const PROFILES = FORMATS;

/** Hits of the questions over the given export entries. */
export function hits(entries: readonly object[], questions: readonly Question[] = QUESTIONS): Hits {
  const rank = toolSearch(entries);
  let top1 = 0;
  let top3 = 0;
  const misses: string[] = [];
  for (const q of questions) {
    const ranked = rank(q.ask);
    if (q.answers.includes(ranked[0] ?? "")) top1++;
    if (ranked.slice(0, 3).some((n) => q.answers.includes(n))) top3++;
    else misses.push(`${q.ask} -> ${ranked[0] ?? "nothing"}`);
  }
  return { top1, top3, questions: questions.length, misses };
}

/** Hits per profile; the deferred profile is searched over every entry, as a host's tool search indexes them. */
export function profileHits(): Record<string, Hits> {
  const out: Record<string, Hits> = Object.fromEntries(PROFILES.map((p) => [p, hits(exportTools(p))]));
  out["anthropic --defer"] = hits(exportTools("anthropic", { defer: true }));
  return out;
}

export type Baseline = Record<string, { top1: number; top3: number }>;

export const readBaseline = (): Baseline => JSON.parse(readFileSync(BASELINE_JSON, "utf8"));

/** One line per profile and measure that fell below the baseline (a profile missing from it counts as 0). */
export function regressions(now: Record<string, Hits>, baseline: Baseline): string[] {
  const out: string[] = [];
  for (const [p, h] of Object.entries(now)) {
    const b = baseline[p] ?? { top1: 0, top3: 0 };
    if (h.top1 < b.top1) out.push(`${p}: top-1 ${h.top1} < baseline ${b.top1}`);
    if (h.top3 < b.top3) out.push(`${p}: top-3 ${h.top3} < baseline ${b.top3}`);
  }
  return out;
}
