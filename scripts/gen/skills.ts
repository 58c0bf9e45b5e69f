// Skill documents: front matter validation (FS020-FS025) and the skills index with its
// serialized MiniSearch index.
import MiniSearch from "minisearch";
import { SEARCH_INDEX } from "../../src/contract/artefacts.js";
import { parse as parseYaml } from "yaml";
import { nonAscii } from "./ascii.js";
import { diag, type Diagnostic } from "./diagnostics.js";
import type { SkillSource } from "./parse.js";

export const MAX_SKILL_FILE_CHARS = 60_000;
export const MAX_DESCRIPTION_CHARS = 1_000;
export const SUMMARY_CHARS = 240;

export interface SkillModel {
  readonly name: string;
  readonly plugin: string;
  readonly description: string;
  readonly summary: string;
  readonly verified_on: string | null;
  readonly guards: readonly string[];
  readonly scripts: readonly string[];
  readonly references: readonly string[];
  readonly text: string;
  readonly reference_texts: Readonly<Record<string, string>>;
  readonly file: string;
  readonly guardsLine: number;
}

/** The first `max` characters, whitespace-collapsed, ending `...` when cut. */
export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length <= max ? t : `${t.slice(0, max - 3).trimEnd()}...`;
}

function frontMatter(text: string): { yaml: string; lines: number } | null {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  return m ? { yaml: m[1]!, lines: m[0].split("\n").length - 1 } : null;
}

function lineOfKey(yaml: string, key: string): number {
  const i = yaml.split("\n").findIndex((l) => l.startsWith(`${key}:`));
  return i < 0 ? 1 : i + 2;
}

function checkLinks(s: SkillSource, text: string, file: string, out: Diagnostic[]): void {
  const lines = text.split("\n");
  lines.forEach((l, i) => {
    for (const m of l.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!.split("#")[0]!;
      if (!target || /^[a-z]+:/i.test(target)) continue;
      const ok =
        target === "SKILL.md" ||
        (target.startsWith("references/") && s.references.some((r) => `references/${r.name}` === target));
      if (!ok)
        out.push(
          diag(
            "FS023",
            { guard: null, file, line: i + 1 },
            `link '${m[1]}' does not resolve to SKILL.md or a file in references/`,
          ),
        );
    }
  });
}

function str(fm: Record<string, unknown>, key: string): string | null {
  return typeof fm[key] === "string" ? (fm[key] as string) : null;
}

/** Validates one skill; returns its model or null when the front matter is unusable. */
export function modelSkill(s: SkillSource, out: Diagnostic[]): SkillModel | null {
  const file = `skills/${s.name}/SKILL.md`;
  const at = (line: number) => ({ guard: null, file, line });
  const fmText = frontMatter(s.text);
  if (!fmText) {
    out.push(diag("FS020", at(1), "SKILL.md must open with YAML front matter between '---' lines"));
    return null;
  }
  let fm: Record<string, unknown>;
  try {
    const parsed: unknown = parseYaml(fmText.yaml, { schema: "core" });
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not a mapping");
    fm = parsed as Record<string, unknown>;
  } catch (e) {
    out.push(diag("FS020", at(1), `front matter is not a YAML mapping: ${(e as Error).message.split("\n")[0]}`));
    return null;
  }
  const name = str(fm, "name");
  const plugin = str(fm, "plugin");
  const description = str(fm, "description");
  const verified = fm.verified_on === undefined || fm.verified_on === null ? null : String(fm.verified_on);
  const guards = fm.guards;
  if (name !== s.name)
    out.push(
      diag(
        "FS021",
        at(lineOfKey(fmText.yaml, "name")),
        `front matter name ${JSON.stringify(name)} must equal the folder name '${s.name}'`,
      ),
    );
  if (!plugin) out.push(diag("FS026", at(lineOfKey(fmText.yaml, "plugin")), "front matter needs 'plugin' (a string)"));
  if (!description?.includes("TRIGGER:") || !description.includes("SKIP:")) {
    out.push(
      diag(
        "FS027",
        at(lineOfKey(fmText.yaml, "description")),
        "front matter 'description' must be a string with a TRIGGER: list and a SKIP: list",
      ),
    );
  } else if (description.length > MAX_DESCRIPTION_CHARS)
    out.push(
      diag(
        "FS024",
        at(lineOfKey(fmText.yaml, "description")),
        `description is ${description.length} characters; the limit is ${MAX_DESCRIPTION_CHARS}`,
      ),
    );
  if (verified !== null && !/^\d{4}-\d{2}-\d{2}$/.test(verified))
    out.push(
      diag(
        "FS028",
        at(lineOfKey(fmText.yaml, "verified_on")),
        `verified_on must be a YYYY-MM-DD date, got ${JSON.stringify(verified)}`,
      ),
    );
  if (!Array.isArray(guards) || !guards.every((g) => typeof g === "string"))
    out.push(
      diag(
        "FS029",
        at(lineOfKey(fmText.yaml, "guards")),
        "front matter 'guards' must be a list of guard names ([] for none)",
      ),
    );
  const scripts = Array.isArray(fm.scripts) ? fm.scripts.map(String) : [];
  for (const [what, text] of [
    [file, s.text],
    ...s.references.map((r) => [`skills/${s.name}/references/${r.name}`, r.text]),
  ] as [string, string][]) {
    if (text.length > MAX_SKILL_FILE_CHARS)
      out.push(
        diag(
          "FS024",
          { guard: null, file: what, line: 1 },
          `${text.length} characters; the limit is ${MAX_SKILL_FILE_CHARS}`,
        ),
      );
    for (const bad of nonAscii(text, 1, 1))
      out.push(
        diag(
          "FS025",
          { guard: null, file: what, line: bad.line, column: bad.column },
          `non-ASCII character ${bad.shown}`,
        ),
      );
  }
  checkLinks(s, s.text, file, out);
  if (!name || !plugin || !description || !Array.isArray(guards)) return null;
  return {
    name: s.name,
    plugin,
    description: description.replace(/\s+/g, " ").trim(),
    summary: clip(description.split("TRIGGER:")[0]!, SUMMARY_CHARS),
    verified_on: verified,
    guards: (guards as string[]).slice(),
    scripts,
    references: s.references.map((r) => r.name).sort(),
    text: s.text,
    reference_texts: Object.fromEntries(
      [...s.references].sort((a, b) => (a.name < b.name ? -1 : 1)).map((r) => [r.name, r.text]),
    ),
    file,
    guardsLine: lineOfKey(fmText.yaml, "guards"),
  };
}

/** Cross-checks skills against guard owners (FS022); a guard in `unmodelled` has its own errors already. */
export function crossCheckSkills(
  skills: readonly SkillModel[],
  owners: ReadonlyMap<string, { skill: string; file: string }>,
  out: Diagnostic[],
  unmodelled: ReadonlySet<string> = new Set(),
): void {
  for (const s of skills) {
    for (const g of s.guards) {
      const owner = owners.get(g);
      if (!owner && unmodelled.has(g)) continue;
      if (!owner)
        out.push(
          diag(
            "FS022",
            { guard: null, file: s.file, line: s.guardsLine },
            `skill '${s.name}' lists guard '${g}', which does not exist`,
          ),
        );
      else if (owner.skill !== s.name)
        out.push(
          diag(
            "FS022",
            { guard: null, file: s.file, line: s.guardsLine },
            `skill '${s.name}' lists guard '${g}', whose owning skill is '${owner.skill}'`,
          ),
        );
    }
  }
  const byName = new Map(skills.map((s) => [s.name, s]));
  for (const [guard, owner] of owners) {
    const s = byName.get(owner.skill);
    if (s && !s.guards.includes(guard))
      out.push(
        diag(
          "FS022",
          { guard: null, file: s.file, line: s.guardsLine },
          `skill '${s.name}' owns guard '${guard}' but does not list it in 'guards'`,
        ),
      );
  }
}

/** The MiniSearch index over the skills, serialized (the runtime loads it with the same options). */
export function searchIndex(skills: readonly SkillModel[]): unknown {
  const ms = new MiniSearch({
    ...SEARCH_INDEX,
    fields: [...SEARCH_INDEX.fields],
    storeFields: [...SEARCH_INDEX.storeFields],
  });
  ms.addAll(skills.map((s) => ({ name: s.name, summary: s.description, text: s.text })));
  return JSON.parse(JSON.stringify(ms));
}
