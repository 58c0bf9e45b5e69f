// Every contract section cited in the repository ("§4.2", "docs/contract.md §5.4-§5.5") is a
// numbered heading of docs/contract.md, so a citation never points at a section that is not there.
import { describe, expect, it } from "vitest";
import { readRepoFile, repoFiles } from "../helpers/repo_files.js";

/** Section numbers of docs/contract.md's headings: "## 4. The call contract" is 4, "### 4.2 ..." is 4.2. */
function contractSections(text: string): Set<string> {
  const numbers = [...text.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)].map((m) => m[1]!);
  return new Set(numbers);
}

/** Every "§n" or "§n.m" in a text, with its line. */
function citations(text: string): { line: number; section: string }[] {
  return text
    .split("\n")
    .flatMap((t, i) => [...t.matchAll(/§\s?(\d+(?:\.\d+)*)/g)].map((m) => ({ line: i + 1, section: m[1]! })));
}

describe("contract citations", () => {
  const sections = contractSections(readRepoFile("docs/contract.md"));
  it("reads the contract's numbered sections", () => {
    expect(sections.has("4")).toBe(true);
    expect(sections.has("4.2")).toBe(true);
  });
  it("cites only sections docs/contract.md has", () => {
    const files = repoFiles().filter((f) => !f.startsWith("generated/") && f !== "docs/contract.md");
    const cited = files.flatMap((f) => citations(readRepoFile(f)).map((c) => ({ ...c, file: f })));
    expect(cited.length).toBeGreaterThan(20);
    expect(cited.filter((c) => !sections.has(c.section)).map((c) => `${c.file}:${c.line} §${c.section}`)).toEqual([]);
  });
  it("parses headings and citations as written", () => {
    expect([...contractSections("## 5. Catalogue tools\n### 5.4 `list_guards`\n#### 5.4.1 x\n")]).toEqual([
      "5",
      "5.4",
      "5.4.1",
    ]);
    expect(citations("see §5.4-§5.5\nand § 3")).toEqual([
      { line: 1, section: "5.4" },
      { line: 1, section: "5.5" },
      { line: 2, section: "3" },
    ]);
  });
});
