// `gen --derived` (npm ci's prepare) writes the build outputs and leaves the committed files as they
// are, so gen:check still catches a committed file that is stale against the sources.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { COMMITTED } from "../../scripts/gen/committed.js";
import { checkGenerated, writeGenerated } from "../../scripts/gen/write.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function outDir(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "fin-skills-derived-"));
  dirs.push(root);
  const out = path.join(root, "generated");
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
    writeFileSync(path.join(out, rel), text);
  }
  return out;
}

const read = (out: string, rel: string) => readFileSync(path.join(out, rel), "utf8");
const stale = Object.fromEntries(COMMITTED.map((f) => [f, `checked out ${f}\n`]));
const fresh = new Map<string, string>([
  ...COMMITTED.map((f): [string, string] => [f, `from the sources ${f}\n`]),
  ["tools.json", "fresh tools\n"],
  ["exports/mcp.json", "fresh mcp\n"],
]);

describe("writeGenerated with derivedOnly", () => {
  it("writes the build outputs, keeps the committed files and other files, and gen:check still sees them", () => {
    const out = outDir({ ...stale, "tools.json": "old tools\n", "stray.txt": "x\n" });
    writeGenerated(out, fresh, true);
    expect(read(out, "tools.json")).toBe("fresh tools\n");
    expect(read(out, "exports/mcp.json")).toBe("fresh mcp\n");
    for (const f of COMMITTED) expect(read(out, f)).toBe(`checked out ${f}\n`);
    expect(checkGenerated(out, fresh)).toEqual({ stale: [...COMMITTED], missing: [], orphaned: ["stray.txt"] });
  });

  it("does not create a committed file that is missing (gen:check reports it instead)", () => {
    const out = outDir({ "tools.json": "old tools\n" });
    writeGenerated(out, fresh, true);
    expect(checkGenerated(out, fresh)).toEqual({ stale: [], missing: [...COMMITTED], orphaned: [] });
  });

  it("a full write replaces everything and drops the stray file", () => {
    const out = outDir({ ...stale, "stray.txt": "x\n" });
    writeGenerated(out, fresh);
    for (const f of COMMITTED) expect(read(out, f)).toBe(`from the sources ${f}\n`);
    expect(checkGenerated(out, fresh)).toEqual({ stale: [], missing: [], orphaned: [] });
  });
});
