// list_skills, read_skill, search_skills (docs/contract.md §5.1-§5.3). Names resolve only
// through the generated skills index; no caller string reaches the file system.
import type MiniSearch from "minisearch";
import type { SearchResult } from "minisearch";
import { BadInputError } from "../../contract/guard.js";
import { asciiOnly, closeMatches, MAX_SKILL_CHARS } from "../codec/index.js";
import { SEARCH_INDEX } from "../../contract/artefacts.js";
import { loadGuards, loadSkills, type SkillInfo } from "../table.js";
import { clipName } from "../errors.js";
import type { ToolArgs } from "../../../generated/types.js";

const unknownName = (field: string, message: string, hint: string | null = null) =>
  new BadInputError("unknown_name", field, `${field}: ${message}`, hint);

function didYouMean(word: string, candidates: readonly string[], cutoff: number): string {
  const m = closeMatches(word, candidates, 3, cutoff);
  return m.length ? ` - did you mean ${JSON.stringify(m)}?` : "";
}

export function listSkills(args: ToolArgs["list_skills"]) {
  const all = loadSkills().skills;
  const plugins = [...new Set(all.map((s) => s.plugin))].sort();
  if (args.plugin !== undefined && !plugins.includes(args.plugin)) {
    throw unknownName("plugin", `no plugin named '${clipName(args.plugin)}'${didYouMean(args.plugin, plugins, 0.5)}`);
  }
  const skills = all.filter((s) => args.plugin === undefined || s.plugin === args.plugin);
  return {
    skills: skills.map((s) => ({
      name: s.name,
      plugin: s.plugin,
      summary: s.summary,
      scripts: [...s.scripts],
      references: s.references.length,
      verified_on: s.verified_on,
    })),
    count: skills.length,
    plugins: [...new Set(skills.map((s) => s.plugin))].sort(),
    next: "read_skill(name) returns the SKILL.md text for one of these",
  };
}

export function findSkill(name: unknown, field = "name"): SkillInfo {
  if (typeof name !== "string" || name.trim() === "")
    throw new BadInputError("invalid_value", field, `${field}: must be a non-empty skill name; list_skills lists them`);
  const skills = loadSkills().skills;
  const hit = skills.find((s) => s.name === name);
  if (!hit)
    throw unknownName(
      field,
      `no skill named '${clipName(name)}'${didYouMean(
        name,
        skills.map((s) => s.name),
        0.5,
      )}`,
    );
  return hit;
}

function clipped(text: string) {
  const chars = [...text];
  return chars.length <= MAX_SKILL_CHARS
    ? { chars: chars.length, text }
    : {
        chars: chars.length,
        text: chars.slice(0, MAX_SKILL_CHARS).join(""),
        truncated: { kept: MAX_SKILL_CHARS, of: chars.length },
      };
}

export function readSkill(args: ToolArgs["read_skill"]) {
  const skill = findSkill(args.name);
  if (args.reference !== undefined) {
    const text = Object.hasOwn(skill.reference_texts, args.reference)
      ? skill.reference_texts[args.reference]
      : undefined;
    if (text === undefined)
      throw unknownName(
        "reference",
        `'${skill.name}' has no reference '${clipName(args.reference)}'; it has ${JSON.stringify(skill.references)}`,
      );
    const c = clipped(text);
    return {
      skill: skill.name,
      reference: args.reference,
      chars: c.chars,
      text: c.text,
      ...(c.truncated ? { truncated: c.truncated } : {}),
    };
  }
  const c = clipped(skill.text);
  const guards = loadGuards()
    .filter((g) => g.skill === skill.name)
    .map((g) => g.guard)
    .sort();
  return {
    skill: skill.name,
    chars: c.chars,
    references: [...skill.references],
    guards,
    text: c.text,
    ...(c.truncated ? { truncated: c.truncated } : {}),
  };
}

let engine: { MiniSearch: typeof MiniSearch; index: MiniSearch } | null = null;

/** The serialized MiniSearch index, loaded (with the library) on the first search. */
async function searchEngine(): Promise<{ MiniSearch: typeof MiniSearch; index: MiniSearch }> {
  if (!engine) {
    const MS = (await import("minisearch")).default;
    engine = {
      MiniSearch: MS,
      index: MS.loadJSON(JSON.stringify(loadSkills().search), {
        ...SEARCH_INDEX,
        fields: [...SEARCH_INDEX.fields],
        storeFields: [...SEARCH_INDEX.storeFields],
      }),
    };
  }
  return engine;
}

/** The SKILL.md line with the most distinct query terms (prefix per word); ties go to the earliest. */
export function bestLine(text: string, terms: readonly string[]): string {
  const lowered = terms.map((t) => t.toLowerCase());
  let best = "";
  let bestCount = -1;
  for (const line of text.split("\n")) {
    const words = line
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    const count = lowered.filter((t) =>
      t
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .every((part) => words.some((w) => w.startsWith(part))),
    ).length;
    if (count > bestCount) {
      bestCount = count;
      best = line;
    }
  }
  const collapsed = asciiOnly(best.replace(/\s+/g, " ").trim());
  return collapsed.length <= 160 ? collapsed : `${collapsed.slice(0, 157).trimEnd()}...`;
}

/** Distinct words a search may hold (each is a prefix lookup; repeats are dropped first). */
export const MAX_SEARCH_WORDS = 32;

export async function searchSkills(args: ToolArgs["search_skills"]) {
  const { MiniSearch: MS, index } = await searchEngine();
  const seen = new Set<string>();
  const terms = args.terms
    .map((t) => t.trim())
    .filter((t) => t !== "" && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
  const tokenize = MS.getDefault("tokenize") as (t: string, field: string) => string[];
  const tokens = [...new Set(terms.flatMap((t) => tokenize(t, "text")).map((w) => w.toLowerCase()))].filter(Boolean);
  if (terms.length === 0 || tokens.length === 0)
    throw new BadInputError("invalid_value", "terms", "terms: must be a non-empty string or list of strings");
  if (tokens.length > MAX_SEARCH_WORDS)
    throw new BadInputError(
      "too_large",
      "terms",
      `terms: ${tokens.length} distinct words; the limit is ${MAX_SEARCH_WORDS}. Search for fewer words`,
    );
  const hits: SearchResult[] = index.search(tokens.join(" "), {
    combineWith: "AND",
    prefix: true,
    fuzzy: false,
    boost: { name: 3, summary: 2 },
  });
  const skills = loadSkills().skills;
  const ranked = hits
    .map((h) => ({ skill: String(h.id), score: Math.round(h.score * 1e4) / 1e4 }))
    .sort((a, b) => b.score - a.score || (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0));
  const limit = args.limit ?? 20;
  return {
    terms,
    count: Math.min(limit, ranked.length),
    total: ranked.length,
    skills: ranked.slice(0, limit).map((h) => {
      const s = skills.find((x) => x.name === h.skill)!;
      return { skill: h.skill, plugin: s.plugin, score: h.score, match: bestLine(s.text, terms) };
    }),
  };
}
