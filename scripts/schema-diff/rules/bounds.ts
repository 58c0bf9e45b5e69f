// Bounds compared keyword by keyword: a new or stricter bound is breaking; a dropped or looser one is info.
import type { InputFacts } from "../facts.js";
import { finder, matchedInputs, type Rule } from "../rule.js";

const tightened = finder("bound-tightened", "breaking", "major");
const loosened = finder("bound-loosened", "info", "minor");

const LOWER = /(minimum|exclusiveMinimum|minItems|minLength)$/;

/** -1: stricter, 1: looser, 0: same. Absent is the loosest; a pattern change counts as stricter. */
function compare(key: string, was: number | string | undefined, now: number | string | undefined): number {
  if (was === now) return 0;
  if (now === undefined) return 1;
  if (was === undefined || typeof was === "string" || typeof now === "string") return -1;
  const stricter = LOWER.test(key) ? now > was : now < was;
  return stricter ? -1 : 1;
}

function boundChanges(tool: string, o: InputFacts, n: InputFacts) {
  const keys = [...new Set([...o.bounds.keys(), ...n.bounds.keys()])];
  return keys.flatMap((key) => {
    const was = o.bounds.get(key);
    const now = n.bounds.get(key);
    const c = compare(key, was, now);
    const text = `input ${n.name} bound ${key} ${was ?? "(none)"} -> ${now ?? "(none)"}`;
    return c < 0 ? [tightened(tool, text, n.name)] : c > 0 ? [loosened(tool, text, n.name)] : [];
  });
}

export const boundsChanged: Rule = {
  id: "bounds",
  check: (ctx) => ctx.kept.flatMap((p) => matchedInputs(p).flatMap(([o, n]) => boundChanges(p.neu.name, o, n))),
};
