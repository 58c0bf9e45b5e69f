// Probe items for contamination_probe: validation and scoring (precomputed, by answer, or by ask).
import { invalid, fieldPath } from "../src/contract/guard.js";
import { requireIsoDate } from "../src/lib/dates.js";
import { step } from "../src/lib/progress.js";
import { asciiJson, asciiText } from "../src/lib/ascii_text.js";

export type Ask = (question: string) => string | Promise<string>;
export type Match = (truth: string, answer: string) => boolean;

export interface CheckedItem {
  readonly day: number;
  readonly question: string;
  readonly truth: string;
  readonly preCutoff: boolean | null;
  readonly answer: string | null;
  readonly correct: boolean | null;
}

export interface ScoredItem {
  readonly pre: boolean;
  readonly hit: boolean;
}

type Raw = Readonly<Record<string, unknown>>;

/** Caller values echoed in messages, ASCII-safe. */
const show = asciiJson;

function requiredString(base: string, raw: Raw, key: string): string {
  if (!Object.hasOwn(raw, key) || raw[key] === undefined || raw[key] === null) throw invalid(base, `item lacks ${key}`);
  if (typeof raw[key] !== "string") throw invalid(fieldPath(base, key), `must be a string, got ${show(raw[key])}`);
  return raw[key] as string;
}

function optionalOf<T>(base: string, raw: Raw, key: string, type: "string" | "boolean"): T | null {
  const v = raw[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== type) throw invalid(fieldPath(base, key), `must be a ${type}, got ${show(v)}`);
  return v as T;
}

function checkItem(i: number, item: unknown, canAsk: boolean): CheckedItem {
  const base = fieldPath("items", i);
  if (typeof item !== "object" || item === null || Array.isArray(item))
    throw invalid(base, `must be an object {asked_about, question, truth, ...}, got ${show(item)}`);
  const raw = item as Raw;
  if (!Object.hasOwn(raw, "asked_about") || raw["asked_about"] === undefined || raw["asked_about"] === null)
    throw invalid(base, "item lacks asked_about");
  const day = requireIsoDate(fieldPath(base, "asked_about"), raw["asked_about"]);
  const question = requiredString(base, raw, "question");
  const truth = requiredString(base, raw, "truth");
  const preCutoff = optionalOf<boolean>(base, raw, "pre_cutoff", "boolean");
  const answer = optionalOf<string>(base, raw, "answer", "string");
  const correct = optionalOf<boolean>(base, raw, "correct", "boolean");
  if (correct === null && answer === null && !canAsk)
    throw invalid(base, "item has none of correct, answer and an in-process ask to obtain an answer");
  return { day, question, truth, preCutoff, answer, correct };
}

/** Validates every item before any model call. */
export function checkItems(items: unknown, canAsk: boolean): CheckedItem[] {
  if (!Array.isArray(items)) throw invalid("items", `must be an array of probe items, got ${show(items)}`);
  return items.map((it: unknown, i) => checkItem(i, it, canAsk));
}

/** Default comparator: the trimmed, lower-cased truth occurs in the trimmed, lower-cased answer. */
export function substringMatch(truth: string, answer: string): boolean {
  return answer.trim().toLowerCase().includes(truth.trim().toLowerCase());
}

function reason(e: unknown): string {
  return asciiText(e instanceof Error ? e.message : String(e));
}

function compare(match: Match, truth: string, answer: string, i: number): boolean {
  let r: unknown;
  try {
    r = match(truth, answer);
  } catch (e) {
    throw invalid("match", `threw on items/${i}: ${reason(e)}`);
  }
  if (typeof r !== "boolean") throw invalid("match", `must return a boolean, returned ${show(r)} on items/${i}`);
  return r;
}

async function askModel(ask: Ask, question: string, i: number): Promise<string> {
  let a: unknown;
  try {
    a = await ask(question);
  } catch (e) {
    throw invalid("ask", `threw on items/${i}: ${reason(e)}`);
  }
  if (typeof a !== "string") throw invalid("ask", `must return an answer string, returned ${show(a)} on items/${i}`);
  return a;
}

/** Scores each item: `correct`, else match(truth, answer), else match(truth, await ask(question)). */
export async function scoreItems(
  items: readonly CheckedItem[],
  cutoffDay: number,
  ask: Ask | null,
  match: Match,
): Promise<ScoredItem[]> {
  const out: ScoredItem[] = [];
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    const pre = it.preCutoff ?? it.day < cutoffDay;
    if (it.correct !== null) out.push({ pre, hit: it.correct });
    else if (it.answer !== null) out.push({ pre, hit: compare(match, it.truth, it.answer, i) });
    else {
      out.push({ pre, hit: compare(match, it.truth, await askModel(ask!, it.question, i), i) });
      await step(i + 1, items.length, "probing the model");
    }
  }
  return out;
}
