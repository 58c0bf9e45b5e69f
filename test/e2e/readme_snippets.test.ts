// Every TypeScript block of README.md type-checks as written against the package's own types: each
// block is compiled as a module inside the repository, where `import ... from "fin-skills"` resolves
// through package.json's exports to the built declarations in dist/ (as it does for an installer).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readmeBlocks } from "../helpers/readme.js";
import { ROOT, typeErrors } from "../helpers/type_check.js";

const blocks = readmeBlocks(ROOT, "ts");

describe("README TypeScript snippets", () => {
  it("the README has TypeScript blocks, and each imports the package by its name", () => {
    expect(blocks.length).toBeGreaterThan(0);
    for (const b of blocks) expect(b.text).toContain('from "fin-skills"');
  });

  it("every block type-checks with no error; a copy reading an evidence key no guard writes does not", () => {
    const first = blocks[0]!;
    expect(first.text).toContain("breakeven_bps");
    const wrong = path.join(ROOT, "test", "e2e", "__readme_wrong_key.ts");
    const files = new Map(blocks.map((b) => [path.join(ROOT, "test", "e2e", `__readme_line_${b.line}.ts`), b.text]));
    files.set(wrong, first.text.replace("breakeven_bps", "breakeven_bp"));
    const errors = typeErrors(files);
    const [bad, good] = [
      errors.filter((e) => e.startsWith(path.relative(ROOT, wrong))),
      errors.filter((e) => !e.startsWith(path.relative(ROOT, wrong))),
    ];
    expect(good).toEqual([]);
    expect(bad.join("\n")).toContain("Property 'breakeven_bp' does not exist");
  });
});
