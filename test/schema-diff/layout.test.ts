// The committed generated files are the ones a diff shows: git's list of them is scripts/gen/committed.ts's,
// none has a line over MAX_LINE characters, and every other file gen writes is ignored by git.
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMITTED } from "../../scripts/gen/committed.js";
import { longLines, relayoutConstExports, wrapLongTsLines } from "../../scripts/gen/emit/layout.js";
import { chunks, tsLiteral } from "../../scripts/gen/emit/ts_literal.js";
import { packedJson } from "../../scripts/gen/emit/packed_json.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const GEN = path.join(ROOT, "generated");
const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" });
const lines = (out: string) => out.split("\n").filter(Boolean).sort();
const committed = lines(git("ls-files", "--", "generated"));
/** Every committed file gen writes: generated/'s, and the one page it renders outside it (scripts/gen.ts). */
const committedOutputs = [...committed, ...lines(git("ls-files", "--", "docs/diagnostics.md"))];
const onDisk = readdirSync(GEN, { recursive: true, withFileTypes: true })
  .filter((d) => d.isFile())
  .map((d) => path.relative(ROOT, path.join(d.parentPath, d.name)).split(path.sep).join("/"));
const buildOutputs = onDisk.filter((f) => !committed.includes(f)).sort();

describe("committed generated files", () => {
  it("are exactly the review surface that scripts/gen/committed.ts names", () => {
    expect(committed).toEqual(COMMITTED.map((f) => `generated/${f}`).sort());
  });

  it("include the diagnostics page", () => {
    expect(committedOutputs).toContain("docs/diagnostics.md");
  });

  it.each(committedOutputs)("%s has no line over the limit", (f) => {
    expect(longLines(readFileSync(path.join(ROOT, f), "utf8"))).toEqual([]);
  });

  it("leave every other file gen wrote to git's ignore list (and none of the committed ones)", () => {
    expect(buildOutputs.length).toBeGreaterThan(0);
    const ignored = (files: string[]) =>
      lines(spawnSync("git", ["check-ignore", "--no-index", "--", ...files], { cwd: ROOT, encoding: "utf8" }).stdout);
    expect(ignored(buildOutputs)).toEqual(buildOutputs);
    expect(ignored(committed)).toEqual([]);
  });
});

describe("generated layout", () => {
  it("splits a long string into pieces that join back to it", () => {
    const s = `${"word ".repeat(60)}end`;
    expect(chunks(s).join("")).toBe(s);
    expect(Math.max(...chunks(s).map((c) => c.length))).toBeLessThanOrEqual(100);
    expect(chunks("x".repeat(250)).map((c) => c.length)).toEqual([100, 100, 50]);
  });

  it("relays a one-line const export out without changing its value", () => {
    const value = [{ name: "t", description: "d ".repeat(120), n: 1, ok: true, none: null, list: [] }];
    const src = `export const t = ${JSON.stringify(value)} as const satisfies readonly object[];`;
    const out = relayoutConstExports(src);
    expect(longLines(out)).toEqual([]);
    const literal = out.replace(/^export const t = /, "").replace(/ as const satisfies readonly object\[\];$/, "");
    expect(new Function(`return ${literal};`)()).toEqual(value);
    expect(tsLiteral({})).toBe("{}");
  });

  it("wraps a long JSDoc line and a long union alias", () => {
    const src =
      `/**\n * ${"a ".repeat(150)}\n */\nexport type N = ` +
      `${Array.from({ length: 40 }, (_, i) => `"tool_${i}"`).join(" | ")};`;
    const out = wrapLongTsLines(src);
    expect(longLines(out)).toEqual([]);
    expect(out).toContain('export type N =\n  | "tool_0"\n  | "tool_1"');
    expect(out.match(/\ba\b/g)?.length).toBe(150);
  });
});

describe(".gitattributes", () => {
  it("shows the committed generated files in diffs (none is marked generated)", () => {
    const out = git("check-attr", "linguist-generated", "--", ...committed);
    expect(lines(out).map((l) => l.split(": ").at(-1))).toEqual(committed.map(() => "unspecified"));
  });
});

describe("packedJson", () => {
  it("keeps short values on one line, spreads long ones, and parses back to the same value", () => {
    const value = { a: [1, 2, 3], b: { long: Array.from({ length: 40 }, (_, i) => `term${i}`) }, c: null, d: "x" };
    const text = packedJson(value);
    expect(JSON.parse(text)).toEqual(value);
    expect(text.split("\n")[1]).toBe('  "a": [1,2,3],');
    expect(longLines(text)).toEqual([]);
  });
});
