// The research ledger's facts in guard source: `@trial` marks an input carrying a strategy's returns
// (a series, or a frame with one candidate per column), `@ledger` the one input the tool layer fills
// with the ledger's summary. Both compile into the dispatch table; the tool layer records and reads.
import type { DocEntry } from "./jsdoc.js";
import { PERIODS_INPUT, type InputKind, type TrialInput } from "../../src/contract/artefacts.js";

/** What these checks read of an input's model (model.ts's InputModel has these fields). */
interface InputFacts {
  readonly name: string;
  readonly kind: InputKind;
  readonly default: unknown;
}

export const TRIAL_TAG = "trial";
export const LEDGER_TAG = "ledger";

/** True when an Inputs entry carries `tag`. */
export const hasTag = (entry: DocEntry | undefined, tag: string): boolean =>
  entry?.tags.some((t) => t.tag === tag) === true;

/** The trial inputs, with the periods input that annualises them; problems name the misplaced tags. */
export function trialInputs(
  inputs: readonly InputFacts[],
  entries: ReadonlyMap<string, DocEntry>,
): { trials: TrialInput[]; problems: { input: string; message: string }[] } {
  const periods = inputs.find((i) => i.name === PERIODS_INPUT) ?? null;
  const trials: TrialInput[] = [];
  const problems: { input: string; message: string }[] = [];
  for (const i of inputs) {
    if (!hasTag(entries.get(i.name), TRIAL_TAG)) continue;
    if (i.kind !== "series" && i.kind !== "frame") {
      problems.push({
        input: i.name,
        message: `@${TRIAL_TAG} marks a Series or Frame of returns; '${i.name}' is not one`,
      });
      continue;
    }
    const periodsDefault = typeof periods?.default === "number" ? periods.default : null;
    trials.push({ input: i.name, kind: i.kind, periods: periods?.name ?? null, periodsDefault });
  }
  return { trials, problems };
}

/** The one `@ledger` input, or null; a second is a problem. */
export function ledgerInput(
  inputs: readonly InputFacts[],
  entries: ReadonlyMap<string, DocEntry>,
): { input: string | null; problems: { input: string; message: string }[] } {
  const tagged = inputs.filter((i) => hasTag(entries.get(i.name), LEDGER_TAG)).map((i) => i.name);
  const problems = tagged.slice(1).map((n) => ({ input: n, message: `only one input may carry @${LEDGER_TAG}` }));
  return { input: tagged[0] ?? null, problems };
}

/** The sentence a trial input's description ends with, so an agent knows what is kept. */
export function trialSentence(kind: InputKind): string {
  const what = kind === "frame" ? "one trial per column" : "one trial";
  return `The ledger records ${what} (statistics, not the data).`;
}
