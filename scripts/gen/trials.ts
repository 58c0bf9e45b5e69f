// The research ledger's facts in guard source: `@trial` marks an input carrying a strategy's returns
// (a series, or a frame with one candidate per column; a union with a Series, such as `Series | number`,
// records its series), `@ledger` the one input the tool layer fills with the ledger's summary. A guard
// without a periods_per_year input names its fixed frequency on the tag (`@trial 252`). Both compile into
// the dispatch table; the tool layer records and reads.
import type { DocEntry } from "./jsdoc.js";
import { FRAME_REF, SERIES_REF, type Schema } from "./schema.js";
import { PERIODS_INPUT, type InputKind, type TrialInput } from "../../src/contract/artefacts.js";

/** What these checks read of an input's model (model.ts's InputModel has these fields). */
interface InputFacts {
  readonly name: string;
  readonly kind: InputKind;
  readonly default: unknown;
  readonly fragment?: Schema | null;
}

/** The kind a trial input records: its own, or the one Series or Frame member of a union ("other" if none). */
export function trialKind(kind: InputKind, fragment: Schema | null | undefined): InputKind {
  if (kind !== "other" || !fragment || !Array.isArray(fragment.anyOf)) return kind;
  const refs = (fragment.anyOf as Schema[]).map((m) => m.$ref);
  const series = refs.includes(SERIES_REF);
  const frame = refs.includes(FRAME_REF);
  return series === frame ? "other" : series ? "series" : "frame";
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
    const entry = entries.get(i.name);
    if (!hasTag(entry, TRIAL_TAG)) continue;
    const kind = trialKind(i.kind, i.fragment);
    if (kind !== "series" && kind !== "frame") {
      problems.push({
        input: i.name,
        message: `@${TRIAL_TAG} marks a Series or Frame of returns (or a union with one); '${i.name}' is not one`,
      });
      continue;
    }
    const text = entry!.tags.find((t) => t.tag === TRIAL_TAG)!.value.trim();
    const fixed = text === "" ? null : Number(text);
    if (fixed !== null && (periods !== null || !(Number.isInteger(fixed) && fixed >= 1))) {
      problems.push({
        input: i.name,
        message:
          periods !== null
            ? `@${TRIAL_TAG} ${text}: the guard's ${PERIODS_INPUT} input annualises its trials; drop the number`
            : `@${TRIAL_TAG} takes the periods per year as a positive integer, got '${text}'`,
      });
      continue;
    }
    const periodsDefault = typeof periods?.default === "number" ? periods.default : fixed;
    trials.push({ input: i.name, kind, periods: periods?.name ?? null, periodsDefault });
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
