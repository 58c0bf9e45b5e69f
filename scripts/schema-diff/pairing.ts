// Matches old and new tools, and old and new inputs of one tool. A removed and an added entry are
// a rename when they accept the same forms and their prose is the same once each name is read
// as the other (inputs), or when they wrap the same skill with the same input names (tools).
import { inputFacts, type InputFacts } from "./facts.js";
import type { SchemaTool, ToolTable } from "./table.js";

export interface Pairs<T> {
  readonly common: readonly [T, T][];
  readonly removed: readonly T[];
  readonly added: readonly T[];
  readonly renamed: readonly [T, T][];
}

function pair<T extends { name: string }>(
  old: readonly T[],
  neu: readonly T[],
  same: (a: T, b: T) => boolean,
): Pairs<T> {
  const newByName = new Map(neu.map((t) => [t.name, t]));
  const oldNames = new Set(old.map((t) => t.name));
  const common = old.filter((t) => newByName.has(t.name)).map((t) => [t, newByName.get(t.name)!] as [T, T]);
  let added = neu.filter((t) => !oldNames.has(t.name));
  const removed: T[] = [];
  const renamed: [T, T][] = [];
  for (const t of old.filter((o) => !newByName.has(o.name))) {
    const match = added.find((a) => same(t, a));
    if (match) {
      renamed.push([t, match]);
      added = added.filter((a) => a !== match);
    } else removed.push(t);
  }
  return { common, removed, added, renamed };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * True when b's prose is a's with each mention of a's name either kept or read as b's: a description
 * that uses the name as a plain word ("the floor, ...") is not rewritten where the new text kept it.
 */
function sameProse(a: InputFacts, b: InputFacts): boolean {
  const parts = a.prose.split(a.name).map(escapeRegExp);
  return new RegExp(`^${parts.join(`(?:${escapeRegExp(a.name)}|${escapeRegExp(b.name)})`)}$`).test(b.prose);
}

const sameInput = (a: InputFacts, b: InputFacts) =>
  a.branches.join("|") === b.branches.join("|") && sameProse(a, b) && a.required === b.required;

export const pairInputs = (old: SchemaTool, neu: SchemaTool): Pairs<InputFacts> =>
  pair(inputFacts(old), inputFacts(neu), sameInput);

const inputNames = (t: SchemaTool) => Object.keys(t.input_schema.properties ?? {}).join(",");

export const pairTools = (old: ToolTable, neu: ToolTable): Pairs<SchemaTool> =>
  pair(old.tools, neu.tools, (a, b) => a.skill === b.skill && inputNames(a) === inputNames(b));
