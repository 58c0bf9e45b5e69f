// The README's fenced code blocks, read from the file (never copied into a test).
import { readFileSync } from "node:fs";
import path from "node:path";

export interface FencedBlock {
  /** The info string's first word: `ts`, `sh`, `yaml`, or "" for none. */
  readonly lang: string;
  readonly text: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
}

/** Every fenced block of a Markdown text, in order. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith("```"));
    if (end < 0) throw new Error(`README.md:${i + 1}: unclosed code fence`);
    blocks.push({ lang: open[1]!, text: lines.slice(i + 1, end).join("\n"), line: i + 1 });
    i = end;
  }
  return blocks;
}

export function readmeBlocks(root: string, lang: string): FencedBlock[] {
  return fencedBlocks(readFileSync(path.join(root, "README.md"), "utf8")).filter((b) => b.lang === lang);
}
