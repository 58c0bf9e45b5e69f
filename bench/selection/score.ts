// Top-1 and top-3 hit counts of each half of the question set (split.ts) over each export profile,
// and the comparison with the committed baseline (bench/selection/baseline.json): a count that fell regresses.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { FORMATS, exportTools } from "../../src/runtime/index.js";
import { toolSearch } from "./search.js";
import { HALVES, type Half } from "./split.js";

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

/** The file of one half of the question set. */
export const halfPath = (h: Half): string => path.join(DIR, `${h}.json`);

/** One committed half of the question set (empty before it is first written). */
export function readHalf(h: Half): readonly Question[] {
  return existsSync(halfPath(h)) ? JSON.parse(readFileSync(halfPath(h), "utf8")) : [];
}

/** Each committed half of the question set. */
export const HALF_QUESTIONS: Readonly<Record<Half, readonly Question[]>> = {
  dev: readHalf("dev"),
  heldout: readHalf("heldout"),
};

/** The whole committed question set. */
export const QUESTIONS: readonly Question[] = HALVES.flatMap((h) => HALF_QUESTIONS[h]);

/** The formats the bench measures: every format the runtime exports (the deferred profile is in profileHits). */
export const PROFILES = FORMATS;

/** Hits of the questions over the given export entries. */
export function hits(entries: readonly object[], questions: readonly Question[] = QUESTIONS, hints = false): Hits {
  const rank = toolSearch(entries, hints);
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

/** Every profile's export entries; the deferred profile holds every entry, as a host's tool search indexes them. */
export function profileEntries(): Record<string, readonly object[]> {
  const out: Record<string, readonly object[]> = Object.fromEntries(PROFILES.map((p) => [p, exportTools(p)]));
  out["anthropic --defer"] = exportTools("anthropic", { defer: true });
  return out;
}

/** The profile whose search also indexes the MCP `_meta` search hint, as Claude Code's tool search reads it. */
export const HINTED_PROFILE = "mcp + searchHint";

/** Hits of one half's questions per profile, and of the MCP profile with its search hints indexed. */
export function profileHits(questions: readonly Question[] = QUESTIONS): Record<string, Hits> {
  const entries = profileEntries();
  const out = Object.fromEntries(Object.entries(entries).map(([p, e]) => [p, hits(e, questions)]));
  out[HINTED_PROFILE] = hits(exportTools("mcp", { searchHints: true }), questions, true);
  return out;
}

/** Hits per half, then per profile. */
export function halfHits(): Record<Half, Record<string, Hits>> {
  return { dev: profileHits(HALF_QUESTIONS.dev), heldout: profileHits(HALF_QUESTIONS.heldout) };
}

export type Baseline = Record<string, { top1: number; top3: number }>;
export type HalfBaseline = Record<Half, Baseline>;

export const readBaseline = (): HalfBaseline => JSON.parse(readFileSync(BASELINE_JSON, "utf8"));

/** One line per profile and measure that fell below the baseline (a profile missing from it counts as 0). */
export function regressions(now: Record<string, Hits>, baseline: Baseline, half = ""): string[] {
  const out: string[] = [];
  const tag = half ? `${half} ` : "";
  for (const [p, h] of Object.entries(now)) {
    const b = baseline[p] ?? { top1: 0, top3: 0 };
    if (h.top1 < b.top1) out.push(`${tag}${p}: top-1 ${h.top1} < baseline ${b.top1}`);
    if (h.top3 < b.top3) out.push(`${tag}${p}: top-3 ${h.top3} < baseline ${b.top3}`);
  }
  return out;
}
