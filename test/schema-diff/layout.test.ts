// The committed generated files a diff shows: no code or report line over MAX_LINE characters; in
// JSON the only longer lines are single strings (JSON cannot wrap a string).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { longLines, MAX_LINE, relayoutConstExports, wrapLongTsLines } from "../../scripts/gen/emit/layout.js";
import { chunks, tsLiteral } from "../../scripts/gen/emit/ts_literal.js";
import { packedJson } from "../../scripts/gen/emit/packed_json.js";

const GEN = path.resolve(import.meta.dirname, "../../generated");
const files = readdirSync(GEN, { recursive: true, withFileTypes: true })
  .filter((d) => d.isFile())
  .map((d) => path.relative(GEN, path.join(d.parentPath, d.name)));
const ONE_STRING = /^\s*("[^"]*": )?"(?:[^"\\]|\\.)*",?$/;

describe("generated layout", () => {
  it.each(files.filter((f) => !f.endsWith(".json")))("%s has no line over the limit", (f) => {
    expect(longLines(readFileSync(path.join(GEN, f), "utf8"))).toEqual([]);
  });

  it.each(files.filter((f) => f.endsWith(".json")))("%s: every long line is one string", (f) => {
    const text = readFileSync(path.join(GEN, f), "utf8").split("\n");
    const bad = text.filter((l) => l.length > MAX_LINE && !ONE_STRING.test(l));
    expect(bad).toEqual([]);
  });

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
  const attr = (file: string) =>
    execFileSync("git", ["check-attr", "linguist-generated", "--", file], { cwd: GEN, encoding: "utf8" })
      .trim()
      .split(": ")
      .at(-1);

  it("shows the API report and the tool table in diffs and collapses the bulky copies", () => {
    expect([attr("tools.api.md"), attr("tools.json"), attr("types.ts")]).toEqual([
      "unspecified",
      "unspecified",
      "unspecified",
    ]);
    expect([attr("validators.js"), attr("exports.check.ts"), attr("exports/mcp.json")]).toEqual([
      "true",
      "true",
      "true",
    ]);
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
