// gen --check's bounded diff of a stale file.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spanHunk, staleDiff } from "../../scripts/gen/stale_diff.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "fin-skills-stale-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));

describe("staleDiff", () => {
  it("shows the changed line with its context as a unified hunk", () => {
    writeFileSync(path.join(dir, "a.json"), `${lines(10, (i) => `line ${i}`).join("\n")}\n`);
    const expected = `${lines(10, (i) => (i === 5 ? "line five" : `line ${i}`)).join("\n")}\n`;
    expect(staleDiff(dir, "a.json", expected)).toEqual([
      "--- generated/a.json (on disk)",
      "+++ generated/a.json (npm run gen)",
      "@@ -4,5 +4,5 @@ line 2",
      " line 3",
      " line 4",
      "-line 5",
      "+line five",
      " line 6",
      " line 7",
    ]);
  });

  it("stops after the bound and says how many diff lines it left out", () => {
    writeFileSync(path.join(dir, "b.txt"), `${lines(50, (i) => `old ${i}`).join("\n")}\n`);
    const out = staleDiff(dir, "b.txt", `${lines(50, (i) => `new ${i}`).join("\n")}\n`, 5);
    expect(out).toHaveLength(2 + 5 + 1);
    expect(out.at(-1)).toBe("... 96 more diff lines");
  });

  it("without git, one hunk spans the first to the last changed line", () => {
    expect(spanHunk(["a", "b", "c", "d"], ["a", "B", "c", "D"])).toEqual([
      "@@ -2,3 +2,3 @@",
      "-b",
      "-c",
      "-d",
      "+B",
      "+c",
      "+D",
    ]);
  });
});
