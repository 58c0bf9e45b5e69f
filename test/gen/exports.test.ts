// The export formats, exact renames of the portable table, strict mode.
import { describe, expect, it } from "vitest";
import { FORMATS, portableTool } from "../../scripts/gen/emit/formats.js";
import { hasFreeForm } from "../../scripts/gen/emit/strict.js";
import { manifest, readJson, tools } from "./generated.js";
import { OPENAI_STRICT_KEYWORDS } from "../helpers/openai_strict.js";

const load = (f: string) => (f === "neutral" ? tools() : readJson<any[]>(`exports/${f}.json`));
const KEYS: Record<string, string[]> = {
  anthropic: ["name", "description", "input_schema"],
  openai: ["type", "name", "description", "parameters", "strict"],
  "openai-chat": ["type", "function"],
  mcp: ["name", "title", "description", "inputSchema", "annotations"],
};
const STRICT_KEYWORDS = OPENAI_STRICT_KEYWORDS;

function strictProblems(s: any, path = ""): string[] {
  if (Array.isArray(s)) return s.flatMap((x, i) => strictProblems(x, `${path}/${i}`));
  if (!s || typeof s !== "object") return [];
  const out: string[] = [];
  const isMap = path.endsWith("/properties") || path.endsWith("/$defs");
  if (!isMap) {
    for (const k of Object.keys(s)) if (!STRICT_KEYWORDS.has(k)) out.push(`${path}: keyword ${k}`);
    if (Array.isArray(s.type)) out.push(`${path}: type array`);
    if (s.type === "object") {
      if (s.additionalProperties !== false) out.push(`${path}: open object`);
      if (JSON.stringify([...(s.required ?? [])].sort()) !== JSON.stringify(Object.keys(s.properties ?? {}).sort()))
        out.push(`${path}: not all required`);
    }
    if (s.$ref && Object.keys(s).length > 1) out.push(`${path}: $ref sibling`);
  }
  for (const [k, v] of Object.entries(s)) if (typeof v === "object") out.push(...strictProblems(v, `${path}/${k}`));
  return out;
}

describe("export formats", () => {
  it("every format has one entry per tool; each is an exact rename of the portable table", () => {
    // The compact descriptions are checked on their own below; every format carries the same one.
    const anthropic = load("anthropic");
    const neutral = tools().map((t: any, i: number) => ({ ...portableTool(t), description: anthropic[i].description }));
    for (const f of FORMATS) {
      const entries = load(f);
      expect(entries.length, f).toBe(neutral.length);
      if (f === "neutral") continue;
      expect(JSON.parse(JSON.stringify(entries))).toEqual(entries);
      entries.forEach((e: any, i: number) => {
        const t = neutral[i]!;
        if (KEYS[f]) expect(Object.keys(e), f).toEqual(KEYS[f]);
        if (f === "anthropic")
          expect(e).toEqual({ name: t.name, description: t.description, input_schema: t.input_schema });
        if (f === "openai")
          expect(e).toEqual({
            type: "function",
            name: t.name,
            description: t.description,
            parameters: t.input_schema,
            strict: false,
          });
        if (f === "openai-chat")
          expect(e).toEqual({
            type: "function",
            function: { name: t.name, description: t.description, parameters: t.input_schema },
          });
        if (f === "mcp")
          expect(e).toEqual({
            name: t.name,
            title: t.title,
            description: t.description,
            inputSchema: t.input_schema,
            annotations: t.annotations,
          });
        if (f === "openai-strict" || f === "gemini") expect(e.name).toBe(t.name);
      });
    }
  });
  it("a guard's compact description is its summary, the alternatives, the skill and the payload sentence", () => {
    const guards = readJson<{ guards: any[] }>("guards.json").guards;
    const table = tools();
    const anthropic = load("anthropic");
    for (const g of guards.filter((x) => x.tool)) {
      const i = table.findIndex((t: any) => t.name === g.tool);
      const d: string = anthropic[i].description;
      expect(table[i].description.startsWith(g.summary), g.tool).toBe(true);
      expect(d.startsWith(`${g.summary} `), g.tool).toBe(true);
      const rest = d.slice(g.summary.length + 1);
      expect(rest, g.tool).toMatch(
        new RegExp(`^(Required: [^.]+\\. )?(In-process only: [^.]+\\. )?Skill: ${g.skill}\\.`),
      );
      expect(d, g.tool).not.toContain("Limits:");
      expect(table[i].description, g.tool).toContain("Limits:");
    }
  });
  it("openai-strict: strict entries pass the strict lint; the others are exactly the free-form tools", () => {
    const strict = load("openai-strict");
    const openai = load("openai");
    strict.forEach((e: any, i: number) => {
      if (e.strict) expect(strictProblems(e.parameters), e.name).toEqual([]);
      else {
        expect(e).toEqual(openai[i]);
        expect(hasFreeForm(tools()[i]!.input_schema), e.name).toBe(true);
      }
    });
    expect(strict.filter((e: any) => e.strict).length).toBe(manifest().counts.strict_tools);
    const backtest = strict.find((e: any) => e.name === "check_backtest");
    expect(backtest.strict).toBe(false);
  });
});
