// The skills library (issue: skills): every owning skill exists, bodies are substantive and
// end with dated sources, descriptions route with TRIGGER and SKIP lists.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const index = JSON.parse(readFileSync(path.join(ROOT, "generated/skills.json"), "utf8")).skills as any[];
const guards = JSON.parse(readFileSync(path.join(ROOT, "generated/guards.json"), "utf8")).guards as any[];
const PROJECT_SKILLS = ["fin-skills-as-tools", "finance-mcp-servers", "finance-agent-architectures"];

const body = (text: string) => text.replace(/^---\n[\s\S]*?\n---\n/, "");
const words = (text: string) =>
  body(text)
    .replace(/```[\s\S]*?```/g, " ")
    .split(/\s+/)
    .filter((w) => /[A-Za-z]/.test(w)).length;

describe("skills library", () => {
  it("has one skill per owning skill plus the three project skills, and nothing else", () => {
    const expected = new Set([...guards.map((g) => g.skill), ...PROJECT_SKILLS]);
    expect(new Set(index.map((s) => s.name))).toEqual(expected);
  });
  for (const s of index) {
    describe(s.name, () => {
      it("routes with TRIGGER and SKIP lists and a verification date", () => {
        expect(s.description).toContain("TRIGGER:");
        expect(s.description).toContain("SKIP:");
        expect(s.verified_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      });
      it("has at least 400 words of prose outside code blocks", () => {
        expect(words(s.text)).toBeGreaterThanOrEqual(400);
      });
      it("ends with a Sources section whose entries carry dates and confidence", () => {
        const m = /\n## Sources\s*\n([\s\S]*)$/.exec(s.text);
        expect(m, "a final ## Sources section").not.toBeNull();
        const entries = m![1]!.split(/\n(?=\s*[-*] )/).filter((e) => /^\s*[-*] /.test(e));
        expect(entries.length).toBeGreaterThan(0);
        for (const e of entries) expect(e, e).toMatch(/verified|secondhand|unverified|derived/);
        // An undated entry is a claim without a document, and must say it is not primary-checked.
        for (const e of entries.filter((x) => !/\b(19|20)\d{2}\b/.test(x)))
          expect(e, e).toMatch(/secondhand|unverified|derivation|derived/);
        expect(entries.filter((e) => /\b(19|20)\d{2}\b/.test(e)).length / entries.length).toBeGreaterThanOrEqual(0.5);
      });
      it("names each guard it owns with how to call it", () => {
        for (const g of s.guards) {
          const info = guards.find((x) => x.guard === g);
          expect(s.text).toContain(info.tool ?? `runGuard('${g}'`);
        }
      });
    });
  }
});
