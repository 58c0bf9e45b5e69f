// The line-length rule of docs/architecture.md ("Line length"): no line over 120 characters,
// except where the format cannot break a line without changing what it says.
import { describe, expect, it } from "vitest";
import { readRepoFile, repoFiles } from "../helpers/repo_files.js";

const MAX_COLUMNS = 120;

/** Whole trees that are output or recorded data, not source: the compiler's output and its goldens, data. */
const EXEMPT_TREES = ["generated/", "test/fixtures/", "data/"];

/** A JSON string cannot be broken across lines, so JSON files (manifests, data) are exempt. */
const exemptFile = (file: string) => EXEMPT_TREES.some((t) => file.startsWith(t)) || file.endsWith(".json");

/**
 * Markdown lines a writer cannot wrap: table rows (a GFM row is one line), lines inside fenced code
 * blocks (verbatim program output and JSON), and lines whose over-long part is one URL.
 */
function wrappableMarkdownLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fenced = false;
  text.split("\n").forEach((t, i) => {
    if (/^\s*(```|~~~)/.test(t)) {
      fenced = !fenced;
      return;
    }
    if (fenced || /^\s*\|/.test(t)) return;
    if (t.replace(/\S*https?:\/\/\S+/g, "").length > MAX_COLUMNS) out.push({ line: i + 1, text: t });
  });
  return out;
}

function longLines(file: string): string[] {
  const text = readRepoFile(file);
  const lines = file.endsWith(".md")
    ? wrappableMarkdownLines(text)
    : text.split("\n").flatMap((t, i) => (t.length > MAX_COLUMNS ? [{ line: i + 1, text: t }] : []));
  return lines.filter((l) => l.text.length > MAX_COLUMNS).map((l) => `${file}:${l.line} (${l.text.length} columns)`);
}

describe("line length", () => {
  it(`keeps every source and prose line within ${MAX_COLUMNS} columns`, () => {
    const files = repoFiles().filter((f) => !exemptFile(f));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(longLines)).toEqual([]);
  });
  it("exempts exactly table rows, fenced blocks and URLs in Markdown", () => {
    const long = "x".repeat(MAX_COLUMNS + 1);
    const url = `see https://example.com/${"a".repeat(MAX_COLUMNS)}`;
    const doc = [`| ${long} |`, "```", long, "```", url, long, "short"].join("\n");
    expect(wrappableMarkdownLines(doc)).toEqual([{ line: 6, text: long }]);
  });
});
